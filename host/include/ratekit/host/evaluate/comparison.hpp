// Configs rated on the same games and scored on the same held-out window
// (`ratekit compare`, Python's ratekit.compare): the input read once, the
// configs rated in parallel, two baselines beside them, and every difference
// from the best with a paired bootstrap interval.
#pragma once

#include <ratekit/host/evaluate/bootstrap.hpp>
#include <ratekit/host/evaluate/game_window.hpp>
#include <ratekit/host/store/connection_scope.hpp>

#include <memory>

#include <string>
#include <vector>

namespace ratekit {

struct compare_options {
  int32_t test_from = 0;      // yyyymmdd; 0: the last fifth of the input's dates
  uint64_t seed = 1;          // of the bootstrap's resamplings, and of the sample of ranked events' pairs
  size_t replicates = 1000;   // resamplings of the window's games (of ranked events: its events)
  size_t pair_budget = pair_sampling::default_budget;  // ranked events' pairs scored at most (about)
  unsigned threads = 0;       // configs rated at once; 0: one per core
  std::vector<std::string> names;  // of the configs in the outputs; empty: their files' names
  // Each config's connection strings, kept as it was loaded in a connection_scope of its own, so
  // two configs naming one database with different passwords each connect with their own; empty:
  // the process's (the last string met for each database).
  std::vector<std::shared_ptr<connection_strings>> connections;
};

struct compared_model {
  std::string name;   // the config's, or the baseline's
  std::string model;  // the plugin's id; "baseline" for a baseline
  score_set scores;
  difference log_loss, brier;  // this model's minus the best one's, with their intervals
  window_forecasts forecasts;
};

struct comparison {
  game_window window;
  std::vector<compared_model> models;  // the configs in order, then the baselines
  size_t best = 0;                     // lowest log-loss
  compare_options options;
};

// Refuses, before anything is rated, configs that read other games than the
// first (--input: set every config's input_paths first), a model that does not
// rate the input's kind of games or events, and an empty window.
// `rows`, when given, are the games read in the place of the configs' input files (a Python frame's).
comparison compare_configs(const std::vector<competition_config>& configs, const plugin_registry& plugins,
                           compare_options options, const input_rows* rows = nullptr);

}  // namespace ratekit
