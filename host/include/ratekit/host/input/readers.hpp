// Input formats. Each reader appends one file to a dataset; errors name file,
// line and column. Readers make one pass and allocate nothing per row beyond
// the growth of the output arrays.
#pragma once

#include <ratekit/host/input/dataset.hpp>

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace ratekit {

// Format-specific options from the config's `input:` map (all optional).
struct reader_options {
  std::string encoding;  // "" (auto: UTF-8, else ISO-8859-1 is converted), "utf-8", "latin1"
};

using reader_fn = void (*)(const std::filesystem::path& file, const reader_options& options, dataset& out);

struct reader_entry {
  const char* format;   // `input.format` value
  const char* summary;  // one line for docs and errors
  reader_fn read;
  // Adds games in file order and sets no player facts (birth year, rating), so
  // the engine may rate them while the rest of the file is read.
  bool streams = false;
};

// Every format the host can read.
const std::vector<reader_entry>& readers();
const reader_entry* find_reader(std::string_view format);

// The built-in readers.
void read_egd(const std::filesystem::path& file, const reader_options& options, dataset& out);
void read_games_csv(const std::filesystem::path& file, const reader_options& options, dataset& out);
void read_nfl_csv(const std::filesystem::path& file, const reader_options& options, dataset& out);
void read_standings_csv(const std::filesystem::path& file, const reader_options& options, dataset& out);
void read_codeforces_standings(const std::filesystem::path& file, const reader_options& options, dataset& out);
void read_trf(const std::filesystem::path& file, const reader_options& options, dataset& out);

}  // namespace ratekit
