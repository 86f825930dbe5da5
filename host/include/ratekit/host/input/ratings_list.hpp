// Ratings lists: what `ratekit run` writes as ratings.csv and reads back
// through `initial: { ratings: path }`, so a federation rates period after period.
#pragma once

#include <ratekit/host/input/dataset.hpp>
#include <ratekit/host/input/player_records.hpp>

#include <cmath>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace ratekit {

// A previous list: players (added to `players` with their facts) and their
// values by column name. Missing values are NaN.
struct ratings_list {
  std::vector<std::string> columns;  // numeric columns after `player`
  std::vector<int32_t> ids;          // player id of each row
  std::vector<double> values;        // one block per row, not an allocation per row: [row * columns.size() + column]
  player_records records;            // the plugin's records of its players, read from a history database

  // Column index of `name`, -1 when absent.
  int column(const std::string& name) const;
  // Row `row`'s value in column `c`; NaN when the column is absent (c < 0).
  double value(size_t row, int c) const { return c < 0 ? NAN : values[row * columns.size() + size_t(c)]; }
  double& at(size_t row, size_t c) { return values[row * columns.size() + c]; }
  // A row for `player`, every value missing.
  void add_row(int32_t player) {
    ids.push_back(player);
    values.resize(values.size() + columns.size(), NAN);
  }
  // A column missing from every row so far; its index.
  int add_column(std::string name);
};

// Why `v` cannot be the value of the host's own column `name` in a ratings
// list or a history database, "" when it can (or the column is another's):
// `games` whole and 0 or more, `peak` finite, `last_played` a date yyyymmdd
// (0: never), `last_period` whole and within 2^53, `birth_year` a whole year
// from 1 to 9999. NaN, a missing value, can.
std::string host_value_problem(std::string_view name, double v);

// `known`: the columns the run reads (the model's state fields, the player
// facts), checked against the header when not empty; `model` names it in messages.
ratings_list read_ratings_list(const std::filesystem::path& file, player_table& players,
                               const std::vector<std::string>& known = {}, const std::string& model = "");

}  // namespace ratekit
