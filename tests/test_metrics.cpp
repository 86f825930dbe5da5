// Accuracy metrics on a hand-made 4-game example and on the pairs of two ranked
// events (numbers worked out by hand).
#include <catch2/catch.hpp>

#include <ratekit/host/engine/metrics.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_metrics {

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
  pairs.add_event(entries.data() + 3, 3, 2, [&](size_t i, size_t j) { return logistic(3 + i, 3 + j); });
  const auto m = pairs.finish(final_ratings);
  CHECK(m["foresight"]["pairs"] == 4);
  CHECK(m["foresight"]["correct"] == 2);
  CHECK(m["hindsight"]["pairs"] == 4);
  CHECK(m["hindsight"]["correct"] == 2);
  CHECK(m["hindsight"]["accuracy"].get<double>() == 0.5);
  CHECK(m["log_loss"].get<double>() == Approx(0.8204157032417414).epsilon(1e-12));
  CHECK(m["brier"].get<double>() == Approx(0.21074380165289255).epsilon(1e-12));
}

namespace {

// Events of `size` entries of distinct players, ranked in their order, and what
// a pair_accumulator counted of them.
struct sampled_run {
  std::vector<rk_entry> entries;
  std::vector<std::pair<int32_t, int32_t>> counted;  // the players of each pair counted
  nlohmann::json metrics;
};

double forecast(int32_t a, int32_t b) { return 1 / (1 + std::exp(double(b - a) / 50)); }

sampled_run sample(int64_t budget, int events, int size, size_t resident = size_t(1) << 20) {
  sampled_run r;
  for (int e = 0; e < events; ++e)
    for (int k = 0; k < size; ++k) r.entries.push_back({int32_t(e * size + k), 0, double(k % 7 == 3 ? k : k + 1)});
  pair_accumulator pairs(budget, resident);
  for (int e = 0; e < events; ++e) {
    const rk_entry* at = r.entries.data() + e * size;
    pairs.add_event(at, uint64_t(e * size), size_t(size), [&](size_t i, size_t j) { return forecast(at[i].player, at[j].player); });
  }
  auto counted = [&](auto& into) { return [&](const rk_entry& a, const rk_entry& b) { into.emplace_back(a.player, b.player); }; };
  pairs.for_each_counted_pair(counted(r.counted));
  // The same from two ranges of events, each starting at its own sample level (the hindsight's two halves).
  for (const size_t split : {size_t(1), size_t(events / 2), size_t(events - 1)}) {
    std::vector<std::pair<int32_t, int32_t>> halves;
    pairs.for_each_counted_pair(counted(halves), 0, split);
    pairs.for_each_counted_pair(counted(halves), split);
    REQUIRE(halves == r.counted);
  }
  std::vector<double> final_ratings(r.entries.size());
  for (size_t p = 0; p < final_ratings.size(); ++p) final_ratings[p] = double(p % 13);
  r.metrics = pairs.finish(final_ratings.data());
  return r;
}

}  // namespace

TEST_CASE("metrics: a run of more pairs than the budget counts an even, fixed sample of them", "[metrics][events]") {
  // Within the budget (exactly at it too) every pair counts, once and in order.
  const sampled_run all = sample(6, 1, 4);
  CHECK(all.counted == std::vector<std::pair<int32_t, int32_t>>{{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}});
  CHECK(sample(5, 1, 4).counted.size() < 6);  // one pair over it: a sample
  // 40 events of 100: 198,000 pairs against a budget of 10,000.
  const int events = 40, size = 100, per_event = size * (size - 1) / 2;
  const int64_t budget = 10000;
  const sampled_run some = sample(budget, events, size);
  const auto n = int64_t(some.counted.size());
  CHECK(n <= budget);
  CHECK(n > budget / 4);
  CHECK(some.metrics["foresight"]["pairs"] == n);
  CHECK(some.metrics["hindsight"]["pairs"] == n);
  CHECK(sample(budget, events, size).counted == some.counted);  // the same pairs on every run
  // The entries past the log's first 150 (mid-event) come back from its temporary file alike.
  const sampled_run spilled = sample(budget, events, size, 150);
  CHECK(spilled.counted == some.counted);
  CHECK(spilled.metrics == some.metrics);
  for (const auto& [a, b] : some.counted) REQUIRE((a < b && a / size == b / size));  // within one event, in order
  std::vector<std::pair<int32_t, int32_t>> once = some.counted;
  std::sort(once.begin(), once.end());
  CHECK(std::adjacent_find(once.begin(), once.end()) == once.end());  // no pair twice
  // Even: the events before the sample's level rose count no more than the later ones,
  // and near pairs as many as far ones. Five deviations of a binomial count.
  const double share = double(n) / (double(events) * per_event);
  auto within = [&](int64_t count, double pairs) {
    return std::abs(double(count) - share * pairs) <= 5 * std::sqrt(pairs * share * (1 - share));
  };
  const auto first_events = std::count_if(some.counted.begin(), some.counted.end(), [&](const auto& p) { return p.first < 4 * size; });
  CHECK(within(first_events, 4.0 * per_event));
  const auto near = std::count_if(some.counted.begin(), some.counted.end(), [&](const auto& p) { return p.second - p.first < 30; });
  CHECK(within(near, double(events) * (29 * 30 / 2 + 29 * (size - 30))));
  // The figures are those of the pairs counted: foresight from each pair's forecast, hindsight from the final ratings.
  forecast_sums expected;
  int64_t hindsight = 0;
  for (const auto& [a, b] : some.counted) {
    const double score = some.entries[size_t(a)].rank < some.entries[size_t(b)].rank ? 1 : some.entries[size_t(a)].rank > some.entries[size_t(b)].rank ? 0 : 0.5;
    expected.add(forecast(a, b), 1 - forecast(a, b), score);
    hindsight += (a % 13 > b % 13 && score == 1) || (a % 13 < b % 13 && score == 0);
  }
  CHECK(some.metrics["foresight"]["correct"] == expected.correct);
  CHECK(some.metrics["hindsight"]["correct"] == hindsight);
  CHECK(some.metrics["log_loss"].get<double>() == Approx(expected.log_loss / double(n)).epsilon(1e-12));
  CHECK(some.metrics["brier"].get<double>() == Approx(expected.brier / double(n)).epsilon(1e-12));
}

TEST_CASE("metrics: hindsight over many games, split in two halves and spilled, counts every game once",
          "[metrics]") {
  // Final ratings and games from a fixed generator; hindsight counted here game by game.
  constexpr int32_t players = 1000;
  std::vector<double> final_ratings(players);
  uint64_t seed = 12345;
  auto next = [&] { return seed = seed * 6364136223846793005ull + 1442695040888963407ull, uint32_t(seed >> 33); };
  for (double& r : final_ratings) r = 1500 + double(next() % 400);
  constexpr size_t block = size_t(1) << 14;  // games a block of the accumulator holds
  // One block short of the split into halves, the first split, and past the resident blocks (a spill).
  for (const size_t n : {7 * block, 8 * block - 1, 8 * block, 8 * block + 1,
                         (accuracy_accumulator::resident_blocks + 2) * block + 3}) {
    accuracy_accumulator acc;
    int64_t correct = 0;
    for (size_t i = 0; i < n; ++i) {
      const auto a = int32_t(next() % players), b = int32_t((a + 1 + int32_t(next() % (players - 1))) % players);
      const double score = double(next() % 3) / 2;
      const auto home = int8_t(int(next() % 3) - 1);
      acc.add(make_game(a, b, score), home, {0.5, 0, 0, 0.5});
      const double side_a = final_ratings[size_t(a)] + 30.0 * home, side_b = final_ratings[size_t(b)];
      correct += (score == 1 && side_a > side_b) || (score == 0 && side_a < side_b);
    }
    const nlohmann::json m = acc.finish(final_ratings.data(), 30);
    INFO(n << " games");
    CHECK(m["hindsight"]["games"] == int64_t(n));
    CHECK(m["hindsight"]["correct"] == correct);
  }
}

}  // namespace test_metrics
