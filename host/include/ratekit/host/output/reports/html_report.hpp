// One self-contained HTML page from a run's output directory, for people to
// read: the ratings list with ranks, changes over the run (from history.csv) and
// categories, a rating chart per player (the top `chart_limit` only), accuracy
// metrics and the config that produced it (from summary.json). CSS and SVG are
// inline; the page loads nothing from anywhere.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>

namespace ratekit {

inline constexpr size_t html_chart_limit = 20;

// The report's typography and layout (CSS), for pages that look as it does (`ratekit serve`'s).
const char* report_css();

// Reads ratings.csv (required), history.csv and summary.json (when present) in
// `dir`; a missing or malformed ratings.csv is a user_error naming file:line:column.
std::string build_html_report(const std::filesystem::path& dir);

}  // namespace ratekit
