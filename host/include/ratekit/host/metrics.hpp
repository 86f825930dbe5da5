// Accuracy of a run's predictions over pairwise games.
#pragma once

#include <ratekit/abi.h>
#include <ratekit/host/dataset.hpp>

#include <nlohmann/json.hpp>

#include <cstdint>
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

// The same, with hindsight predictions made with `hindsight_home` points for the home
// side instead of adv_predict (home[i]: +1 A at home, -1 B at home, 0 none), for the
// book's experiments that predict with H = 0 in hindsight and H > 0 in foresight.
nlohmann::json accuracy_metrics(const std::vector<rk_game>& games, const run_trace& trace,
                                const double* final_ratings, const std::vector<int8_t>& home,
                                double hindsight_home);

}  // namespace ratekit
