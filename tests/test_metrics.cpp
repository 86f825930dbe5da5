// Accuracy metrics on a hand-made 4-game example (numbers worked out by hand).
#include <catch2/catch.hpp>

#include <ratekit/host/engine/metrics.hpp>

using namespace ratekit;

namespace {

rk_game game(int32_t a, int32_t b, double score_a, double adv_predict) {
  rk_game g = make_game(a, b, score_a);
  g.adv_predict = adv_predict;
  return g;
}

// Final ratings 10, 0, -10.
//  g0: 0 (home, H 15) beats 1; before 0-0, p 0.6   foresight 15 > 0 right; hindsight 25 > 0 right
//  g1: 1 loses at 2's home;    before 5/-5, p 0.3  foresight -10 < -5 right; hindsight -15 < -10 right,
//                                                  but with H = 0: 0 > -10 picks 1, wrong
//  g2: 2 and 0 tie, neutral;   p 0.5               a tied game is always a miss
//  g3: 0 loses to 2, neutral;  before 3-3, p 0.5   foresight tie: miss; hindsight 10 > -10 picks 0: miss
struct example {
  std::vector<rk_game> games{game(0, 1, 1.0, 15), game(1, 2, 0.0, -15), game(2, 0, 0.5, 0),
                             game(0, 2, 0.0, 0)};
  run_trace trace{{0, 5, 1, 3}, {0, -5, 2, 3}, {{0.6, 0, 0, 0.4}, {0.3, 0, 0, 0.7}, {0.5, 0, 0, 0.5}, {0.5, 0, 0, 0.5}}};
  double final_ratings[3] = {10, 0, -10};
  std::vector<int8_t> home{+1, -1, 0, 0};
};

}  // namespace

TEST_CASE("metrics: hindsight and foresight with the same home advantage", "[metrics]") {
  example x;
  const auto m = accuracy_metrics(x.games, x.trace, x.final_ratings, x.home, 15.0);
  CHECK(m["hindsight"]["correct"] == 2);
  CHECK(m["hindsight"]["games"] == 4);
  CHECK(m["hindsight"]["accuracy"].get<double>() == 0.5);
  CHECK(m["foresight"]["correct"] == 2);
  CHECK(m["foresight"]["games"] == 4);
  CHECK(m["foresight"]["accuracy"].get<double>() == 0.5);
}

TEST_CASE("metrics: log-loss and Brier of the foresight probabilities", "[metrics]") {
  example x;
  const auto m = accuracy_metrics(x.games, x.trace, x.final_ratings, x.home, 15.0);
  // (-ln 0.6 - ln 0.7 + ln 2 + ln 2) / 4 and (0.16 + 0.09 + 0 + 0.25) / 4
  CHECK(m["log_loss"].get<double>() == Approx(0.5634487322061534).epsilon(1e-12));
  CHECK(m["brier"].get<double>() == Approx(0.125).epsilon(1e-12));
}

TEST_CASE("metrics: hindsight with its own home advantage", "[metrics]") {
  example x;
  const auto m = accuracy_metrics(x.games, x.trace, x.final_ratings, x.home, 0.0);
  CHECK(m["hindsight"]["correct"] == 1);
  CHECK(m["hindsight"]["accuracy"].get<double>() == 0.25);
  CHECK(m["foresight"]["correct"] == 2);  // foresight keeps adv_predict
  const auto m15 = accuracy_metrics(x.games, x.trace, x.final_ratings, x.home, 15.0);
  CHECK(m15["hindsight"]["correct"] == 2);
}

TEST_CASE("metrics: no games gives null accuracies", "[metrics]") {
  const run_trace empty;
  const double none[1] = {0};
  const auto m = accuracy_metrics({}, empty, none, {}, 0.0);
  CHECK(m["hindsight"]["games"] == 0);
  CHECK(m["hindsight"]["accuracy"].is_null());
  CHECK(m["log_loss"].is_null());
}
