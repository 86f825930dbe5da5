// The comparison with PlayerRatings' reference files (data/playerratings/,
// written by scripts/playerratings-reference.R): a CSV of players and numbers
// read by column name, and a ratekit run to hold against it.
#pragma once

#include "test_support.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace ratekit::testing {

// player -> column -> value, from a CSV whose first column names the player.
using player_table = std::map<std::string, std::map<std::string, double>>;

inline player_table read_player_table(const std::filesystem::path& file) {
  std::istringstream in(read_text(file));
  std::string line;
  std::getline(in, line);
  std::vector<std::string> header;
  for (std::istringstream cells(line); std::getline(cells, line, ',');) header.push_back(line);
  player_table out;
  while (std::getline(in, line)) {
    std::istringstream cells(line);
    std::string player, cell;
    std::getline(cells, player, ',');
    for (size_t c = 1; c < header.size() && std::getline(cells, cell, ','); ++c)
      if (!cell.empty() && cell.find_first_not_of("0123456789.-+e") == std::string::npos)
        out[player][header[c]] = std::stod(cell);
  }
  return out;
}

// ratings.csv of a run of `config` (the YAML after `competition:`), written beside its inputs in `dir`.
inline player_table run_ratings(const temp_dir& dir, const std::string& config) {
  write_text(dir / "c.yaml", "competition: pr\n" + config + "output: { dir: out }\n");
  const auto r = run_cli("-q run '" + (dir / "c.yaml").string() + "'");
  INFO(r.out);
  REQUIRE(r.status == 0);
  return read_player_table(dir / "out" / "ratings.csv");
}

// The largest difference between ratekit's `ours` and PlayerRatings' column
// `theirs` of the same players (every player of the reference must be rated).
inline double largest_difference(const player_table& reference, const std::string& theirs, const player_table& ours,
                                 const std::string& column) {
  REQUIRE(ours.size() == reference.size());
  double largest = 0;
  for (const auto& [player, row] : reference) {
    INFO(player);
    REQUIRE(ours.count(player) == 1);
    REQUIRE(ours.at(player).count(column) == 1);
    largest = std::max(largest, std::abs(ours.at(player).at(column) - row.at(theirs)));
  }
  return largest;
}

inline std::string data_path(const std::string& file) {
  return "'" + source_path("data/playerratings/" + file).string() + "'";
}

}  // namespace ratekit::testing
