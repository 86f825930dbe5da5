// Accuracy metrics on a hand-made 4-game example and on the pairs of two ranked
// events (numbers worked out by hand).
#include <catch2/catch.hpp>

#include <ratekit/host/engine/metrics.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

using namespace ratekit;

namespace {

rk_game game(int32_t a, int32_t b, double score_a, double adv_predict) {
  rk_game g = make_game(a, b, score_a);
  g.adv_predict = adv_predict;
  return g;
}

// Final ratings 10, 0, -10. Foresight picks the side the plugin expected to score more.
//  g0: 0 (home, H 15) beats 1; p 0.6           foresight 0.6 > 0.4 right; hindsight 25 > 0 right
//  g1: 1 loses at 2's home;    p 0.3           foresight 0.3 < 0.7 right; hindsight -15 < -10 right,
//                                              but with H = 0: 0 > -10 picks 1, wrong
//  g2: 2 and 0 tie, neutral;   p 0.5           a tied game is always a miss
//  g3: 0 loses to 2, neutral;  p 0.5           foresight tie: miss; hindsight 10 > -10 picks 0: miss
struct example {
  std::vector<rk_game> games{game(0, 1, 1.0, 15), game(1, 2, 0.0, -15), game(2, 0, 0.5, 0),
                             game(0, 2, 0.0, 0)};
  std::vector<rk_game_out> out{{0.6, 0, 0, 0.4}, {0.3, 0, 0, 0.7}, {0.5, 0, 0, 0.5}, {0.5, 0, 0, 0.5}};
  double final_ratings[3] = {10, 0, -10};
  std::vector<int8_t> home{+1, -1, 0, 0};
};

}  // namespace

TEST_CASE("metrics: hindsight and foresight with the same home advantage", "[metrics]") {
  example x;
  const auto m = accuracy_metrics(x.games, x.out, x.final_ratings, x.home, 15.0);
  CHECK(m["hindsight"]["correct"] == 2);
  CHECK(m["hindsight"]["games"] == 4);
  CHECK(m["hindsight"]["accuracy"].get<double>() == 0.5);
  CHECK(m["foresight"]["correct"] == 2);
  CHECK(m["foresight"]["games"] == 4);
  CHECK(m["foresight"]["accuracy"].get<double>() == 0.5);
}

TEST_CASE("metrics: log-loss and Brier of the foresight probabilities", "[metrics]") {
  example x;
  const auto m = accuracy_metrics(x.games, x.out, x.final_ratings, x.home, 15.0);
  // (-ln 0.6 - ln 0.7 + ln 2 + ln 2) / 4 and (0.16 + 0.09 + 0 + 0.25) / 4
  CHECK(m["log_loss"].get<double>() == Approx(0.5634487322061534).epsilon(1e-12));
  CHECK(m["brier"].get<double>() == Approx(0.125).epsilon(1e-12));
}

TEST_CASE("metrics: hindsight with its own home advantage", "[metrics]") {
  example x;
  const auto m = accuracy_metrics(x.games, x.out, x.final_ratings, x.home, 0.0);
  CHECK(m["hindsight"]["correct"] == 1);
  CHECK(m["hindsight"]["accuracy"].get<double>() == 0.25);
  CHECK(m["foresight"]["correct"] == 2);  // foresight keeps adv_predict
  const auto m15 = accuracy_metrics(x.games, x.out, x.final_ratings, x.home, 15.0);
  CHECK(m15["hindsight"]["correct"] == 2);
}

TEST_CASE("metrics: no games gives null accuracies", "[metrics]") {
  const double none[1] = {0};
  const auto m = accuracy_metrics({}, {}, none, {}, 0.0);
  CHECK(m["hindsight"]["games"] == 0);
  CHECK(m["hindsight"]["accuracy"].is_null());
  CHECK(m["log_loss"].is_null());
}

TEST_CASE("metrics: foresight follows the plugin's expectation, not the ratings", "[metrics]") {
  // Level ratings, but A receives a handicap: the plugin expects 0.7 (EGF's
  // epsilon: B's 0.25 does not add up to 1) and A wins: right, Brier 0.09.
  const std::vector<rk_game> games{game(0, 1, 1.0, 0)};
  const double final_ratings[2] = {0, 0};
  const auto m = accuracy_metrics(games, {{0.7, 0, 0, 0.25}}, final_ratings, {0}, 0.0);
  CHECK(m["foresight"]["correct"] == 1);
  CHECK(m["hindsight"]["correct"] == 0);  // level final ratings pick nobody
  CHECK(m["brier"].get<double>() == Approx(0.09).epsilon(1e-12));
  CHECK(m["log_loss"].get<double>() == Approx(-std::log(0.7)).epsilon(1e-12));
}

// Two ranked events on players with ratings 400, 0, 0 before them (logistic
// expectations: 400 points apart 10/11, level 1/2), final ratings 10, 20, 5.
//  event 1: 0 first, 1 and 2 tied second (entries in that order)
//    (0,1): p 10/11, score 1: right;  hindsight 10 < 20: miss
//    (0,2): p 10/11, score 1: right;  hindsight 10 > 5: right
//    (1,2): p 1/2,  score 1/2: a tie is a miss either way
//  event 2: entries 0 (second) and 1 (first)
//    (0,1): p 10/11, score 0: miss;   hindsight 10 < 20: right
// foresight 2 of 4, hindsight 2 of 4;
// log-loss (2 ln(11/10) + ln 2 + ln 11) / 4 = 0.8204157, Brier (2 / 121 + 0 + 0 + 100 / 121) / 4 = 0.2107438.
TEST_CASE("metrics: ranked events are scored over their pairs of entries, ties included", "[metrics][events]") {
  const std::vector<rk_entry> entries{{0, 0, 1}, {1, 0, 2}, {2, 0, 2}, {0, 0, 2}, {1, 0, 1}};
  const double before[3] = {400, 0, 0}, final_ratings[3] = {10, 20, 5};
  auto logistic = [&](uint64_t i, uint64_t j) {
    return 1 / (1 + std::pow(10.0, -(before[entries[i].player] - before[entries[j].player]) / 400));
  };
  pair_accumulator pairs;
  pairs.add_event(entries.data(), 0, 3, logistic);
  pairs.add_event(entries.data(), 3, 5, logistic);
  const auto m = pairs.finish(entries.data(), final_ratings);
  CHECK(m["foresight"]["pairs"] == 4);
  CHECK(m["foresight"]["correct"] == 2);
  CHECK(m["hindsight"]["pairs"] == 4);
  CHECK(m["hindsight"]["correct"] == 2);
  CHECK(m["hindsight"]["accuracy"].get<double>() == 0.5);
  CHECK(m["log_loss"].get<double>() == Approx(0.8204157032417414).epsilon(1e-12));
  CHECK(m["brier"].get<double>() == Approx(0.21074380165289255).epsilon(1e-12));
}

TEST_CASE("metrics: a run of more pairs than the budget counts an even, fixed sample of them", "[metrics][events]") {
  auto sampled = [](const pair_accumulator& acc, uint64_t begin, uint64_t end) {
    std::vector<std::pair<uint64_t, uint64_t>> pairs;
    acc.for_each_pair(begin, end, [&](uint64_t i, uint64_t j) { pairs.emplace_back(i, j); });
    return pairs;
  };
  // Within the budget (exactly at it too) every pair counts, once and in order.
  const pair_accumulator all(pair_accumulator::budget);
  const auto every = sampled(all, 10, 14);
  CHECK(every == std::vector<std::pair<uint64_t, uint64_t>>{{10, 11}, {10, 12}, {10, 13}, {11, 12}, {11, 13}, {12, 13}});
  // Twice the budget: each pair with chance 1/2.
  const pair_accumulator half(2 * pair_accumulator::budget);
  const uint64_t n = 2000, pairs = n * (n - 1) / 2;
  const auto some = sampled(half, 5, 5 + n);
  CHECK(double(some.size()) == Approx(pairs / 2.0).margin(5 * std::sqrt(pairs * 0.25)));  // five deviations
  CHECK(std::all_of(some.begin(), some.end(), [&](const auto& p) { return p.first >= 5 && p.first < p.second && p.second < 5 + n; }));
  CHECK(std::adjacent_find(some.begin(), some.end()) == some.end());  // no pair twice
  CHECK(sampled(half, 5, 5 + n) == some);                               // the same pairs on every run
  // Near pairs and far ones alike: each half of the distances holds its share.
  const auto near = std::count_if(some.begin(), some.end(), [&](const auto& p) { return p.second - p.first < 586; });
  CHECK(double(near) == Approx(double(some.size()) / 2).epsilon(0.01));
}
