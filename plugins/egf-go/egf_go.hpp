// egf-go: the European Go Federation GoR system in force until 2021.
// P = 1 / (e^(D/a) + 1), D = opponent's GoR - own GoR, a from the weaker player;
// R' = R + con * (S - Se) with Se = P - epsilon/2, summed over a tournament.
#pragma once

#include <ratekit/elo.hpp>

#include <algorithm>
#include <cmath>

namespace ratekit::plugins {

// The spread a of the weaker player's GoR; the scale is flat below 100 and from 2700 up.
inline double egf_a(double weaker) { return 200.0 - (std::clamp(weaker, 100.0, 2700.0) - 100.0) / 20.0; }

// Win probability of a player whose opponent is d points stronger.
inline double egf_p(double d, double a) { return 1.0 / (std::exp(d / a) + 1.0); }

// Rating points the player receiving h stones gains in D: 100 (h - 0.5) from one
// stone up (one stone, no komi, is worth half a grade: 50); 0 is an even game.
inline double egf_handicap_shift(double stones) { return stones >= 1.0 ? 100.0 * (stones - 0.5) : 0.0; }

class egf_go {
 public:
  static const rk_descriptor descriptor;
  enum param : uint32_t { p_epsilon };

  egf_go(const sdk::host&, sdk::params p) : epsilon_(p[p_epsilon]) {}

  // A's expected result against B with `advantage` points on A's side.
  double expect(double ra, double rb, double advantage) const {
    return egf_p(rb - ra - advantage, egf_a(std::min(ra, rb))) - epsilon_ / 2.0;
  }

  // a and A's win probability P for game g on ratings ra, rb (handicap included).
  struct view {
    double a, p_a;
  };
  static view evaluate(const rk_game& g, double ra, double rb) {
    const double shift = egf_handicap_shift(g.handicap) - egf_handicap_shift(-g.handicap);
    const double a = egf_a(std::min(ra, rb));
    return {a, egf_p(rb - ra - shift, a)};
  }

  // Every period (a tournament) is evaluated on the ratings from its start:
  // the SDK's period loop accumulates the changes and applies them at its end.
  void rate_games(const sdk::state& s, const rk_game_batch& batch, rk_game_out* out) {
    for (uint64_t i = 0; i < batch.game_count; ++i) check_handicap(batch.games[i], i);
    updater_.run_with(s, batch, out, [&](const rk_game& g, const double* rating) {
      const view v = evaluate(g, rating[g.a], rating[g.b]);
      // Se_A + Se_B = 1 - epsilon: each side loses epsilon/2 of its probability.
      const double se_a = v.p_a - epsilon_ / 2.0, se_b = (1.0 - v.p_a) - epsilon_ / 2.0;
      return sdk::elo_change{se_a, g.k_a * (g.score_a - se_a), g.k_b * ((1.0 - g.score_a) - se_b), se_b};
    }, [](uint64_t, uint64_t) {});
  }

  static const void* extension(const char* id);

 private:
  // Checked before any game is rated, so a refused batch changes nothing.
  static void check_handicap(const rk_game& g, uint64_t i) {
    if (!(std::isfinite(g.handicap) && g.handicap == std::floor(g.handicap) && std::abs(g.handicap) <= 9.0))
      throw sdk::failure(RK_ERR_DOMAIN, "handicap must be a whole number of stones from -9 to 9", int64_t(i));
  }

  double epsilon_;
  sdk::elo_updater updater_;
};

}  // namespace ratekit::plugins
