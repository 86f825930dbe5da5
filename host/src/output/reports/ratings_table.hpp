// ratings.csv read back from a run's output folder, for the reports drawn from it.
#pragma once

#include <algorithm>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace ratekit {

// ratings.csv as written: header and cells, sorted by rating already.
struct ratings_file {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
  std::vector<double> rating;
  int column(std::string_view name) const {
    const auto it = std::find(header.begin(), header.end(), name);
    return it == header.end() ? -1 : int(it - header.begin());
  }
};

// A missing file, or one without the header 'player,rating,...', is a
// user_error; malformed rows are user_errors naming file:line:column.
ratings_file read_ratings(const std::filesystem::path& file);

}  // namespace ratekit
