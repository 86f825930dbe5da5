// egf-go: the European Go Federation GoR system in force until 2021.
// P = 1 / (e^(D/a) + 1), D = opponent's GoR - own GoR, a from the weaker player;
// R' = R + con * (S - Se) with Se = P - epsilon/2, summed over a tournament.
#pragma once

#include <ratekit/elo.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

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

  // Every period (a tournament) is evaluated on the ratings from its start.
  void rate_games(const sdk::state& s, const rk_game_batch& batch, rk_game_out* out) {
    double* rating = s.rating();
    const uint64_t players = s.players();
    if (pending_.size() < players) {
      pending_.assign(players, 0.0);
      marked_.assign(players, 0);
    }
    sdk::for_each_period(batch, [&](uint64_t begin, uint64_t end) {
      touched_.clear();
      for (uint64_t i = begin; i < end; ++i) {
        const rk_game& g = batch.games[i];
        check(g, i, players);
        const view v = evaluate(g, rating[g.a], rating[g.b]);
        // Se_A + Se_B = 1 - epsilon: each side loses epsilon/2 of its probability.
        const double se_a = v.p_a - epsilon_ / 2.0;
        const double se_b = (1.0 - v.p_a) - epsilon_ / 2.0;
        const double da = (g.flags & RK_GAME_FIXED_A) ? 0.0 : g.k_a * (g.score_a - se_a);
        const double db = (g.flags & RK_GAME_FIXED_B) ? 0.0 : g.k_b * ((1.0 - g.score_a) - se_b);
        add(g.a, da);
        add(g.b, db);
        if (out) out[i] = {se_a, da, db, se_b};
      }
      for (int32_t p : touched_) {
        rating[p] += pending_[p];
        pending_[p] = 0.0;
        marked_[p] = 0;
      }
    });
  }

  static const void* extension(const char* id);

 private:
  static void check(const rk_game& g, uint64_t i, uint64_t players) {
    sdk::check_game(g, i, players);
    if (!(std::isfinite(g.handicap) && g.handicap == std::floor(g.handicap) && std::abs(g.handicap) <= 9.0))
      throw sdk::failure(RK_ERR_DOMAIN, "handicap must be a whole number of stones from -9 to 9", int64_t(i));
  }

  void add(int32_t p, double delta) {
    if (!marked_[p]) {
      marked_[p] = 1;
      touched_.push_back(p);
    }
    pending_[p] += delta;
  }

  double epsilon_;
  std::vector<double> pending_;   // change accumulated in the current tournament
  std::vector<char> marked_;      // 1 for players with a pending change
  std::vector<int32_t> touched_;  // those players, in order
};

}  // namespace ratekit::plugins
