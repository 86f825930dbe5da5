// Rating series of named players from a run's output folder (`ratekit chart`).
#include <ratekit/host/output/reports/chart.hpp>
#include <ratekit/host/text/diagnostics.hpp>

#include "output/reports/ratings_table.hpp"

#include <algorithm>

namespace ratekit {

namespace fs = std::filesystem;

namespace {

// Each player's rating in the run's ratings.csv, at which one without rows in history.csv is drawn; none
// without the file.
std::vector<double> sat_out_ratings(const fs::path& list_file, const std::vector<std::string>& players) {
  if (!fs::is_regular_file(list_file)) return {};
  const ratings_file list = read_ratings(list_file);
  std::vector<std::string> rated;
  for (const auto& row : list.rows) rated.push_back(row[0]);
  std::vector<double> sat_out;
  for (const std::string& player : players) {
    const auto at = std::find(rated.begin(), rated.end(), player);
    if (at == rated.end()) {
      const std::string near = did_you_mean(player, rated);
      throw user_error(list_file.string(), 0, 0,
                       "'" + player + "' is not rated in this run" + (near.empty() ? "" : " (did you mean '" + near + "'?)"));
    }
    sat_out.push_back(list.rating[size_t(at - rated.begin())]);
  }
  return sat_out;
}

}  // namespace

std::vector<rating_series> read_run_series(const fs::path& dir, const std::vector<std::string>& players) {
  std::vector<rating_series> series =
      read_rating_series(dir / "history.csv", players, sat_out_ratings(dir / "ratings.csv", players));
  start_bands(series, read_starting_deviations(dir / "summary.json"));
  return series;
}

}  // namespace ratekit
