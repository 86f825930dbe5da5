// whr's safeguarded Newton step: from any start, no sweep lowers the log posterior (raises the negative one),
// and the sweeps still reach the converged estimates. A full Newton step overshoots far from the optimum,
// where the logistic's curvature vanishes: a warm start thousands of Elo away shows it.
#include "whr_support.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_whr_safeguard {

using namespace ratekit::testing;

namespace {

// 60 duels among 5 players on 12 days a month apart, every fourth a draw.
whole_history_builder some_history() {
  whole_history_builder b;
  for (int g = 0; g < 60; ++g) b.duel(g / 5 * 30, g % 5, (g + 1 + g % 3) % 5, g % 4 == 0 ? 0.5 : double(g % 2));
  return b;
}

}  // namespace

TEST_CASE("whr: from a start far off, no sweep lowers the log posterior", "[whr][safeguard]") {
  whole_history_builder b = some_history();
  const rk_wh_history& h = b.build();
  const whr_estimates full = converged(h);
  for (const double far : {3000.0, -2500.0, 800.0}) {
    DYNAMIC_SECTION("every player at " << far << " Elo, the first at " << -far) {
      auto model = make_whr();
      model.load(ratekit::sdk::history(h));
      std::vector<double> mean(h.entry_count, far), sd(h.entry_count, 100.0);
      for (uint64_t e = 0; e < h.entry_count; ++e)
        if (h.entries[e].player == 0) mean[e] = -far;
      model.warm_start(mean.data(), sd.data());
      double posterior = model.log_evidence();
      int sweeps = 0;
      for (double change = INFINITY; change > 1e-9 && sweeps < 5000; ++sweeps) {
        change = model.sweep();
        const double next = model.log_evidence();
        INFO("sweep " << sweeps + 1 << ": " << posterior << " to " << next);
        REQUIRE(next >= posterior - 1e-9 * std::abs(posterior));
        posterior = next;
      }
      const whr_estimates e = estimates_of(model, h);
      for (size_t i = 0; i < e.mean.size(); ++i) CHECK(e.mean[i] == Approx(full.mean[i]).margin(1e-6));
    }
  }
}

TEST_CASE("whr: near the optimum the step is Newton's own, as the reference takes it", "[whr][safeguard]") {
  // One game between new players, w2 irrelevant: Newton from 0 on both at once, the winner's r = x with the
  // virtual games (prior) and the loser at -x; the first sweep's change is the full step, not a halved one.
  whole_history_builder b;
  const rk_wh_history& h = b.duel(0, 0, 1, 1).build();
  auto model = make_whr();
  model.load(ratekit::sdk::history(h));
  // At r 0 for both: the winner's gradient 1/2 (game) + 0 (virtual games), the Hessian -(1/4 + 1/2) on the
  // diagonal and +1/4 linking the two (the game): H (x, -x) = (-1/2, 1/2) x = -(1/2, -1/2), a step of 1/2
  // natural units each (the player-by-player step, the loser held still, was 2/3).
  CHECK(model.sweep() == Approx(0.5 * elo_per_nat).epsilon(1e-12));
}

}  // namespace test_whr_safeguard
