// fifa-sum: FIFA's men's world ranking since August 2018 ("SUM"):
// P = P_before + I (W - We), We = 1 / (10^(-dr/600) + 1), dr = P_before - the
// opponent's P_before. I, the importance of the match, is the K the host's
// schedule gives (by tournament and stage); W is 1, 0.5 or 0, and after a
// penalty shoot-out 0.75 for its winner and 0.5 for the loser; in a knockout
// round of a final competition (the playoff flag) a team loses no points.
#pragma once

#include <ratekit/elo.hpp>

#include <cmath>

namespace ratekit::plugins {

// We of a team whose points exceed its opponent's by dr.
inline double fifa_we(double dr) { return 1.0 / (std::pow(10.0, -dr / 600.0) + 1.0); }

// Both teams' W: the result, or a shoot-out's 0.75 and 0.5.
struct fifa_results {
  double a, b;
};
inline fifa_results fifa_w(const rk_game& g) {
  if (g.flags & RK_GAME_SHOOTOUT_A) return {0.75, 0.5};
  if (g.flags & RK_GAME_SHOOTOUT_B) return {0.5, 0.75};
  return {g.score_a, 1.0 - g.score_a};
}

// I (W - We), or nothing for a loss of points in a knockout round.
inline double fifa_change(double importance, double w, double we, bool knockout) {
  const double change = importance * (w - we);
  return knockout && change < 0.0 ? 0.0 : change;
}

class fifa_sum {
 public:
  static const rk_descriptor descriptor;

  fifa_sum(const sdk::host&, sdk::params) {}

  // A's We (FIFA's ranking has no home advantage).
  double expect(double pa, double pb, double) const { return fifa_we(pa - pb); }

  void rate_games(const sdk::state& s, const rk_game_batch& batch, rk_game_out* out) {
    for (uint64_t i = 0; i < batch.game_count; ++i) check_shootout(batch.games[i], i);
    updater_.run_with(s, batch, out, [](const rk_game& g, const double* points) {
      const double we_a = fifa_we(points[g.a] - points[g.b]);
      const fifa_results w = fifa_w(g);
      const bool knockout = g.flags & RK_GAME_PLAYOFF;
      return sdk::elo_change{we_a, fifa_change(g.k_a, w.a, we_a, knockout),
                             fifa_change(g.k_b, w.b, 1.0 - we_a, knockout)};
    }, [](uint64_t, uint64_t) {});
  }

  static const void* extension(const char* id);

 private:
  // Checked before any game is rated, so a refused batch changes nothing.
  static void check_shootout(const rk_game& g, uint64_t i) {
    const uint32_t shootout = g.flags & (RK_GAME_SHOOTOUT_A | RK_GAME_SHOOTOUT_B);
    if (shootout == (RK_GAME_SHOOTOUT_A | RK_GAME_SHOOTOUT_B))
      throw sdk::failure(RK_ERR_DOMAIN, "a shoot-out has one winner, not both teams", int64_t(i));
    if (shootout && g.score_a != 0.5)
      throw sdk::failure(RK_ERR_DOMAIN, "a shoot-out decides a drawn match: score must be 0.5", int64_t(i));
  }

  sdk::elo_updater updater_;
};

}  // namespace ratekit::plugins
