// Ratings lists: what `ratekit run` writes as ratings.csv and reads back
// through `initial: { ratings: path }`, so a federation rates period after period.
#pragma once

#include <ratekit/host/input/dataset.hpp>

#include <filesystem>
#include <string>
#include <vector>

namespace ratekit {

// A previous list: players (added to `players` with their facts) and their
// values by column name. Missing values are NaN.
struct ratings_list {
  std::vector<std::string> columns;       // numeric columns after `player`
  std::vector<int32_t> ids;               // player id of each row
  std::vector<std::vector<double>> values;  // [row][column]

  // Column index of `name`, -1 when absent.
  int column(const std::string& name) const;
};

ratings_list read_ratings_list(const std::filesystem::path& file, player_table& players);

}  // namespace ratekit
