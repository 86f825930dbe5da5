// Accuracy of a run's predictions over pairwise games.
#pragma once

#include <ratekit/abi.h>
#include <ratekit/host/dataset.hpp>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <vector>

namespace ratekit {

// The same metrics gathered game by game, so a run need not keep a trace:
// add() every game in order with the ratings it was evaluated on, then finish().
class accuracy_accumulator {
 public:
  void add(const rk_game& g, double before_a, double before_b, double expected_a);
  // Hindsight needs the final ratings: one more pass over the games, the home
  // side (home[i]: +1 A, -1 B, 0 none) getting `hindsight_home` points.
  nlohmann::json finish(const std::vector<rk_game>& games, const double* final_ratings,
                        const std::vector<int8_t>& home, double hindsight_home) const;
  // The same with each game's adv_predict as the hindsight advantage.
  nlohmann::json finish(const std::vector<rk_game>& games, const double* final_ratings) const;

 private:
  nlohmann::json with_hindsight(const std::vector<rk_game>& games, int64_t hindsight_correct) const;
  int64_t correct_ = 0, games_ = 0;
  double log_loss_ = 0, brier_ = 0;
};

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
