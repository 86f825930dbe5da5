// report.csv, periods.csv and report.md of pairwise games, one period block at
// a time: shared by the report built from a finished run that kept its games
// (build_report) and the one written from the records a report_writer spilled
// while the games were rated. Both hand the blocks over in the same order
// (players by final rating, highest first, ties by name; each player's games in
// order), so the bytes are the same.
#pragma once

#include <ratekit/abi.h>

#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace ratekit {

struct run_result;
struct competition_config;
class model;

// One player's side of one game, as the report shows it.
struct report_side {
  const std::string* opponent;
  double mine, theirs;  // the ratings the game was evaluated on, the player's first
  double expected, score, k, change;
  const double* columns;  // the model's extra columns (report_text::column_count() of them)
};

// The model's extra report columns (RK_EXT_GAME_COLUMNS) of game `g`, the
// run's game number `game` from 0, seen from side A or B (`is_a`), evaluated
// on `mine` and `theirs`; NaN when it fails. An infinite value is the
// plugin's failure, a user_error naming it and the game.
void report_column_values(const model& rater, size_t game, const rk_game& g, bool is_a, double mine, double theirs,
                          double* out);

// The three files' text, appended to: take it away (swap, clear) whenever it suits.
class report_text {
 public:
  // Starts each file with its header; the model's extensions and the final
  // state (for the performance rating) come from `run`, the title and categories from `config`.
  report_text(const run_result& run, const competition_config& config);

  size_t column_count() const { return columns_ ? columns_->count : 0; }
  // With text built on two threads: the model's instance is called under
  // `model_calls`, one call at a time (the ABI's promise to plugins).
  void share_model(std::mutex& model_calls) { model_calls_ = &model_calls; }

  // A new player's heading in report.md.
  void player(const std::string& name);
  // A player's sides [sides, sides + n) of one rating period, `label`, with
  // the rating and the shown state fields (run_result::shown_state) after it.
  void period(const std::string& label, const std::string& name, const report_side* sides, size_t n, double after,
              const double* state);

  std::string csv, periods_csv, markdown;

 private:
  // The player `name`'s performance rating in period `label` (for a message naming them).
  double performance(double mean_opponent, double games, double score, const std::string& name,
                     const std::string& label) const;

  const run_result& r_;
  const std::vector<std::pair<double, std::string>>& categories_;
  const rk_ext_game_columns* columns_;
  std::mutex* model_calls_ = nullptr;
};

}  // namespace ratekit
