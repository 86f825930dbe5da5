// One self-contained HTML page from a run's output directory, for people to
// read: the ratings list with ranks, changes over the run (from history.csv) and
// categories, a rating chart per player (the top `chart_limit` only), accuracy
// metrics and the config that produced it (from summary.json). CSS and SVG are
// inline; the page loads nothing from anywhere.
#pragma once

#include <ratekit/host/output/reports/chart.hpp>

#include <cstddef>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace ratekit {

inline constexpr size_t html_chart_limit = 20;

// The report's typography and layout (CSS), for pages that look as it does (`ratekit serve`'s).
const char* report_css();

// A history.csv that is not the period engine's: a whole-history run's smoothed estimates (player, rating,
// deviation, one row per player per time he played), whose curves its own reader draws.
struct smoothed_history {
  std::function<std::vector<rating_series>(const std::vector<std::string>& players)> series;
};

// Reads ratings.csv (required), history.csv and summary.json (when present) in
// `dir`; a missing or malformed ratings.csv is a user_error naming file:line:column.
// `smoothed`: the folder is a whole-history run's, its history.csv read as such.
std::string build_html_report(const std::filesystem::path& dir, const smoothed_history* smoothed = nullptr);

}  // namespace ratekit
