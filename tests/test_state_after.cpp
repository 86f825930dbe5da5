// ABI 1.2 state_after: the SDK's period loops write each side's chosen state
// fields as they stand at the end of the game's period, so the host shows the
// state of every period from one call. Checked against hand-derived FIDE
// first-rating pools and against Glicko rated one period per call.
#include <catch2/catch.hpp>
#include <fide-logistic/fide_logistic.hpp>
#include <glicko/glicko.hpp>

#include "test_fide_common.hpp"
#include "test_glicko_common.hpp"

#include <vector>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_state_after {

using ratekit::plugins::fide_logistic;
using namespace fide_test;
namespace fide = ratekit::plugins::fide;

namespace {

fide_logistic first_ratings() {
  const double values[] = {400, 400, 0, 1, 0, 1400, 26};  // xi, cap, uncapped_from, first_rating, round, floor, pool
  return fide_logistic(ratekit::sdk::host(nullptr), ratekit::sdk::params(values, 7));
}

constexpr uint64_t rated_and_pool = uint64_t(1) << fide::f_rated | uint64_t(1) << fide::f_pool_games;

// Player 0 is unrated and plays games 0 to 4 against rated players; game 5 is between rated players.
const std::vector<rk_game> games = {game(0, 1, 0.0), game(2, 0, 0.5), game(0, 3, 1.0), game(4, 0, 0.5),
                                    game(0, 5, 1.0), game(1, 2, 1.0)};

// {rated, pool_games} of game i's side (0: A), as state_after holds them.
std::pair<double, double> side(const std::vector<double>& after, size_t i, int s) {
  return {after[(2 * i + size_t(s)) * 2], after[(2 * i + size_t(s)) * 2 + 1]};
}

}  // namespace

TEST_CASE("state_after: a first rating shows from the end of the period that earned it", "[sdk][state-after]") {
  std::vector<double> after(games.size() * 2 * 2, -1.0);
  SECTION("two periods: three games, then three; published at the end of the second") {
    players table({1500, 1900, 2000, 1700, 1800, 1600}, {0, 1, 1, 1, 1, 1});
    const uint64_t ends[] = {3, 6};
    rk_game_batch batch = per_game(games);
    batch.period_ends = ends;
    batch.period_count = 2;
    batch.state_after = after.data();
    batch.state_after_fields = rated_and_pool;
    first_ratings().rate_games(table.state(), batch, nullptr);
    // After the first period he has pooled games 0, 1 and 2, whichever side he was.
    for (size_t i = 0; i < 3; ++i) CHECK(side(after, i, i == 1 ? 1 : 0) == std::pair(0.0, 3.0));
    CHECK(side(after, 0, 1) == std::pair(1.0, 0.0));  // his rated opponent
    CHECK(side(after, 3, 1) == std::pair(1.0, 5.0));
    CHECK(side(after, 4, 0) == std::pair(1.0, 5.0));
    CHECK(side(after, 5, 0) == std::pair(1.0, 0.0));
    CHECK(table.column(fide::f_rated, 0) == 1);
  }
  SECTION("a period per game: rated after his fifth game, not before") {
    // His first game is the draw: a zero score in a first event would not count (8.2.1).
    const std::vector<rk_game> one_by_one = {games[1], games[0], games[2], games[3], games[4]};
    players table({1500, 1900, 2000, 1700, 1800, 1600}, {0, 1, 1, 1, 1, 1});
    rk_game_batch batch = per_game(one_by_one);
    batch.state_after = after.data();
    batch.state_after_fields = rated_and_pool;
    first_ratings().rate_games(table.state(), batch, nullptr);
    const int his_side[] = {1, 0, 0, 1, 0};
    for (size_t i = 0; i < 4; ++i) CHECK(side(after, i, his_side[i]) == std::pair(0.0, double(i + 1)));
    CHECK(side(after, 4, 0) == std::pair(1.0, 5.0));
    CHECK(table.rating(0) != 1500);
  }
  SECTION("no fields asked: nothing written") {
    players table({1500, 1900, 2000, 1700, 1800, 1600}, {0, 1, 1, 1, 1, 1});
    rk_game_batch batch = per_game(games);
    batch.state_after = after.data();
    first_ratings().rate_games(table.state(), batch, nullptr);
    for (const double v : after) CHECK(v == -1.0);
  }
}

TEST_CASE("state_after: Glicko's RD per game equals the RD after each period rated alone", "[sdk][state-after][glicko]") {
  const double c[] = {60, ratekit::plugins::glicko::new_rd};  // c and rdmax
  const glicko_test::stream s(7);
  const auto fresh = [&] {
    return glicko_test::table({std::vector<double>(size_t(s.players), 1500), std::vector<double>(size_t(s.players), 350)});
  };
  // Reference: one call per period, the RD read after each.
  glicko_test::table alone = fresh();
  ratekit::plugins::glicko one(ratekit::sdk::host(nullptr), ratekit::sdk::params(c, 2));
  std::vector<double> expected;
  for (const auto& p : s.months) {
    glicko_test::rate(one, alone, {p});
    for (const rk_game& g : p.games)
      for (const int who : {g.a, g.b}) expected.push_back(alone.columns[1][size_t(who)]);
  }
  // One call for every period, the RD written per game.
  glicko_test::table together = fresh();
  ratekit::plugins::glicko all(ratekit::sdk::host(nullptr), ratekit::sdk::params(c, 2));
  std::vector<double> after(expected.size(), -1.0);
  glicko_test::rate(all, together, s.months, after.data(), uint64_t(1) << 1);
  REQUIRE(expected.size() > 40);
  CHECK(after == expected);
}

}  // namespace test_state_after
