// Stage input. In: result files (CSV, TRF, EGD, standings) and ratings lists.
// Out: a dataset (dense player ids, rk_game arrays with their facts, ranked events).
//
// Input formats. Each reader appends one file to a dataset; errors name file,
// line and column. Readers make one pass and allocate nothing per row beyond
// the growth of the output arrays.
#pragma once

#include <ratekit/host/input/dataset.hpp>

#include <array>
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ratekit {

// How a reader with named columns reads its dates (`input.date_format`).
enum class date_layout : uint8_t { iso, us, dotted_ymd, dotted_dmy, slashed_dmy, iso_datetime };

// Format-specific options from the config's `input:` map (all optional).
struct reader_options {
  std::string encoding;  // "" (auto: UTF-8, else ISO-8859-1 is converted), "utf-8", "latin1"
  // Readers with named columns (reader_entry::columns): (reader's column, file's header) pairs;
  // with any, the file's other columns are ignored.
  std::vector<std::pair<std::string, std::string>> columns;
  date_layout dates = date_layout::iso;
  // games-csv: score_a values that are no result (`*`, a forfeit), whose rows are counted, not rated.
  std::vector<std::string> skip_results;
  int8_t home_side = 0;   // without a home column: +1 A, -1 B at home in every game not neutral
  // `sort: date`: the input's games are rated in the order of their dates (a stable sort), not
  // the order read; readers then keep each game's declared ratings (dataset::seeds).
  bool sort_by_date = false;
};

using reader_fn = void (*)(const std::filesystem::path& file, const reader_options& options, dataset& out);

struct reader_entry {
  const char* format;   // `input.format` value
  const char* summary;  // one line for docs and errors
  // Adds games, or closes ranked events, in file order, each player's facts
  // (birth year, declared rating) set before his first game, so the engine may
  // rate them while the rest of the input is read.
  reader_fn read;
  // The columns `input.columns` may map (and that take `date_format`, `home_side`); empty: none.
  std::span<const std::string_view> columns = {};
};

// Every format the host can read.
const std::vector<reader_entry>& readers();
const reader_entry* find_reader(std::string_view format);

// The columns of games-csv and team-csv, in their headers' words.
extern const std::array<std::string_view, 17> games_csv_columns;
extern const std::array<std::string_view, 6> team_csv_columns;

// The built-in readers.
void read_egd(const std::filesystem::path& file, const reader_options& options, dataset& out);
void read_games_csv(const std::filesystem::path& file, const reader_options& options, dataset& out);
void read_nfl_csv(const std::filesystem::path& file, const reader_options& options, dataset& out);
void read_team_csv(const std::filesystem::path& file, const reader_options& options, dataset& out);
void read_standings_csv(const std::filesystem::path& file, const reader_options& options, dataset& out);
void read_codeforces_standings(const std::filesystem::path& file, const reader_options& options, dataset& out);
void read_trf(const std::filesystem::path& file, const reader_options& options, dataset& out);

}  // namespace ratekit
