// Small helpers shared by the host tests: temporary directories, files and the CLI.
#pragma once

#include <ratekit/host/plugin/plugin.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

namespace ratekit::testing {

// A fresh directory under the system's temp dir, removed with the object.
class temp_dir {
 public:
  temp_dir() {
    std::random_device rd;
    path_ = std::filesystem::temp_directory_path() / ("ratekit-test-" + std::to_string(rd()) + std::to_string(rd()));
    std::filesystem::create_directories(path_);
  }
  ~temp_dir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

 private:
  std::filesystem::path path_;
};

// SQL that turns a rating database back into layout 4, what ratekit wrote
// before layout 5: state fields one row each in period_states, not in ratings.state.
inline constexpr const char* back_to_layout_4 =
    "CREATE TABLE period_states (period_id INTEGER NOT NULL REFERENCES periods(id), player_id INTEGER NOT NULL "
    "REFERENCES players(id), field TEXT NOT NULL, value REAL CHECK (abs(value) < 1e308), "
    "PRIMARY KEY (period_id, player_id, field)) WITHOUT ROWID, STRICT;"
    "INSERT INTO period_states SELECT r.period_id, r.player_id, j.key, j.value FROM ratings r, json_each(r.state) j;"
    "ALTER TABLE ratings DROP COLUMN state; ALTER TABLE entries DROP COLUMN team; DROP TABLE player_records;"
    "PRAGMA user_version = 4;";

inline void write_text(const std::filesystem::path& file, const std::string& content) {
  std::ofstream(file, std::ios::binary) << content;
}

inline std::string read_text(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

struct command_result {
  int status;
  std::string out;  // stdout and stderr together
};

// Runs the ratekit CLI with `args` (a shell-quoted string).
// `shell` runs first in the same shell (a limit to set, say).
inline command_result run_cli(const std::string& args, const std::string& shell = "") {
  const std::string cmd = shell + std::string(RATEKIT_EXE) + " " + args + " 2>&1";
  command_result r{0, {}};
  FILE* pipe = popen(cmd.c_str(), "r");
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, pipe)) > 0) r.out.append(buf, n);
  const int status = pclose(pipe);
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

// The plugins a user gets without flags, loaded once for the whole test binary.
inline const plugin_registry& builtin() {
  static const plugin_registry registry(plugin_registry::search_path({}));
  return registry;
}

inline std::filesystem::path source_path(const std::string& relative) {
  return std::filesystem::path(RATEKIT_SOURCE_DIR) / relative;
}

// A TRF 001 line: start number, name, rating (0: none), birth date, and per
// round (opponent's start number, colour, result); a federation and FIDE id when given.
inline std::string trf_player(int start, const std::string& name, int rating, const std::string& born,
                       const std::vector<std::tuple<int, char, char>>& rounds, const std::string& federation = "",
                       const std::string& fide_id = "") {
  std::string l(91 + 10 * rounds.size(), ' ');
  auto put = [&](int column, const std::string& s) { std::copy(s.begin(), s.end(), l.begin() + (column - 1)); };
  auto right = [&](int last_column, const std::string& s) { put(last_column - int(s.size()) + 1, s); };
  put(1, "001");
  right(8, std::to_string(start));
  put(15, name);
  if (rating > 0) right(52, std::to_string(rating));
  put(70, born);
  put(54, federation);
  put(58, fide_id);
  for (size_t r = 0; r < rounds.size(); ++r) {
    const int at = 92 + 10 * int(r);
    right(at + 3, std::to_string(std::get<0>(rounds[r])));
    put(at + 5, std::string(1, std::get<1>(rounds[r])));
    put(at + 7, std::string(1, std::get<2>(rounds[r])));
  }
  return l + "\n";
}

inline std::string trf_tournament(const std::string& name, const std::string& date, const std::string& players) {
  return "012 " + name + "\n042 " + date + "\n" + players;
}

}  // namespace ratekit::testing
