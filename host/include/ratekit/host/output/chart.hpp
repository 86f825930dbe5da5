// Game-by-game rating charts from a run's history.csv, drawn as SVG: one line per
// player or team, and the area under each line, the book's way (Langville and Meyer,
// ch. 5) to compare teams over a whole season.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace ratekit {

struct rating_series {
  std::string player;
  std::vector<double> ratings;  // [0] before the first game, [i] after the player's game i
};

// Area under a series by the trapezoid rule, one unit of x per game.
double series_area(const std::vector<double>& ratings);

// The series of `players` (in that order) from a history.csv; a player the file does
// not name, or a malformed row, is a user_error naming file:line:column.
std::vector<rating_series> read_rating_series(const std::filesystem::path& history_csv,
                                              const std::vector<std::string>& players);

struct chart_options {
  std::string title = "Game-by-game ratings";
  int width = 960;
  int height = 600;
};

// An SVG line chart: axes with tick labels, a zero line, one polyline per series over a
// faint fill down to 0, and a legend giving each series' final rating and area.
std::string render_chart_svg(const std::vector<rating_series>& series, const chart_options& options = {});

}  // namespace ratekit
