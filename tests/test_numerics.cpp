// Numerical edge cases through the built plugins: extreme differences, extreme
// spreads, K = 0, a million games between two players, a 10,000-player event.
//
// Expected values: mpmath at 40 digits for the expectations; for the million
// games an independent Python transcription of the same per-game update (plain
// doubles); for the big event SPEC.md section 4 by hand with Python's
// statistics.NormalDist().inv_cdf.
#include <ratekit/host/config/config.hpp>
#include <ratekit/host/plugin/plugin.hpp>

#include "test_support.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_numerics {

using namespace ratekit;

namespace {

using testing::builtin;

model make(const char* id, const std::vector<std::pair<std::string, std::string>>& params) {
  const auto p = builtin().get(id);
  return model(p, resolve_params(p->descriptor(), params));
}

// The plugin's state columns, initial values, for `players` players.
struct columns {
  std::vector<std::vector<double>> values;
  std::vector<double*> pointers;
  columns(const rk_descriptor& d, size_t players) {
    for (uint32_t f = 0; f < d.state_count; ++f) values.emplace_back(players, d.state[f].initial);
    for (auto& v : values) pointers.push_back(v.data());
  }
  rk_state view() { return {sizeof(rk_state), uint32_t(values.size()), values[0].size(), pointers.data(), nullptr, nullptr, nullptr}; }
  std::vector<double>& rating() { return values[0]; }
};

rk_game game(double score_a, double k) {
  rk_game g{0, 1, score_a, NAN, NAN, k, k, 0.0, 0.0, 0.0, 0u, 0u};
  return g;
}

}  // namespace

TEST_CASE("a difference of 5000 points gives E = 1 - 10^-12.5, finite and below 1", "[numerics]") {
  const model m = make("fide-logistic", {{"xi", "400"}, {"cap", "0"}});
  const double high = m.expect(6500, 1500, 0), low = m.expect(1500, 6500, 0);
  CHECK(high < 1.0);
  CHECK(1.0 - high == Approx(3.162277660167379e-13).epsilon(1e-3));  // doubles near 1 are 1.1e-16 apart
  CHECK(low == Approx(3.162277660167379e-13).epsilon(1e-12));
  // FIDE's 400-point rule: 5000 counts as 400, E = 1 / (1 + 10^-1) = 10/11.
  const model capped = make("fide-logistic", {{"xi", "400"}});
  CHECK(capped.expect(6500, 1500, 0) == Approx(10.0 / 11).epsilon(1e-15));
  CHECK(capped.expect(1500, 6500, 0) == Approx(1.0 / 11).epsilon(1e-15));
}

TEST_CASE("an upset across 5000 points moves K x E, a confirmation almost nothing", "[numerics]") {
  model m = make("fide-logistic", {{"xi", "400"}, {"cap", "0"}});
  columns s(m.source().descriptor(), 2);
  s.rating() = {6500, 1500};
  const std::vector<rk_game> games{game(0.0, 20), game(1.0, 20)};
  std::vector<rk_game_out> out(2);
  const rk_game_batch b{sizeof(rk_game_batch), 0, games.data(), games.size(), nullptr, 0, nullptr, nullptr, nullptr, nullptr, nullptr, 0};
  m.rate_games(s.view(), b, out.data());
  CHECK(out[0].delta_a == Approx(-19.999999999993675).epsilon(1e-12));
  CHECK(out[0].delta_b == Approx(19.999999999993675).epsilon(1e-12));
  CHECK(std::isfinite(out[1].delta_a));
  CHECK(out[1].delta_a >= 0.0);
  CHECK(out[1].delta_a < 1e-11);  // 20 x (1 - E(4960)) ~ 8e-12
}

TEST_CASE("a tiny xi saturates E to exactly 0 and 1, a huge one keeps it near 1/2", "[numerics]") {
  const model tiny = make("fide-logistic", {{"xi", "1"}, {"cap", "0"}});
  CHECK(tiny.expect(1501, 1500, 0) == Approx(10.0 / 11).epsilon(1e-15));  // d = xi: odds 10 to 1
  CHECK(tiny.expect(2500, 1500, 0) == 1.0);                               // 10^-1000 underflows to 0
  CHECK(tiny.expect(1500, 2500, 0) == 0.0);                               // 1 / (1 + inf)
  const model huge = make("fide-logistic", {{"xi", "1000000"}, {"cap", "0"}});
  CHECK(huge.expect(1900, 1500, 0) == Approx(0.5002302584930220).epsilon(1e-14));
  CHECK(huge.expect(1500, 1500, 0) == 0.5);
  // Saturated expectations still give finite changes: the favourite's win moves nothing.
  model m = make("fide-logistic", {{"xi", "1"}, {"cap", "0"}});
  columns s(m.source().descriptor(), 2);
  s.rating() = {2500, 1500};
  const rk_game g = game(1.0, 20);
  rk_game_out out{};
  m.rate_games(s.view(), {sizeof(rk_game_batch), 0, &g, 1, nullptr, 0, nullptr, nullptr, nullptr, nullptr, nullptr, 0}, &out);
  CHECK(s.rating()[0] == 2500.0);
  CHECK(s.rating()[1] == 1500.0);
}

TEST_CASE("K = 0 changes no rating, to the last bit", "[numerics]") {
  model m = make("fide-logistic", {{"cap", "0"}});
  columns s(m.source().descriptor(), 2);
  s.rating() = {2837.25, 1003.5};
  std::vector<rk_game> games;
  for (int i = 0; i < 1000; ++i) games.push_back(game(i % 3 == 0 ? 0.0 : i % 3 == 1 ? 0.5 : 1.0, 0.0));
  const uint64_t end = games.size();
  m.rate_games(s.view(), {sizeof(rk_game_batch), 0, games.data(), games.size(), &end, 1, nullptr, nullptr, nullptr, nullptr, nullptr, 0}, nullptr);
  CHECK(s.rating()[0] == 2837.25);
  CHECK(s.rating()[1] == 1003.5);
}

TEST_CASE("a million games between the same two players stay finite and exact", "[numerics]") {
  // A wins all 10^6 games, one period each, K 20: d grows like 400 log10(n) and
  // E approaches 1 without reaching it.
  model m = make("fide-logistic", {{"xi", "400"}, {"cap", "0"}});
  columns s(m.source().descriptor(), 2);
  s.rating() = {1500, 1500};
  const std::vector<rk_game> games(1000000, game(1.0, 20));
  m.rate_games(s.view(), {sizeof(rk_game_batch), 0, games.data(), games.size(), nullptr, 0, nullptr, nullptr, nullptr, nullptr, nullptr, 0}, nullptr);
  CHECK(s.rating()[0] == Approx(2572.4393645188447).epsilon(1e-12));
  CHECK(s.rating()[1] == Approx(427.5606354813161).epsilon(1e-12));
  CHECK(s.rating()[0] + s.rating()[1] == Approx(3000).epsilon(1e-12));  // Elo is zero-sum
}

TEST_CASE("a 10,000-player event is rated with finite, symmetric results", "[numerics][elod]") {
  // Everybody at 1500, volatility 300, 5 events played: WP = 1/2 for every
  // pair, so ERank = 0.5 + 10000 / 2 = 5000.5 and EPerf = 0; CF = 300;
  // Weight = 1 / (1 - (0.42 / 6 + 0.18)) - 1 = 1/3; Cap = 150 + 1500 / 7.
  const size_t n = 10000;
  model m = make("elod-duplicate-scrabble", {});
  columns s(m.source().descriptor(), n);
  std::fill(s.values[1].begin(), s.values[1].end(), 300.0);
  std::fill(s.values[2].begin(), s.values[2].end(), 5.0);
  std::fill(s.rating().begin(), s.rating().end(), 1500.0);
  std::vector<rk_entry> entries;
  for (size_t i = 0; i < n; ++i) entries.push_back({int32_t(i), 0, double(i + 1)});
  const rk_event event{0, n, 15};
  std::vector<rk_entry_out> out(n);
  m.rate_events(s.view(), {sizeof(rk_event_batch), 0, entries.data(), n, &event, 1, nullptr}, out.data());
  for (size_t i = 0; i < n; ++i) {
    INFO("rank " << i + 1);
    REQUIRE(std::isfinite(s.rating()[i]));
    REQUIRE(std::isfinite(s.values[1][i]));
    REQUIRE(out[i].expected == Approx(5000.5).epsilon(1e-12));
  }
  // APerf = -Phi^-1((rank - 0.5) / 10000), PerfAs = 1500 + 300 APerf, NewR = (R + PerfAs / 3) / (4 / 3).
  CHECK(s.rating()[0] == Approx(1791.794391480982).epsilon(1e-9));
  CHECK(s.values[1][0] == Approx(568.2709747112464).epsilon(1e-9));
  CHECK(s.rating()[1] == Approx(1771.1475005193497).epsilon(1e-9));
  CHECK(s.rating()[4999] == Approx(1500.0093998560544).epsilon(1e-9));
  CHECK(s.rating()[n - 1] == Approx(1208.205608519016).epsilon(1e-9));
  CHECK(s.rating()[0] - 1500 == Approx(1500 - s.rating()[n - 1]).epsilon(1e-9));  // mirror image
}

}  // namespace test_numerics
