// `ratekit tune`: a config's values searched for the lowest score on a
// validation window, rated from the games before it, and the chosen values
// scored on a test window after it that the search never saw.
#pragma once

#include <ratekit/host/evaluate/game_window.hpp>
#include <ratekit/host/evaluate/tune_space.hpp>

#include <functional>
#include <string>
#include <vector>

namespace ratekit {

struct tune_options {
  int32_t validate_from = 0;  // yyyymmdd; 0: the second-to-last fifth of the input's dates
  int32_t test_from = 0;      // yyyymmdd; 0: the last fifth
  bool brier = false;         // the objective: Brier instead of log-loss
  size_t budget = 100;        // the optimiser's evaluations (ranges without a step)
  uint64_t seed = 1;          // of the optimiser
  unsigned threads = 0;       // grid candidates rated at once; 0: one per core
  size_t grid_limit = 100000; // grid points allowed
  // Told after each candidate: how many are rated, of how many (the budget for the optimiser).
  std::function<void(size_t rated, size_t total)> progress;
};

struct tune_point {
  std::vector<double> values;  // in the order of the space
  score_set validation;
};

struct tuning {
  std::vector<tuned_param> space;
  std::string method;                // "grid" or the optimiser's name
  game_window validation, test;      // validation.until is test.from
  std::vector<tune_point> points;    // every candidate rated, in the order rated
  size_t best = 0;                   // the lowest objective among them
  score_set given_validation, given_test, chosen_test;  // the config as given, and with the chosen values
  std::vector<std::string> on_edge;  // the names whose chosen value is an end of its range
  bool stopped = false;              // Ctrl-C: the best so far
  std::string tuned_yaml;            // the config with the chosen values
  tune_options options;
  double objective(const score_set& s) const { return options.brier ? s.brier : s.log_loss; }
};

// Checks `space` against `config` and the windows, all before anything is
// rated; then searches: every point of the grid when every range has a step,
// the optimiser within `budget` evaluations when none has. Stopped (the
// caller's stop flag), it keeps the candidates rated so far. `rows`, when given, are rated in the
// place of the config's input files (a Python frame's games).
tuning tune_config(const competition_config& config, std::vector<tuned_param> space, const plugin_registry& plugins,
                   tune_options options, const input_rows* rows = nullptr);

}  // namespace ratekit
