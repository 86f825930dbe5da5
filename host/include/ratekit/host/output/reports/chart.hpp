// Rating charts drawn as SVG: one line per player on a date axis (a period
// axis when the input has no dates), the y axis fitted to the ratings, a legend,
// and a band of two deviations where the plugin has one (Glicko's RD).
#pragma once

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ratekit {

// A player's rating at the end of one rating period.
struct rating_point {
  int32_t date = 0;    // yyyymmdd of the period's last game; 0 when unknown
  double rating = 0;
  double spread = NAN; // a deviation (RD) when the plugin keeps one: drawn as rating +- 2 spread
};

struct rating_series {
  std::string player;
  std::vector<rating_point> points;  // [0] the rating before the first period, then one per period
  std::string spread_name = "RD";    // the state field the spreads come from: "RD", or "sigma" (TrueSkill)
  std::vector<double> ratings() const;
};

// Area under a series by the trapezoid rule, one unit of x per point: the
// book's way (Langville and Meyer, ch. 5) to compare teams over a season.
double series_area(const std::vector<double>& ratings);

// The series of `players` (in that order) from a history.csv, one point per
// period. A player the file does not name (with the nearest name that it does),
// or a malformed row, is a user_error naming file:line:column.
std::vector<rating_series> read_rating_series(const std::filesystem::path& history_csv,
                                              const std::vector<std::string>& players);

struct chart_options {
  std::string title = "Ratings";
  int width = 960;
  int height = 600;
  bool legend = true;                                // off for small multiples captioned with the name
  bool inline_svg = false;                           // inside HTML: no namespace, so the page names no URL
  std::optional<std::pair<double, double>> x_range = std::nullopt;  // one time axis for several charts (fitted_x_range)
  std::optional<std::pair<double, double>> y_range;  // one scale for several charts (fitted_range)
};

// The x range that holds every point of `series`: days since 1970 when every
// point is dated, else the points' numbers (0 = before the first period).
std::pair<double, double> fitted_x_range(const std::vector<rating_series>& series);

// The y range that holds every point (and band) of `series`, padded and on round ticks.
std::pair<double, double> fitted_range(const std::vector<rating_series>& series);

// A title naming `players` ("NE / PIT / CLE"), or "12 players" when the names
// would run wider than the plot of a chart drawn with `options`.
std::string players_title(const std::vector<std::string>& players, const chart_options& options = {});

std::string render_chart_svg(const std::vector<rating_series>& series, const chart_options& options = {});

}  // namespace ratekit
