// fide-logistic against the published numbers of SPEC.md section 2 (seeds 000,
// 003 and 004) and hand-computed updates.
#include <catch2/catch.hpp>
#include <fide-logistic/fide_logistic.hpp>

#include "test_fide_common.hpp"

#include <cmath>
#include <random>
#include <vector>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_fide_logistic {

using ratekit::plugins::fide_logistic;
using namespace fide_test;
namespace fide = ratekit::plugins::fide;

namespace {

fide_logistic make(double xi = 400, double cap = 400, double uncapped_from = 0, double first_rating = 0,
                   double round_change = 0, double floor = 1400, double pool_months = 26) {
  const double values[] = {xi, cap, uncapped_from, first_rating, round_change, floor, pool_months};
  return fide_logistic(ratekit::sdk::host(nullptr), ratekit::sdk::params(values, 7));
}

}  // namespace

TEST_CASE("fide-logistic: the F row of table 1, d = 0..400", "[fide-logistic]") {
  const double published[] = {0.5, 0.5715, 0.6401, 0.7034, 0.7597, 0.8083, 0.8490, 0.8823, 0.9091};
  const fide_logistic m = make();
  for (int i = 0; i < 9; ++i) {
    INFO("d = " << 50 * i);
    CHECK(shows_as(m.expect(1600 + 50 * i, 1600, 0), published[i], 4));
    CHECK(shows_as(m.expect(1600, 1600 + 50 * i, 0), 1 - published[i], 4));
  }
}

TEST_CASE("fide-logistic: 1500 vs 1900 expects 0.0909 and 0.9091, the winner gains 0.91K or 0.09K (seed 003)",
          "[fide-logistic]") {
  const fide_logistic m = make();
  CHECK(shows_as(m.expect(1500, 1900, 0), 0.0909, 4));
  CHECK(shows_as(m.expect(1900, 1500, 0), 0.9091, 4));
  const double k = 32;
  for (double score : {1.0, 0.0}) {
    players table({1500, 1900});
    const std::vector<rk_game> games = {game(0, 1, score, k)};
    fide_logistic fresh = make();
    fresh.rate_games(table.state(), per_game(games), nullptr);
    // 1 / 11 and 10 / 11 exactly: the weaker gains 10K/11, the stronger K/11.
    const double gain = score == 1 ? table.rating(0) - 1500 : table.rating(1) - 1900;
    CHECK(gain == Approx(k * (score == 1 ? 10.0 / 11 : 1.0 / 11)).epsilon(1e-12));
    CHECK(shows_as(gain / k, score == 1 ? 0.91 : 0.09, 2));
  }
}

TEST_CASE("fide-logistic: ratings keep their sum over a long random stream", "[fide-logistic]") {
  const int n = 100;
  std::vector<double> start(n);
  std::mt19937_64 rng(20240301);
  std::uniform_real_distribution<double> rating(1200, 2800);
  for (double& r : start) r = rating(rng);
  players table(start);
  double before = 0;
  for (double r : start) before += r;

  std::vector<rk_game> games(1000000);
  std::uniform_int_distribution<int> pick(0, n - 1);
  std::uniform_int_distribution<int> result(0, 2);
  for (rk_game& g : games) {
    const int a = pick(rng);
    int b = pick(rng);
    if (b == a) b = (a + 1) % n;
    g = game(a, b, result(rng) / 2.0, 20);
  }
  fide_logistic m = make();
  m.rate_games(table.state(), per_game(games), nullptr);
  double after = 0;
  for (int p = 0; p < n; ++p) after += table.rating(p);
  CHECK(std::fabs(after - before) < 1e-6);
}

TEST_CASE("fide-logistic: home advantage predicts with H_predict and updates with H_update", "[fide-logistic]") {
  players table({1500, 1500});
  std::vector<rk_game> games = {game(0, 1, 1.0, 40)};
  games[0].adv_predict = 400;  // 10 to 1: E = 10/11
  games[0].adv_update = 0;     // E = 1/2
  std::vector<rk_game_out> out(1);
  fide_logistic m = make();
  m.rate_games(table.state(), per_game(games), out.data());
  CHECK(out[0].expected_a == Approx(10.0 / 11).epsilon(1e-12));
  CHECK(table.rating(0) == Approx(1520).epsilon(1e-12));
  CHECK(table.rating(1) == Approx(1480).epsilon(1e-12));
}

TEST_CASE("fide-logistic: the 400-point rule and its 2650 exemption", "[fide-logistic]") {
  // 2700 beats 2200 with K = 10. Capped: E = 10/11 for the winner, 1/11 for the loser.
  const std::vector<rk_game> games = {game(0, 1, 1.0, 10)};
  {
    players table({2700, 2200});
    fide_logistic m = make();
    m.rate_games(table.state(), per_game(games), nullptr);
    CHECK(table.rating(0) == Approx(2700 + 10.0 / 11).epsilon(1e-12));
    CHECK(table.rating(1) == Approx(2200 - 10.0 / 11).epsilon(1e-12));
  }
  {
    // 2700 uses d = 500: E = 1 / (1 + 10^-1.25); 2200 keeps the cap.
    players table({2700, 2200});
    fide_logistic m = make(400, 400, 2650);
    m.rate_games(table.state(), per_game(games), nullptr);
    CHECK(table.rating(0) == Approx(2700 + 10 * (1 - 1 / (1 + std::pow(10.0, -1.25)))).epsilon(1e-12));
    CHECK(table.rating(1) == Approx(2200 - 10.0 / 11).epsilon(1e-12));
  }
}

TEST_CASE("fide-logistic: a first rating, shared with fide-normal", "[fide-logistic][first-rating]") {
  // Unrated player 0 scores 3 of 5 against 1900, 2000, 1700, 1800, 1600: Ru = 1800 + dp(0.57) = 1850.
  players table({1500, 1900, 2000, 1700, 1800, 1600}, {0, 1, 1, 1, 1, 1});
  const std::vector<rk_game> games = {game(0, 1, 0.0), game(0, 2, 0.5), game(0, 3, 1.0), game(0, 4, 0.5),
                                      game(0, 5, 1.0)};
  const uint64_t end = games.size();
  fide_logistic m = make(400, 400, 0, 1);
  m.rate_games(table.state(), fide_period_batch(games, end), nullptr);
  CHECK(table.rating(0) == 1850);
  CHECK(table.column(fide::f_rated, 0) == 1);
  CHECK(table.rating(1) == 1900);
}

TEST_CASE("fide-logistic: performance rating through the extension", "[fide-logistic][performance]") {
  const auto* ext = static_cast<const rk_ext_performance*>(fide_logistic::extension(RK_EXT_PERFORMANCE));
  REQUIRE(ext != nullptr);
  double out = 0;
  rk_error error{sizeof(rk_error), 0, -1, {}};
  // 1.5 of 3: p = 0.50, dp = 0.
  REQUIRE(ext->performance(nullptr, 1876.5, 3, 1.5, &out, &error) == RK_OK);
  CHECK(out == 1876.5);
  // 1 of 3 = 0.333 -> 0.33 -> dp -125.
  REQUIRE(ext->performance(nullptr, 1900, 3, 1, &out, &error) == RK_OK);
  CHECK(out == 1775);
}

}  // namespace test_fide_logistic
