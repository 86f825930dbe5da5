// World Football Elo (eloratings.net): the logistic Elo with the home side's
// 100 points, K by match importance (chosen by the host's K schedule) and K
// scaled up by the goal difference.
#pragma once

#include <ratekit/elo.hpp>

#include <cmath>

namespace world_football {

// The home team's expected result: E = 1 / (10^(-dr/xi) + 1), dr = rating
// difference with the home advantage on A's side.
inline double expected(double ra, double rb, double advantage, double xi) {
  return 1.0 / (std::pow(10.0, -(ra + advantage - rb) / xi) + 1.0);
}

// K's multiplier for a win by `margin` goals: 1 up to one goal, 1.5 for two,
// 1.75 for three, 1.75 + (N - 3) / 8 for N >= 4.
inline double margin_multiplier(double margin) {
  const double n = std::fabs(margin);
  if (!(n >= 2)) return 1.0;  // also when the goals are unknown (NaN)
  if (n < 3) return 1.5;
  return 1.75 + (n - 3) / 8;
}

class model {
 public:
  static const rk_descriptor descriptor;
  enum param : uint32_t { p_xi, p_margin };

  model(const ratekit::sdk::host&, ratekit::sdk::params p) : xi_(p[p_xi]), margin_(p[p_margin] != 0) {}

  double expect(double ra, double rb, double advantage) const { return expected(ra, rb, advantage, xi_); }

  void rate_games(const ratekit::sdk::state& s, const rk_game_batch& batch, rk_game_out* out) {
    updater_.run_with(
        s, batch, out,
        [this](const rk_game& g, const double* rating) {
          const double ra = rating[g.a], rb = rating[g.b];
          const double predicted = expect(ra, rb, g.adv_predict);
          const double e = g.adv_update == g.adv_predict ? predicted : expect(ra, rb, g.adv_update);
          const double g_factor = margin_ ? margin_multiplier(g.points_a - g.points_b) : 1.0;
          const double surprise = g_factor * (g.score_a - e);
          return ratekit::sdk::elo_change{predicted, g.k_a * surprise, -g.k_b * surprise};  // fixed sides: the SDK
        },
        [](uint64_t, uint64_t) {});
  }

 private:
  double xi_;
  bool margin_;
  ratekit::sdk::elo_updater updater_;
};

}  // namespace world_football
