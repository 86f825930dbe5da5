// whr's sweep is one Newton step on all player-days at once, solved by conjugate gradients preconditioned
// with each player's tridiagonal block (plugins/whr/joint_newton.hpp): near the mode each sweep cuts the
// error by the inner solve's tolerance (1/100) or better, where Coulom's player-by-player sweep took a
// fixed 1% or so off it, and the inner solve needs few iterations because each player's own days (linked
// by the Wiener process) are solved exactly by the preconditioner.
#include "whr_support.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_whr_joint_newton {

using namespace ratekit::testing;

namespace {

// Seeded: 40 players over eight years, 3,000 duels two days apart at most, every fifth a draw, home sides
// 0, 35 or 70 Elo up; long careers of many days each, so the Wiener links matter.
whole_history_builder long_careers_history() {
  uint64_t seed = 53;
  auto next = [&seed] { return (seed = seed * 6364136223846793005ull + 1442695040888963407ull) >> 33; };
  whole_history_builder b;
  for (int g = 0; g < 3000; ++g) {
    const auto a = int32_t(next() % 40), step = int32_t(1 + next() % 39);
    const double score = next() % 5 == 0 ? 0.5 : double(next() % 2);
    b.duel(double(g * 2920 / 3000), a, (a + step) % 40, score, double(next() % 3) * 35);
  }
  return b;
}

}  // namespace

TEST_CASE("whr: the joint Newton sweeps converge in a handful of sweeps", "[whr][joint_newton]") {
  whole_history_builder b = long_careers_history();
  const rk_wh_history& h = b.build();
  auto model = make_whr();
  model.load(ratekit::sdk::history(h));
  std::vector<double> changes;
  int inner = 0;
  for (double change = INFINITY; change > 1e-9 && changes.size() < 1000;)
    changes.push_back(change = model.sweep()), inner += model.inner_iterations();
  INFO("sweeps " << changes.size() << ", inner iterations " << inner);
  // Player by player (the sweep before this one) this history took over 1,000 sweeps.
  CHECK(changes.size() >= 3);
  CHECK(changes.size() <= 12);
  CHECK(inner >= 10);
  CHECK(inner <= 400);
  // From the first change under 1 Elo, nine orders of magnitude in at most six sweeps: thirtyfold or more
  // each, where a linear rate of 1% a sweep would take two thousand.
  const auto near = std::find_if(changes.begin(), changes.end(), [](double c) { return c < 1.0; });
  CHECK(changes.end() - near <= 6);
  CHECK(changes.end() - near >= 2);
}

}  // namespace test_whr_joint_newton
