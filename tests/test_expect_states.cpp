// Expectations from both players' whole state (ABI 1.1 expect_states): Glicko
// and Glicko-2 combine the two RDs; plugins without it fall back to the ratings.
#include <ratekit/host/plugin/plugin.hpp>

#include <catch2/catch.hpp>

#include <filesystem>
#include <vector>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_expect_states {

using namespace ratekit;
namespace fs = std::filesystem;

namespace {

const plugin_registry& built_plugins() {
  static const plugin_registry registry(plugin_registry::search_path({}));
  return registry;
}

}  // namespace

// Glickman's example player (1500, RD 200) against his three opponents, by
// "The Glicko system": E = 1 / (1 + 10^(-g(RD) (r_A - r_B) / 400)) with
// RD = sqrt(RD_A^2 + RD_B^2), g(RD) = 1 / sqrt(1 + 3 q^2 RD^2 / pi^2), q = ln 10 / 400.
//   vs (1400, 30):  RD = sqrt(40900) = 202.2375, g = 0.841567, E = 1 / (1 + 10^-0.210392) = 0.618797
//   vs (1550, 100): RD = sqrt(50000) = 223.6068, g = 0.815513, E = 1 / (1 + 10^0.101939)  = 0.441587
//   vs (1700, 300): RD = sqrt(130000) = 360.5551, g = 0.658035, E = 1 / (1 + 10^0.329018) = 0.319169
// (The update uses the opponent's RD alone: 0.639, 0.432, 0.303 in Glickman's example.)
// Glicko-2 gives the same on its scale (phi = RD / 173.7178, mu = (r - 1500) / 173.7178),
// up to the scale's rounding of 400 / ln 10.
TEST_CASE("glicko and glicko2 expect from both RDs, as Glickman predicts a game", "[expect_states][glicko]") {
  const double a[] = {1500, 200, 0.06};
  const double opponents[3][3] = {{1400, 30, 0.06}, {1550, 100, 0.06}, {1700, 300, 0.06}};
  const double expected[3] = {0.618797, 0.441587, 0.319169};
  for (const char* id : {"glicko", "glicko2"}) {
    const auto p = built_plugins().get(id);
    std::vector<double> defaults;  // every parameter at its default
    for (uint32_t i = 0; i < p->descriptor().param_count; ++i) defaults.push_back(p->descriptor().params[i].default_value);
    const model m(p, defaults);
    INFO(id);
    REQUIRE(m.expects_from_states());
    for (int i = 0; i < 3; ++i) {
      CHECK(m.expect(a, opponents[i], 0) == Approx(expected[i]).margin(1e-6));
      CHECK(m.expect(opponents[i], a, 0) == Approx(1 - expected[i]).margin(1e-6));
    }
    // 50 points of advantage to A against (1550, 100) make the sides level.
    CHECK(m.expect(a, opponents[1], 50) == Approx(0.5).margin(1e-12));
    // Certain ratings (RD 0): g = 1, the plain logistic 1 / (1 + 10^(-100/400)) = 0.640065.
    const double sure_a[] = {1500, 0, 0.06}, sure_b[] = {1400, 0, 0.06};
    CHECK(m.expect(sure_a, sure_b, 0) == Approx(0.6400649998).margin(1e-6));
    // Larger RDs flatten the expectation towards 0.5.
    const double unsure_a[] = {1500, 350, 0.06}, unsure_b[] = {1400, 350, 0.06};
    CHECK(m.expect(unsure_a, unsure_b, 0) < m.expect(sure_a, sure_b, 0));
    CHECK(m.expect(unsure_a, unsure_b, 0) > 0.5);
  }
}

TEST_CASE("a plugin without expect_states is asked for the ratings alone", "[expect_states][abi]") {
  const double a[] = {1900, 123, 4}, b[] = {1500, 456, 7};
  const auto logistic = built_plugins().get("fide-logistic");
  std::vector<double> params;
  for (uint32_t i = 0; i < logistic->descriptor().param_count; ++i) params.push_back(logistic->descriptor().params[i].default_value);
  const model fide(logistic, params);
  CHECK_FALSE(fide.expects_from_states());
  CHECK(fide.expect(a, b, 0) == Approx(1.0 / 1.1).epsilon(1e-12));  // 1 / (1 + 10^(-400/400))
  // The 1.0 plugin's entry ends before expect_states: the host never reads past it.
  const auto old = plugin::load(fs::path(RATEKIT_TEST_PLUGIN_DIR) / "ratekit-abi10-elo.so");
  CHECK(old->entry().struct_size == RK_PLUGIN_ENTRY_SIZE_1_0);
  const model abi10(old, {});
  CHECK_FALSE(abi10.expects_from_states());
  CHECK(abi10.expect(a, b, 0) == Approx(1.0 / 1.1).epsilon(1e-12));
  CHECK(abi10.expect(a, b, -400) == Approx(0.5).epsilon(1e-12));
}

}  // namespace test_expect_states
