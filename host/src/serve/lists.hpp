// A competition's rating list as of a date: each player's rating and state
// fields after his last period counted on or before it.
#pragma once

#include "serve/competitions.hpp"

#include <ratekit/host/input/ratings_list.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ratekit::serve {

struct rating_list {
  player_table players;         // with their facts
  ratings_list rows;            // a row per player: the state fields, games, peak (, last_played), last_active
  std::vector<std::string> fields;  // the state fields shown: rating first, then the model's order
  std::vector<size_t> order;    // rows by rating, highest first, equal ratings by name (ratings.csv's order)
  std::vector<int64_t> rank;    // by position in `order`: 1 + the players rated higher
  std::vector<size_t> position;  // by row: its position in `order`
  std::vector<long> row_of_id;   // by player id: his row, -1 for none
  std::string period;           // the last period it counts ("" when none)
  int32_t date = 0;             // that period's date
  std::vector<std::pair<double, std::string>> categories;  // the competition's: (lowest rating, label)

  double value(size_t row, const std::string& column) const { return rows.value(row, rows.column(column)); }
  // The row of `player`, or -1. Safe from many threads at once: the list is built with its names indexed.
  long find(std::string_view player) const;
  int64_t rank_of(size_t row) const { return rank[position[row]]; }
};

// The periods a list as of `date` (yyyymmdd; 0: now) counts: those on or before it, in list order.
size_t periods_counted(const competition& c, int32_t date);

// The list after the first `counted` periods. After all of them, it is the state
// the last run of each player left (ratings.csv's); before, each player's rating
// and state fields after his last period among them, his games in them and the
// highest of their ratings as peak. `model_fields`: the model's state fields in
// its order (none: by name).
rating_list list_of_periods(store::database& db, const competition& c, size_t counted,
                            const std::vector<std::string>& model_fields);

}  // namespace ratekit::serve
