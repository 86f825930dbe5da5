// Reports a rating officer reads, per player and period, like a federation's:
//   report.csv   one row per player per game: opponent, their rating, expected
//                score, score, K, change (plus model columns such as EGF's `a`)
//   periods.csv  one row per player per period: games, score, expected, change,
//                new rating, performance rating, category
//   report.md    both, as readable Markdown tables grouped by player
// Ranked events get one row per player per event instead.
#pragma once

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace ratekit {

struct run_result;
struct competition_config;

// The three report files' contents, in the order above.
struct report_files {
  std::string csv, periods_csv, markdown;
};
report_files build_report(const run_result& run, const competition_config& config);

}  // namespace ratekit
