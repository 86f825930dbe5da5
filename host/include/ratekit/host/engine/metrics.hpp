// Accuracy of a run's predictions over pairwise games.
#pragma once

#include <ratekit/abi.h>
#include <ratekit/host/input/dataset.hpp>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <memory>
#include <vector>

namespace ratekit {

// Hindsight (final ratings) and foresight (ratings just before each game)
// accuracy, mean log-loss and Brier score of the foresight probabilities, as
// summary.json's "metrics" object, gathered game by game: add() every game in
// order, then finish(). Foresight uses each game's adv_predict.
class accuracy_accumulator {
 public:
  // One game, the ratings it was evaluated on and A's predicted score; the
  // home side (+1 A, -1 B, 0 none) is kept for hindsight.
  void add(const rk_game& g, int8_t home, double before_a, double before_b, double expected_a);
  // Hindsight on the final ratings, the home side getting `hindsight_home` points.
  nlohmann::json finish(const double* final_ratings, double hindsight_home) const;

 private:
  // What hindsight needs of each game, 10 bytes, in blocks so that the store
  // grows without copying. result: +1 A won, -1 B won, 0 otherwise.
  struct block {
    static constexpr size_t size = size_t(1) << 14;
    int32_t a[size], b[size];
    int8_t home[size], result[size];
  };
  // Games [begin, end) picked right by the final ratings.
  int64_t hindsight_correct(size_t begin, size_t end, const double* final_ratings, double hindsight_home) const;

  std::vector<std::unique_ptr<block>> blocks_;
  size_t games_ = 0;
  int64_t correct_ = 0;
  double log_loss_ = 0, brier_ = 0;
};

struct run_trace {
  std::vector<double> before_a, before_b;  // ratings each game was evaluated on
  std::vector<rk_game_out> out;            // the plugin's per-game outputs
};

// The metrics of games already rated, from their trace (home[i] as in add()).
nlohmann::json accuracy_metrics(const std::vector<rk_game>& games, const run_trace& trace,
                                const double* final_ratings, const std::vector<int8_t>& home,
                                double hindsight_home);

}  // namespace ratekit
