// egf-2021: the European Go Federation's GoR system in force since 2021 (EGD,
// "EGF Official ratings system"). Per game r' = r + con (Sa - Se) + bonus, with
//   Se = 1 / (1 + e^(beta(r2) - beta(r1))),  beta(r) = -7 ln(3300 - r),
//   con = ((3300 - r) / 200)^1.6,           bonus = ln(1 + e^((2300 - r) / 80)) / 5,
// summed over a tournament on the ratings from before it and weighted by the
// tournament's class; a rating that drops below -900 is reset to -900.
#pragma once

#include <egf-go/egf_go.hpp>
#include <ratekit/elo.hpp>

#include <algorithm>
#include <cmath>

namespace ratekit::plugins {

inline constexpr double egf2021_pole = 3300.0;    // beta and con need ratings below it
inline constexpr double egf2021_floor = -900.0;   // 30 kyu, the bottom of the scale

inline double egf2021_beta(double r) { return -7.0 * std::log(egf2021_pole - r); }
inline double egf2021_con(double r) { return std::pow((egf2021_pole - r) / 200.0, 1.6); }
inline double egf2021_bonus(double r) { return std::log1p(std::exp((2300.0 - r) / 80.0)) / 5.0; }
// Se of a player at r1 against one at r2 (Bradley-Terry on beta).
inline double egf2021_se(double r1, double r2) { return 1.0 / (1.0 + std::exp(egf2021_beta(r2) - egf2021_beta(r1))); }

class egf_2021 {
 public:
  static const rk_descriptor descriptor;
  enum param : uint32_t { p_class };
  // The weights of the EGF's tournament classes A, B, C and D, in the parameter's order.
  static constexpr double class_weights[] = {1.0, 0.75, 0.5, 0.25};

  egf_2021(const sdk::host&, sdk::params p) : weight_(class_weights[int(p[p_class])]) {}

  // A's Se against B with `advantage` points on A's side.
  double expect(double ra, double rb, double advantage) const { return egf2021_se(ra + advantage, rb); }

  // The ratings the expectation reads: a player receiving h stones counts as
  // 100 (h - 0.5) points stronger (egf-go's conversion, see README).
  struct sides {
    double a, b;
  };
  static sides shifted(const rk_game& g, const double* rating) {
    return {rating[g.a] + egf_handicap_shift(g.handicap), rating[g.b] + egf_handicap_shift(-g.handicap)};
  }

  void rate_games(const sdk::state& s, const rk_game_batch& batch, rk_game_out* out) {
    for (uint64_t i = 0; i < batch.game_count; ++i) check_game(batch.games[i], s.rating(), i);
    double* rating = s.rating();
    updater_.run_with(s, batch, out, [&](const rk_game& g, const double* r) {
      const sides x = shifted(g, r);
      const double se_a = egf2021_se(x.a, x.b);
      return sdk::elo_change{se_a, change(r[g.a], g.score_a, se_a), change(r[g.b], 1.0 - g.score_a, 1.0 - se_a)};
    }, [&](uint64_t begin, uint64_t end) {
      for (uint64_t i = begin; i < end; ++i) {
        const rk_game& g = batch.games[i];
        if (!(g.flags & RK_GAME_FIXED_A)) rating[g.a] = std::max(rating[g.a], egf2021_floor);
        if (!(g.flags & RK_GAME_FIXED_B)) rating[g.b] = std::max(rating[g.b], egf2021_floor);
      }
    });
  }

  static const void* extension(const char* id);

 private:
  double change(double r, double score, double se) const {
    return weight_ * (egf2021_con(r) * (score - se) + egf2021_bonus(r));
  }
  // Checked before any game is rated, so a refused batch changes nothing.
  static void check_game(const rk_game& g, const double* rating, uint64_t i) {
    if (!(std::isfinite(g.handicap) && g.handicap == std::floor(g.handicap) && std::abs(g.handicap) <= 9.0))
      throw sdk::failure(RK_ERR_DOMAIN, "handicap must be a whole number of stones from -9 to 9", int64_t(i));
    const sides x = shifted(g, rating);
    if (!(x.a < egf2021_pole && x.b < egf2021_pole))
      throw sdk::failure(RK_ERR_DOMAIN, "a GoR (with its handicap) must lie below 3300, the scale's pole", int64_t(i));
  }

  double weight_;
  sdk::elo_updater updater_;
};

}  // namespace ratekit::plugins
