// Accuracy of a run's predictions over pairwise games.
#pragma once

#include <ratekit/abi.h>
#include <ratekit/host/dataset.hpp>

#include <nlohmann/json.hpp>

#include <vector>

namespace ratekit {

struct run_trace {
  std::vector<double> before_a, before_b;  // ratings each game was evaluated on
  std::vector<rk_game_out> out;            // the plugin's per-game outputs
};

// Hindsight (final ratings) and foresight (ratings just before each game)
// accuracy, mean log-loss and Brier score of the foresight probabilities, as
// summary.json's "metrics" object. `games` carry the host's adv_predict.
nlohmann::json accuracy_metrics(const std::vector<rk_game>& games, const run_trace& trace,
                                const double* final_ratings);

}  // namespace ratekit
