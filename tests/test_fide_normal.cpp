// fide-normal against the published numbers of SPEC.md section 1 (seeds 000 and
// 004), FIDE tables 8.1.1 and 8.1.2, and hand-computed updates.
#include <catch2/catch.hpp>
#include <fide-normal/fide_normal.hpp>

#include "test_fide_common.hpp"

#include <cmath>
#include <vector>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_fide_normal {

using ratekit::plugins::fide_normal;
using namespace fide_test;
namespace fide = ratekit::plugins::fide;

namespace {

struct normal_params {
  double sigma = 200, epsilon = 0, cap = 400, expectation = fide_normal::formula, uncapped_from = 0,
         first_rating = 0, round_change = 0, floor = 1400, pool_months = 26;
};

fide_normal make(normal_params p) {
  const double values[] = {p.sigma, p.epsilon, p.cap, p.expectation, p.uncapped_from, p.first_rating, p.round_change, p.floor, p.pool_months};
  return fide_normal(ratekit::sdk::host(nullptr), ratekit::sdk::params(values, 9));
}

fide_normal make_table() {
  normal_params p;
  p.expectation = fide_normal::table;
  return make(p);
}

}  // namespace

TEST_CASE("fide-normal: E(1834 vs 2179) = 0.11128 (seed 000)", "[fide-normal]") {
  CHECK(shows_as(make({}).expect(1834, 2179, 0), 0.11128, 5));
}

TEST_CASE("fide-normal: the E row of table 1, d = 0..400", "[fide-normal]") {
  const double published[] = {0.5, 0.5702, 0.6382, 0.7021, 0.7602, 0.8116, 0.8556, 0.8920, 0.9214};
  const fide_normal m = make({});
  for (int i = 0; i < 9; ++i) {
    INFO("d = " << 50 * i);
    CHECK(shows_as(m.expect(1500 + 50 * i, 1500, 0), published[i], 4));
    CHECK(shows_as(m.expect(1500, 1500 + 50 * i, 0), 1 - published[i], 4));
  }
}

TEST_CASE("fide-normal: the draw band rows eps = 10 and 20 (seed 000 table 2)", "[fide-normal]") {
  const double eps10[] = {0.5, 0.5701, 0.6381, 0.7019, 0.7601, 0.8115, 0.8554};
  const double eps20[] = {0.5, 0.5700, 0.6378, 0.7016, 0.7597, 0.8110, 0.8550};
  normal_params p;
  p.epsilon = 10;
  const fide_normal m10 = make(p);
  p.epsilon = 20;
  const fide_normal m20 = make(p);
  for (int i = 0; i < 7; ++i) {
    INFO("d = " << 50 * i);
    CHECK(shows_as(m10.expect(2000 + 50 * i, 2000, 0), eps10[i], 4));
    CHECK(shows_as(m20.expect(2000 + 50 * i, 2000, 0), eps20[i], 4));
  }
}

TEST_CASE("fide-normal: the 1800 tournament expects 0.42 + 0.54 + 0.24 = 1.2 and scores 1.5", "[fide-normal]") {
  const fide_normal m = make({});
  const double opponents[] = {1860, 1770, 2000};
  const double published[] = {0.42, 0.54, 0.24};
  const double scores[] = {1, 0.5, 0};
  double expected = 0, score = 0;
  for (int i = 0; i < 3; ++i) {
    const double e = m.expect(1800, opponents[i], 0);
    CHECK(shows_as(e, published[i], 2));
    expected += std::round(e * 100) / 100;
    score += scores[i];
  }
  CHECK(expected == Approx(1.2).margin(1e-12));
  CHECK(score == 1.5);
}

TEST_CASE("fide-normal: expecting 4 and scoring 5 gives 1800 -> 1820 (K=20) and 1840 (K=40)", "[fide-normal]") {
  for (double k : {20.0, 40.0}) {
    // Eight games against players of equal rating expect 4; five wins and three losses score 5.
    players table({1800, 1800, 1800, 1800, 1800, 1800, 1800, 1800, 1800});
    std::vector<rk_game> games;
    for (int i = 1; i <= 8; ++i) games.push_back(game(0, i, i <= 5 ? 1.0 : 0.0, k));
    const uint64_t end = games.size();
    fide_normal m = make({});
    m.rate_games(table.state(), fide_period_batch(games, end), nullptr);
    CHECK(table.rating(0) == Approx(1800 + k).margin(1e-9));
  }
}

TEST_CASE("fide-normal: table mode reads FIDE table 8.1.2", "[fide-normal]") {
  const fide_normal m = make_table();
  // Rows (d_min..d_max -> PD high/low) of data/fide/table_8_1_2_pd.csv.
  CHECK(m.expect(2000, 2000, 0) == 0.50);
  CHECK(m.expect(2003, 2000, 0) == 0.50);
  CHECK(m.expect(2004, 2000, 0) == 0.51);
  CHECK(m.expect(2000, 2010, 0) == 0.49);
  CHECK(m.expect(2000, 2011, 0) == 0.48);
  CHECK(m.expect(2391, 2000, 0) == 0.91);
  CHECK(m.expect(2392, 2000, 0) == 0.92);
  CHECK(m.expect(2000, 2200, 0) == 0.24);
  // The 400-point rule: 700 counts as 400 (0.92); without the cap the last rows apply.
  CHECK(m.expect(2700, 2000, 0) == 0.92);
  normal_params uncapped;
  uncapped.expectation = fide_normal::table;
  uncapped.cap = 0;
  const fide_normal u = make(uncapped);
  CHECK(u.expect(2735, 2000, 0) == 0.99);
  CHECK(u.expect(2736, 2000, 0) == 1.00);
  CHECK(u.expect(2000, 2736, 0) == 0.00);
  // A fractional difference is rounded to whole points first: 3.4 -> 3, 3.5 -> 4.
  CHECK(m.expect(2003.4, 2000, 0) == 0.50);
  CHECK(m.expect(2003.5, 2000, 0) == 0.51);
}

TEST_CASE("fide-normal: the cap counts differences above 400 as 400", "[fide-normal]") {
  const fide_normal capped = make({});
  CHECK(capped.expect(2500, 1800, 0) == capped.expect(2200, 1800, 0));
  CHECK(shows_as(capped.expect(1800, 2500, 0), 1 - 0.9214, 4));
  normal_params none;
  none.cap = 0;
  // Phi(700 / 282.84...) = Phi(2.4749) = 0.99334
  CHECK(shows_as(make(none).expect(2500, 1800, 0), 0.99334, 5));
}

TEST_CASE("fide-normal: a rating period uses its start ratings, per game does not", "[fide-normal]") {
  // Table 8.1.2, K = 20: 1800 beats 1860 (PD 0.42), draws 1770 (0.54), loses to 2000 (0.24).
  const std::vector<rk_game> games = {game(0, 1, 1.0), game(0, 2, 0.5), game(0, 3, 0.0)};
  SECTION("one period: 1800 + 20 (1.5 - 1.2) = 1806") {
    players table({1800, 1860, 1770, 2000});
    std::vector<rk_game_out> out(3);
    const uint64_t end = 3;
    fide_normal m = make_table();
    m.rate_games(table.state(), fide_period_batch(games, end), out.data());
    CHECK(table.rating(0) == Approx(1806.0).margin(1e-9));
    CHECK(table.rating(1) == Approx(1848.4).margin(1e-9));
    CHECK(table.rating(2) == Approx(1770.8).margin(1e-9));
    CHECK(table.rating(3) == Approx(2004.8).margin(1e-9));
    CHECK(out[0].expected_a == 0.42);
    CHECK(out[1].expected_a == 0.54);
    CHECK(out[2].expected_a == 0.24);
    CHECK(out[0].delta_a + out[1].delta_a + out[2].delta_a == Approx(6.0).margin(1e-9));
  }
  SECTION("per game: 1811.6, then 1810.4 (d 41.6 -> PD 0.56), then 1805.4 (d -189.6 -> 0.25)") {
    players table({1800, 1860, 1770, 2000});
    std::vector<rk_game_out> out(3);
    fide_normal m = make_table();
    m.rate_games(table.state(), per_game(games), out.data());
    CHECK(out[1].expected_a == 0.56);
    CHECK(out[2].expected_a == 0.25);
    CHECK(table.rating(0) == Approx(1805.4).margin(1e-9));
    CHECK(table.rating(1) == Approx(1848.4).margin(1e-9));
    CHECK(table.rating(2) == Approx(1771.2).margin(1e-9));
    CHECK(table.rating(3) == Approx(2005.0).margin(1e-9));
  }
}

TEST_CASE("fide-normal: from 2650 up a player uses the actual difference, his opponent keeps the cap",
          "[fide-normal]") {
  normal_params p;
  p.expectation = fide_normal::table;
  p.uncapped_from = 2650;
  fide_normal m = make(p);
  players table({2700, 2200});
  const std::vector<rk_game> games = {game(0, 1, 1.0, 10)};
  const uint64_t end = 1;
  m.rate_games(table.state(), fide_period_batch(games, end), nullptr);
  // 2700: D = 500 -> PD 0.96, +10 * 0.04; 2200: D = -400 (capped) -> PD 0.08, -10 * 0.08.
  CHECK(table.rating(0) == Approx(2700.4).margin(1e-9));
  CHECK(table.rating(1) == Approx(2199.2).margin(1e-9));
}

TEST_CASE("fide-normal: a first rating from five games against rated players", "[fide-normal][first-rating]") {
  normal_params p;
  p.expectation = fide_normal::table;
  p.first_rating = 1;
  // Player 0 is unrated; opponents 1900, 2000, 1700, 1800, 1600 (sum 9000); he scores 0, =, 1, =, 1.
  // Ra = (9000 + 3600) / 7 = 1800, p = (3 + 1) / 7 = 0.57, dp = 50: Ru = 1850.
  const std::vector<rk_game> games = {game(0, 1, 0.0), game(2, 0, 0.5), game(0, 3, 1.0), game(4, 0, 0.5),
                                      game(0, 5, 1.0), game(1, 2, 1.0)};
  SECTION("in one period: published, and nobody else changed by his games") {
    players table({1500, 1900, 2000, 1700, 1800, 1600}, {0, 1, 1, 1, 1, 1});
    std::vector<rk_game_out> out(games.size());
    const uint64_t end = games.size();
    fide_normal m = make(p);
    m.rate_games(table.state(), fide_period_batch(games, end), out.data());
    CHECK(table.rating(0) == 1850);
    CHECK(table.column(fide::f_rated, 0) == 1);
    CHECK(table.column(fide::f_pool_games, 0) == 5);
    CHECK(table.column(fide::f_pool_opponents, 0) == 9000);
    CHECK(table.column(fide::f_pool_score, 0) == 3);
    // His deltas add up to his change, 350 over five games.
    const double his[] = {out[0].delta_a, out[1].delta_b, out[2].delta_a, out[3].delta_b, out[4].delta_a};
    for (double d : his) CHECK(d == Approx(70.0).margin(1e-9));
    CHECK(out[0].delta_b == 0);
    CHECK(table.rating(3) == 1700);
    // Only the rated game moves rated players: 1900 beats 2000, PD 0.36: +-20 * 0.64.
    CHECK(table.rating(1) == Approx(1912.8).margin(1e-9));
    CHECK(table.rating(2) == Approx(1987.2).margin(1e-9));
  }
  SECTION("pooled over two periods") {
    players table({1500, 1900, 2000, 1700, 1800, 1600}, {0, 1, 1, 1, 1, 1});
    const uint64_t ends[] = {3, 6};
    const rk_game_batch batch{sizeof(rk_game_batch), 0, games.data(), games.size(), ends, 2, nullptr, nullptr, nullptr, nullptr, nullptr, 0};
    std::vector<rk_game_out> out(games.size());
    fide_normal m = make(p);
    m.rate_games(table.state(), batch, out.data());
    CHECK(table.rating(0) == 1850);
    CHECK(table.column(fide::f_rated, 0) == 1);
    // Published in the second period: its two games carry the whole change.
    CHECK(out[0].delta_a == 0);
    CHECK(out[3].delta_b == Approx(175.0).margin(1e-9));
    CHECK(out[4].delta_a == Approx(175.0).margin(1e-9));
  }
  SECTION("too few games: pooled and kept, not published") {
    players table({1500, 1900, 2000, 1700, 1800, 1600}, {0, 1, 1, 1, 1, 1});
    const std::vector<rk_game> four(games.begin(), games.begin() + 4);
    const uint64_t end = 4;
    fide_normal m = make(p);
    m.rate_games(table.state(), fide_period_batch(four, end), nullptr);
    CHECK(table.rating(0) == 1500);
    CHECK(table.column(fide::f_rated, 0) == 0);
    CHECK(table.column(fide::f_pool_games, 0) == 4);
    CHECK(table.column(fide::f_pool_opponents, 0) == 7400);
    CHECK(table.column(fide::f_pool_score, 0) == 2);
  }
}

TEST_CASE("fide-normal: first-rating floor, cap and a zero first event", "[fide-normal][first-rating]") {
  normal_params p;
  p.first_rating = 1;
  SECTION("0.5 of 5 against 1400s: Ra 1514.29, p 1.5/7 = 0.21, dp -230: 1284 < 1400, not published") {
    players table({1000, 1400, 1400, 1400, 1400, 1400}, {0, 1, 1, 1, 1, 1});
    const std::vector<rk_game> games = {game(0, 1, 0.5), game(0, 2, 0), game(0, 3, 0), game(0, 4, 0),
                                        game(0, 5, 0)};
    const uint64_t end = 5;
    fide_normal m = make(p);
    m.rate_games(table.state(), fide_period_batch(games, end), nullptr);
    CHECK(table.rating(0) == 1000);
    CHECK(table.column(fide::f_rated, 0) == 0);
    CHECK(table.column(fide::f_pool_games, 0) == 5);
  }
  SECTION("5 of 5 against 2400s: Ra 2228.57, p 0.86, dp 309: 2538 capped at 2200") {
    players table({1000, 2400, 2400, 2400, 2400, 2400}, {0, 1, 1, 1, 1, 1});
    const std::vector<rk_game> games = {game(0, 1, 1), game(0, 2, 1), game(0, 3, 1), game(0, 4, 1), game(0, 5, 1)};
    const uint64_t end = 5;
    fide_normal m = make(p);
    m.rate_games(table.state(), fide_period_batch(games, end), nullptr);
    CHECK(table.rating(0) == 2200);
    CHECK(table.column(fide::f_rated, 0) == 1);
    CHECK(table.rating(1) == 2400);
  }
  SECTION("a zero score in the first event is ignored") {
    players table({1000, 1800, 1800, 1800, 1800, 1800}, {0, 1, 1, 1, 1, 1});
    const std::vector<rk_game> games = {game(0, 1, 0), game(0, 2, 0), game(0, 3, 0), game(0, 4, 0), game(0, 5, 0)};
    const uint64_t end = 5;
    fide_normal m = make(p);
    m.rate_games(table.state(), fide_period_batch(games, end), nullptr);
    CHECK(table.column(fide::f_pool_games, 0) == 0);
    CHECK(table.column(fide::f_pool_score, 0) == 0);
  }
  SECTION("games between two unrated players count for neither") {
    players table({1000, 1000}, {0, 0});
    const std::vector<rk_game> games = {game(0, 1, 1)};
    const uint64_t end = 1;
    fide_normal m = make(p);
    m.rate_games(table.state(), fide_period_batch(games, end), nullptr);
    CHECK(table.column(fide::f_pool_games, 0) == 0);
    CHECK(table.column(fide::f_pool_games, 1) == 0);
    CHECK(table.rating(0) == 1000);
  }
}

TEST_CASE("fide-normal: performance rating Ra + dp (table 8.1.1)", "[fide-normal][performance]") {
  const auto* ext = static_cast<const rk_ext_performance*>(fide_normal::extension(RK_EXT_PERFORMANCE));
  REQUIRE(ext != nullptr);
  CHECK(fide_normal::extension("ratekit.unknown.v1") == nullptr);
  double out = 0;
  rk_error error{sizeof(rk_error), 0, -1, {}};
  // 6.5 of 9 = 0.7222 -> 0.72 -> dp 166.
  REQUIRE(ext->performance(nullptr, 2000, 9, 6.5, &out, &error) == RK_OK);
  CHECK(out == 2166);
  // 29 of 200 = 0.145, rounded half up to 0.15 -> dp -296.
  REQUIRE(ext->performance(nullptr, 2000, 200, 29, &out, &error) == RK_OK);
  CHECK(out == 1704);
  REQUIRE(ext->performance(nullptr, 2100, 4, 4, &out, &error) == RK_OK);
  CHECK(out == 2900);
  REQUIRE(ext->performance(nullptr, 2100, 0, 0, &out, &error) == RK_OK);
  CHECK(std::isnan(out));
  CHECK(ext->performance(nullptr, 2100, 4, 5, &out, &error) == RK_ERR_INVALID_ARGUMENT);
}

TEST_CASE("fide-normal: a bad game names its index", "[fide-normal]") {
  players table({1800, 1900});
  const std::vector<rk_game> games = {game(0, 1, 1), game(0, 7, 1)};
  fide_normal m = make({});
  try {
    m.rate_games(table.state(), per_game(games), nullptr);
    FAIL("no error");
  } catch (const ratekit::sdk::failure& e) {
    CHECK(e.index() == 1);
  }
}

}  // namespace test_fide_normal
