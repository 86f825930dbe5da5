// Rating charts drawn as SVG: one line per player on a date axis (a period
// axis when the input has no dates), the y axis fitted to the ratings, a legend,
// and a band of two deviations where the plugin has one (Glicko's RD).
#pragma once
#include <ratekit/host/output/files/starting_deviations.hpp>

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace ratekit {

struct input_text;

// A player's rating after one rating period: drawn at the end of the day of the
// period's last game (anyone's), the line rising or falling from the start of
// the day of its first game. Periods without the player's games between two
// points are drawn as a dashed flat line: no games, no change.
struct rating_point {
  int32_t date = 0;    // yyyymmdd of the period's last game; 0 when unknown
  double rating = 0;
  double spread = NAN; // a deviation (RD) when the plugin keeps one: drawn as rating +- 2 spread
  int32_t start = 0;   // yyyymmdd of the period's first game; 0 when unknown
  int32_t period = 0;  // the period's number in the run from 1; 0 when unknown
  bool played = true;  // false: the player sat the run out, the line to this point flat and dashed
  // A whole-history model's: the variance its skill gains by drift from the point before to this one. The line
  // between them is then straight (the mean between two estimates of a random walk) and the band a Wiener
  // bridge's (bridge_deviation); NaN: drawn as a rating period is.
  double drift = NAN;
};

// The standard deviation of a random walk's value (a Wiener process: a whole-history model's skill) at the
// fraction `at` (0..1) of the way between two estimates of it, of deviations `sd_before` and `sd_after`, the walk
// gaining the variance `drift` between them: a Wiener bridge between the two, whose ends are uncertain and
// correlated as a chain of Gaussian estimates linked by the walk alone makes them (docs/plugins/ttt.md, "bands").
double bridge_deviation(double sd_before, double sd_after, double drift, double at);

struct rating_series {
  std::string player;
  // [0] the rating before the player's first period, drawn at that period's
  // start (its `date` the day of the period's first game, its `period` one
  // before; its spread the deviation he started with, when the source has
  // it), then one per period the player played in.
  std::vector<rating_point> points;
  std::string spread_name = "RD";    // the state field the spreads come from: "RD", or "sigma" (TrueSkill)
  std::vector<double> ratings() const;
};

// Area under a series by the trapezoid rule, one unit of x per point: the
// book's way (Langville and Meyer, ch. 5) to compare teams over a season.
double series_area(const std::vector<double>& ratings);

// Builds the series of some players from rows in the run's order (history.csv's,
// or the games'), whatever the source: each row is one player's rating before and
// after a game of a period; a period's dates are its games', everyone's.
class series_builder {
 public:
  explicit series_builder(std::vector<rating_series> series) : series_(std::move(series)) {}
  // A row on `date` (0: none) that starts a new period when `new_period`; of
  // series `s` when s < size(), else of a player not drawn. `spread_before`:
  // the deviation at the period's start (NaN when unknown), read on the
  // player's first row only.
  void row(bool new_period, int32_t date, size_t s, double before, double after, double spread,
           double spread_before = NAN);
  // The series; one that no row was of, of a player who sat the run out, drawn
  // flat over the whole run at his rating `sat_out[s]` when given.
  std::vector<rating_series> finish(std::span<const double> sat_out = {});

 private:
  void close_period();
  std::vector<rating_series> series_;
  int32_t period_ = 0, first_ = 0, last_ = 0;  // the current period and its first and last game's date
  int32_t run_first_ = 0;                      // the first period's first date
  std::vector<std::pair<size_t, size_t>> open_;  // (series, point) of the current period, dated when it ends
};

// The series of `players` (in that order) from a history.csv, one point per
// period. A player the file does not name is drawn flat at his rating
// `sat_out[i]` when given (he sat the run out), else a user_error naming the
// nearest name that it does; a malformed row is one naming file:line:column.
std::vector<rating_series> read_rating_series(const std::filesystem::path& history_csv,
                                              const std::vector<std::string>& players,
                                              std::span<const double> sat_out = {});
// The same from history.csv's text in memory (a run that kept its outputs in memory), named as the file.
std::vector<rating_series> read_rating_series(const input_text& history_csv, const std::vector<std::string>& players,
                                              std::span<const double> sat_out = {});

// summary.json's `starting_deviation` in `summary_json`; none when the file or the key is missing.
starting_deviations read_starting_deviations(const std::filesystem::path& summary_json);

// Each series whose first point has no deviation but a later one has starts its band at the player's deviation
// in `start`: from the start of his first period, as his line does.
void start_bands(std::vector<rating_series>& series, const starting_deviations& start);

// The series of `players` from a run's output folder `dir`: from its
// history.csv; a player it has no rows of (he sat every period out) drawn flat
// at his rating in ratings.csv. A player ratings.csv does not name is a
// user_error with the nearest name it does. Without ratings.csv, as
// read_rating_series. Bands start at the deviations summary.json gives (start_bands).
std::vector<rating_series> read_run_series(const std::filesystem::path& dir, const std::vector<std::string>& players);

struct chart_options {
  std::string title = "Ratings";
  int width = 960;
  int height = 600;
  bool legend = true;                                // off for small multiples captioned with the name
  bool inline_svg = false;                           // inside HTML: no namespace, so the page names no URL
  std::optional<std::pair<double, double>> x_range = std::nullopt;  // one time axis for several charts (fitted_x_range)
  std::optional<std::pair<double, double>> y_range = std::nullopt;  // one scale for several charts (fitted_range)
  // A marker on every point: for charts shown together, decided once for all of
  // them (dots_fit) so that none is drawn another way; by default dots_fit(series).
  std::optional<bool> dots = std::nullopt;
};

// Whether every series is few enough points for a marker on each to stay apart.
bool dots_fit(const std::vector<rating_series>& series);

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
