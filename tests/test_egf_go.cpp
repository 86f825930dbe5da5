// egf-go against the published numbers of the EGF GoR system (SPEC section 3, seed 001).
#include "model_pool.hpp"
#include "test_support.hpp"

#include <catch2/catch.hpp>
#include <egf-go/egf_go.hpp>
#include <ratekit/host/engine/engine.hpp>
#include <ratekit/host/config/k_schedule.hpp>
#include <ratekit/host/plugin/plugin.hpp>

#include <cmath>
#include <cstring>
#include <utility>
#include <vector>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_egf_go {

using ratekit::plugins::egf_a;
using ratekit::plugins::egf_go;
using ratekit::plugins::egf_p;

namespace {

// The EGF con table (seed 001): GoR 100..2700 in steps of 100.
const std::vector<std::pair<double, double>> con_table = {
    {100, 116}, {200, 110}, {300, 105},  {400, 100},  {500, 95},   {600, 90},   {700, 85},
    {800, 80},  {900, 75},  {1000, 70},  {1100, 65},  {1200, 60},  {1300, 55},  {1400, 51},
    {1500, 47}, {1600, 43}, {1700, 39},  {1800, 35},  {1900, 31},  {2000, 27},  {2100, 24},
    {2200, 21}, {2300, 18}, {2400, 15},  {2500, 13},  {2600, 11},  {2700, 10}};

double con(double rating) { return ratekit::interpolate(con_table, rating); }

double round_to(double x, int decimals) {
  const double scale = std::pow(10.0, decimals);
  return std::round(x * scale) / scale;
}

// One pool of players rated through the model, con from the table at the pre-period rating.
struct pool : model_pool<egf_go> {
  explicit pool(std::vector<double> ratings, double epsilon = 0.0) : model_pool(std::move(ratings), {epsilon}) {}

  void play(int32_t a, int32_t b, double score_a, double handicap = 0.0) {
    rk_game& g = model_pool::play(a, b, score_a, 0.0, 0u, handicap);
    g.k_a = con(rating[a]);
    g.k_b = con(rating[b]);
  }
};

}  // namespace

TEST_CASE("egf-go reproduces the SE(100) column of the EGF table", "[egf-go]") {
  // P of beating someone 100 points stronger, in percent (seed 001), GoR 100..2700.
  const double se100[] = {37.8, 37.5, 37.1, 36.8, 36.5, 36.1, 35.7, 35.3, 34.9, 34.4, 33.9, 33.4, 32.9, 32.3,
                          31.7, 31.0, 30.3, 29.5, 28.7, 27.8, 26.9, 25.9, 24.8, 23.6, 22.3, 20.9, 19.3};
  double eps = 0.0;
  const egf_go model(ratekit::sdk::host(nullptr), ratekit::sdk::params(&eps, 1));
  for (int i = 0; i < 27; ++i) {
    const double r = 100.0 + 100.0 * i;
    INFO("GoR " << r);
    CHECK(round_to(100.0 * model.expect(r, r + 100.0, 0.0), 1) == Approx(se100[i]).margin(1e-9));
  }
}

TEST_CASE("egf-go a comes from the weaker player and is flat outside 100..2700", "[egf-go]") {
  CHECK(egf_a(100) == 200.0);
  CHECK(egf_a(1600) == 125.0);
  CHECK(egf_a(1721) == Approx(118.95).margin(1e-12));  // the seed rounds it to 119
  CHECK(egf_a(2700) == 70.0);
  CHECK(egf_a(-500) == 200.0);
  CHECK(egf_a(2950) == 70.0);
  // 1675 against 1775: the seed rounds a = 121.25 to 121 and gets 30.4%; unrounded it is 30.476%.
  CHECK(egf_a(1675) == 121.25);
  CHECK(round_to(egf_p(100, 121), 3) == Approx(0.304).margin(1e-12));
  CHECK(egf_p(100, egf_a(1675)) == Approx(0.30476).margin(1e-5));
  const rk_game g = ratekit::make_game(0, 1, 1.0);
  CHECK(egf_go::evaluate(g, 2073, 1721).a == Approx(118.95).margin(1e-12));
  CHECK(egf_go::evaluate(g, 1721, 2073).a == Approx(118.95).margin(1e-12));
}

TEST_CASE("egf-go con interpolates the EGF table", "[egf-go]") {
  CHECK(con(1675) == Approx(40.0).margin(1e-12));
  CHECK(con(1721) == Approx(38.16).margin(1e-12));
  CHECK(con(50) == 116.0);
  CHECK(con(2900) == 10.0);
}

TEST_CASE("egf-go rates the seed's tournament on pre-tournament ratings", "[egf-go]") {
  // 0: the author 1721; 1: Monique 2073; 2: Philippe 1724; 3: Oscar 1600; 4: Carles 1617.
  pool t({1721, 2073, 1724, 1600, 1617});
  t.play(0, 1, 0.0);
  t.play(0, 2, 1.0);
  t.play(0, 3, 0.0);
  t.play(0, 4, 1.0);
  t.play(1, 2, 1.0);  // later rounds between the others must not move the author's numbers
  t.rate();
  const double p[] = {0.049, 0.494, 0.725, 0.698};
  double sum = 0;
  double delta = 0;
  for (int i = 0; i < 4; ++i) {
    CHECK(round_to(t.out[i].expected_a, 3) == Approx(p[i]).margin(1e-12));
    sum += t.out[i].expected_a;
    delta += t.out[i].delta_a;
  }
  CHECK(round_to(sum, 3) == Approx(1.966).margin(1e-12));
  CHECK(round_to(t.rating[0] - 1721, 2) == Approx(1.31).margin(1e-12));
  CHECK(std::round(t.rating[0] - 1721) == 1.0);
  CHECK(t.rating[0] - 1721 == Approx(delta).margin(1e-12));
  // Monique: won against 1721 (P 0.951) and 1724 (a = 118.8), con(2073) = 24.81.
  const double gain = 24.81 * ((1 - 1 / (std::exp(-352 / 118.95) + 1)) + (1 - 1 / (std::exp(-349 / 118.8) + 1)));
  CHECK(t.rating[1] - 2073 == Approx(gain).margin(1e-9));
}

TEST_CASE("egf-go with Oscar at 1533 expects 0.812 against him", "[egf-go]") {
  pool t({1721, 1533});
  t.play(0, 1, 0.0);
  t.rate();
  CHECK(round_to(t.out[0].expected_a, 3) == Approx(0.812).margin(1e-12));
  CHECK(egf_go::evaluate(t.games[0], 1721, 1533).a == Approx(128.35).margin(1e-12));
}

TEST_CASE("egf-go epsilon takes epsilon/2 from each side's expected result", "[egf-go]") {
  // Two 1 dan players (con 24, a 100), the first wins: Se = 0.5 - 0.008 = 0.492 each.
  pool even({2100, 2100}, 0.016);
  even.play(0, 1, 1.0);
  even.rate();
  CHECK(even.out[0].expected_a == Approx(0.492).margin(1e-12));
  CHECK(even.rating[0] == Approx(2100 + 24 * 0.508).margin(1e-9));  // +12.192
  CHECK(even.rating[1] == Approx(2100 - 24 * 0.492).margin(1e-9));  // -11.808
  // The seed's tournament: sum Se = 1.965698 - 4 * 0.008 = 1.933698, change 38.16 * 0.066302 = +2.53.
  pool t({1721, 2073, 1724, 1600, 1617}, 0.016);
  t.play(0, 1, 0.0);
  t.play(0, 2, 1.0);
  t.play(0, 3, 0.0);
  t.play(0, 4, 1.0);
  t.rate();
  CHECK(round_to(t.rating[0] - 1721, 2) == Approx(2.53).margin(1e-12));
}

TEST_CASE("egf-go handicap moves D by 100 * (stones - 0.5)", "[egf-go]") {
  // 5 kyu (1600) takes 5 stones from 1 dan (2100): D = 500 - 450 = 50, a = 125,
  // P = 1 / (e^0.4 + 1) = 0.401312.
  pool t({1600, 2100});
  t.play(0, 1, 1.0, 5.0);   // A receives
  t.play(1, 0, 1.0, -5.0);  // the same game seen from the stronger side
  t.rate();
  CHECK(t.out[0].expected_a == Approx(0.401312).margin(1e-6));
  CHECK(t.out[1].expected_a == Approx(1 - 0.401312).margin(1e-6));
}

TEST_CASE("egf-go: one stone is worth 50 points, none is an even game", "[egf-go]") {
  // 1600 against 2100, a = 125: even, D = 500, P = 1 / (e^4 + 1); with one stone
  // (no komi) D = 500 - 50 = 450, P = 1 / (e^3.6 + 1); with two, D = 350, P = 1 / (e^2.8 + 1).
  pool t({1600, 2100});
  t.play(0, 1, 1.0, 0.0);
  t.play(0, 1, 1.0, 1.0);
  t.play(0, 1, 1.0, 2.0);
  t.play(1, 0, 0.0, -1.0);  // one stone seen from the giver
  t.rate();
  CHECK(t.out[0].expected_a == Approx(1 / (std::exp(4.0) + 1)).margin(1e-12));
  CHECK(t.out[1].expected_a == Approx(1 / (std::exp(3.6) + 1)).margin(1e-12));
  CHECK(t.out[2].expected_a == Approx(1 / (std::exp(2.8) + 1)).margin(1e-12));
  CHECK(t.out[3].expected_a == Approx(1 - 1 / (std::exp(3.6) + 1)).margin(1e-12));
}

TEST_CASE("egf-go refuses fractional handicaps naming the game", "[egf-go]") {
  pool t({1600, 2100});
  t.play(0, 1, 1.0);
  t.play(0, 1, 1.0, 2.5);
  try {
    t.rate();
    FAIL("no failure");
  } catch (const ratekit::sdk::failure& e) {
    CHECK(e.index() == 1);
    CHECK(e.code() == RK_ERR_DOMAIN);
  }
}

TEST_CASE("egf-go: a tournament refused half way leaves nothing behind for the next call", "[egf-go]") {
  // The first call fails on its second game (2.5 stones) after the first game's
  // change was accumulated; the next tournament must rate as on a fresh model.
  pool t({2100, 2100});
  t.play(0, 1, 1.0);
  t.play(0, 1, 1.0, 2.5);
  CHECK_THROWS_AS(t.rate(), ratekit::sdk::failure);
  CHECK(t.rating == std::vector<double>{2100, 2100});  // refused before any change
  t.games.clear();
  t.play(1, 0, 1.0);
  t.rate();
  // Even game at 2100 each: P = 1/2, con 24, so B (player 1) wins +12 and A loses 12.
  CHECK(t.rating[1] == Approx(2112).margin(1e-12));
  CHECK(t.rating[0] == Approx(2088).margin(1e-12));
  CHECK(t.out[0].delta_b == Approx(-12).margin(1e-12));
}

TEST_CASE("egf-go rates each tournament on the ratings the previous one left", "[egf-go]") {
  // Game by game: the second game sees the first one's result.
  pool t({2100, 2100});
  t.play(0, 1, 1.0);
  t.play(0, 1, 1.0);
  t.rate(true);
  CHECK(t.out[0].delta_a == Approx(12.0).margin(1e-12));
  // After +12 / -12: a = 200 - 1988/20 = 100.6 from the weaker, D = -24.
  const double p = 1 / (std::exp(-24 / 100.6) + 1);
  CHECK(t.out[1].expected_a == Approx(p).margin(1e-12));
  CHECK(t.rating[0] == Approx(2112 + 24 * (1 - p)).margin(1e-9));
}

TEST_CASE("egf-go loads as a plugin with the a and P report columns", "[egf-go]") {
  const auto plugin = ratekit::plugin::load(std::filesystem::path(RATEKIT_BUILD_PLUGIN_DIR) / "ratekit-egf-go.so");
  CHECK(plugin->id() == "egf-go");
  CHECK(plugin->has(RK_CAP_USES_K));
  CHECK(plugin->has(RK_CAP_HANDICAP));
  CHECK(plugin->descriptor().state[0].initial == 100.0);
  const rk_ext_game_columns* ext = plugin->game_columns();
  REQUIRE(ext != nullptr);
  REQUIRE(ext->count == 2);
  CHECK(std::strcmp(ext->names[0], "a") == 0);
  CHECK(std::strcmp(ext->names[1], "P") == 0);
  const rk_game g = ratekit::make_game(0, 1, 0.0);
  double values[2];
  REQUIRE(ext->values(nullptr, &g, 1721, 2073, values, nullptr) == RK_OK);
  CHECK(values[0] == Approx(118.95).margin(1e-12));
  CHECK(round_to(values[1], 3) == Approx(0.049).margin(1e-12));
}

namespace {

ratekit::run_result rate_config(const char* config) {
  static const ratekit::plugin_registry registry({std::filesystem::path(RATEKIT_BUILD_PLUGIN_DIR)});
  const auto file = std::filesystem::path(RATEKIT_SOURCE_DIR) / "configs" / config;
  return ratekit::rate(ratekit::load_config(file, registry), registry);
}

}  // namespace

TEST_CASE("egf-go rates the seed's tournament file through the host", "[egf-go]") {
  const ratekit::run_result run = rate_config("egf-example.yaml");
  REQUIRE(run.data.players.name(0) == "Author");
  const double p[] = {0.049, 0.494, 0.725, 0.698};
  REQUIRE(run.game_out.size() == 4);
  for (size_t i = 0; i < 4; ++i) {
    CHECK(round_to(run.game_out[i].expected_a, 3) == Approx(p[i]).margin(1e-12));
    CHECK(run.data.games[i].k_a == Approx(38.16).margin(1e-12));
  }
  CHECK(round_to(run.state.rating()[0] - 1721, 2) == Approx(1.31).margin(1e-12));
  // Carles (1617, con 43 - 4 * 0.17 = 42.32) lost at P = 0.302.
  CHECK(run.data.games[3].k_b == Approx(42.32).margin(1e-12));
  CHECK(run.state.rating()[4] - 1617 == Approx(-42.32 * (1 - 0.6979798)).margin(1e-5));
}

TEST_CASE("egf-go official config takes epsilon 0.016", "[egf-go]") {
  const ratekit::run_result run = rate_config("egf-gor-official.yaml");
  CHECK(round_to(run.state.rating()[0] - 1721, 2) == Approx(2.53).margin(1e-12));
}

TEST_CASE("egf-example: ratekit run --report prints the seed's worked example", "[egf-go][integration]") {
  ratekit::testing::temp_dir dir;
  const auto r = ratekit::testing::run_cli("run -q --report " +
                                           ratekit::testing::source_path("configs/egf-example.yaml").string() +
                                           " --out " + (dir / "out").string());
  REQUIRE(r.status == 0);
  // Seed 001: P = 0.049, 0.494, 0.725, 0.698 with con 38.16; sum 1.966, change +1.31.
  CHECK_THAT(r.out, Catch::Contains("| Monique | 2073 | 0.049 | 0.0 | 38.16 | -1.88 | 118.95 | 0.049 |"));
  CHECK_THAT(r.out, Catch::Contains("| Philippe | 1724 | 0.494 | 1.0 | 38.16 | +19.32 | 118.95 | 0.494 |"));
  CHECK_THAT(r.out, Catch::Contains("| Óscar | 1600 | 0.725 | 0.0 | 38.16 | -27.66 | 125 | 0.725 |"));
  CHECK_THAT(r.out, Catch::Contains("| Carles | 1617 | 0.698 | 1.0 | 38.16 | +11.53 | 124.15 | 0.698 |"));
  CHECK_THAT(r.out, Catch::Contains("4 games, score 2.0, expected 1.966, change +1.31: 1721.0 -> **1722.3**"));
}

}  // namespace test_egf_go
