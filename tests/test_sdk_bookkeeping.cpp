// The SDK's bookkeeping that every Elo-type plugin leans on: a side flagged
// fixed keeps his rating in both period loops, whatever the model computed.
#include <catch2/catch.hpp>
#include <ratekit/elo.hpp>

#include <cmath>
#include <vector>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_sdk_bookkeeping {

namespace {

// Rates `games` with a plain logistic Elo (xi 400), in one period or a period per game.
std::vector<double> rate(std::vector<double> ratings, const std::vector<rk_game>& games, bool one_period,
                         std::vector<rk_game_out>& out) {
  double* columns[] = {ratings.data()};
  const rk_state s = {sizeof(rk_state), 1, ratings.size(), columns, nullptr, nullptr, nullptr};
  const uint64_t end = games.size();
  const rk_game_batch batch = {sizeof(rk_game_batch), 0, games.data(), games.size(), one_period ? &end : nullptr,
                               one_period ? 1u : 0u, nullptr, nullptr, nullptr, nullptr, nullptr, 0};
  out.assign(games.size(), rk_game_out{});
  ratekit::sdk::elo_updater updater;
  updater.run(ratekit::sdk::state(&s), batch, out.data(),
              [](double ra, double rb, double adv) { return 1 / (1 + std::pow(10.0, -(ra + adv - rb) / 400)); },
              [](const rk_game& g) { return g.score_a; });
  return ratings;
}

rk_game game(int a, int b, double score, uint32_t flags) {
  return rk_game{a, b, score, NAN, NAN, 20, 20, 0, 0, 0, flags, 0u};
}

}  // namespace

TEST_CASE("sdk: a fixed side keeps his rating, in a period and game by game, as A and as B", "[sdk]") {
  // Player 0 (1500) beats the fixed 1 (1500) as A, then loses as B to 2 (1500) who is fixed.
  const std::vector<rk_game> games = {game(0, 1, 1, RK_GAME_FIXED_B), game(2, 0, 1, RK_GAME_FIXED_A)};
  for (const bool one_period : {true, false}) {
    INFO(one_period);
    std::vector<rk_game_out> out;
    const auto r = rate({1500, 1500, 1500}, games, one_period, out);
    CHECK(r[1] == 1500);
    CHECK(r[2] == 1500);
    CHECK(out[0].delta_b == 0);
    CHECK(out[1].delta_a == 0);
    CHECK(out[0].delta_a == Approx(10).margin(1e-12));
    // In one period both games are on 1500s (+10 - 10); game by game the second sees 1510.
    const double second = one_period ? -10 : -20 / (1 + std::pow(10.0, -10 / 400.0));
    CHECK(out[1].delta_b == Approx(second).margin(1e-12));
    CHECK(r[0] == Approx(1510 + second).margin(1e-12));
  }
}

}  // namespace test_sdk_bookkeeping
