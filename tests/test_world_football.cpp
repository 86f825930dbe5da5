// The out-of-tree example's math (examples/world-football-elo), against the
// eloratings.net rules worked by hand. Its build and run against an install is
// tests/install/install_test.cmake's job.
#include "../examples/world-football-elo/world_football_elo.hpp"

#include <catch2/catch.hpp>

#include <cmath>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_world_football {

TEST_CASE("world football Elo: goal-difference multiplier of K", "[world-football]") {
  using world_football::margin_multiplier;
  CHECK(margin_multiplier(0) == 1.0);
  CHECK(margin_multiplier(1) == 1.0);
  CHECK(margin_multiplier(-1) == 1.0);
  CHECK(margin_multiplier(2) == 1.5);
  CHECK(margin_multiplier(-3) == 1.75);
  CHECK(margin_multiplier(4) == 1.875);   // 1.75 + 1/8
  CHECK(margin_multiplier(7) == 2.25);    // 1.75 + 4/8
  CHECK(margin_multiplier(NAN) == 1.0);   // goals unknown
}

TEST_CASE("world football Elo: expectation with the home side's 100 points", "[world-football]") {
  using world_football::expected;
  CHECK(expected(1500, 1500, 0, 400) == 0.5);
  CHECK(expected(1500, 1500, 100, 400) == Approx(0.6400649998).epsilon(1e-10));  // 1 / (10^-0.25 + 1)
  CHECK(expected(1500, 1900, 0, 400) == Approx(1.0 / 11).epsilon(1e-12));
}

TEST_CASE("world football Elo: a 4-1 home win at a World Cup", "[world-football]") {
  // Equal ratings, K 60, margin 3: 60 * 1.75 * (1 - 0.640065) = 37.7932.
  const double values[] = {400, 1};
  world_football::model m(ratekit::sdk::host(nullptr), ratekit::sdk::params(values, 2));
  double rating[] = {1800, 1800};
  double* columns[] = {rating};
  const rk_state state{sizeof(rk_state), 1, 2, columns, nullptr, nullptr, nullptr};
  rk_game g{};
  g.a = 0, g.b = 1, g.score_a = 1, g.points_a = 4, g.points_b = 1, g.k_a = g.k_b = 60;
  g.adv_predict = g.adv_update = 100;
  const rk_game_batch batch{sizeof(rk_game_batch), 0, &g, 1, nullptr, 0, nullptr, nullptr, nullptr, nullptr, nullptr, 0};
  rk_game_out out{};
  m.rate_games(ratekit::sdk::state(&state), batch, &out);
  CHECK(out.expected_a == Approx(0.6400649998).epsilon(1e-10));
  CHECK(out.delta_a == Approx(37.79317502).epsilon(1e-9));
  CHECK(rating[0] == Approx(1837.79317502).epsilon(1e-11));
  CHECK(rating[1] == Approx(1762.20682498).epsilon(1e-11));
}

}  // namespace test_world_football
