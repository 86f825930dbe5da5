// The scores of forecasts over a window of games: log-loss, Brier and accuracy
// as summary.json's metrics count them (engine/metrics.hpp: forecast_sums), and
// PlayerRatings' capped binomial deviance.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ratekit {

// One side's forecasts of a window's games: A's expected score and B's (1 - A's
// unless the model's do not add up to 1), against A's score in `outcomes`.
struct window_forecasts {
  std::vector<double> expected_a, expected_b;
};

struct score_set {
  size_t games = 0;
  double log_loss = 0;  // mean, in nats
  double brier = 0;     // mean squared miss
  double accuracy = 0;  // share of games whose winner was favoured (a draw is no pick)
  double deviance = 0;  // PlayerRatings' metrics(): capped to [0.01, 0.99], 100 for always 0.5
};

score_set score(const window_forecasts& f, const std::vector<double>& outcomes);

// Game i's log-loss and Brier terms (the means of score() are their means).
std::vector<double> log_loss_terms(const window_forecasts& f, const std::vector<double>& outcomes);
std::vector<double> brier_terms(const window_forecasts& f, const std::vector<double>& outcomes);

// PlayerRatings' capped binomial deviance of forecasts `p` of scores `s` (its
// `metrics`, bdev scaled): -mean(s log c + (1 - s) log(1 - c)) with c = p capped
// to [0.01, 0.99], over the same with c = 0.5 (that is, log 2), times 100.
double capped_deviance(const std::vector<double>& p, const std::vector<double>& s);

// The baselines: always 0.5; and the home side's mean score over `training`
// games (home: +1 A, -1 B at home, 0 none) forecast for the home side of each
// test game, 0.5 without one. has_home: false when no training game has a home side.
window_forecasts always_half(size_t games);
struct home_rate {
  bool has_home = false;
  double rate = 0.5;  // the home side's mean score
};
home_rate home_rate_of(const std::vector<int8_t>& home, const std::vector<double>& score_a);
window_forecasts home_side(const home_rate& rate, const std::vector<int8_t>& test_home);

}  // namespace ratekit
