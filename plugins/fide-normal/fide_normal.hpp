// fide-normal: Elo's original model. Each player's performance is
// Normal(rating, sigma), so E = Phi(d / (sigma sqrt 2)); optionally with a draw
// band, or FIDE's table 8.1.2 in place of the formula. FIDE's 400-point rule and
// first ratings come from plugins/fide-common.
#pragma once

#include <fide-common/elo_model.hpp>
#include <fide-common/performance.hpp>
#include <fide-common/tables.hpp>

#include <cmath>

namespace ratekit::plugins {

struct normal_curve {
  double s;        // sigma sqrt 2: the spread of the performance difference
  double epsilon;  // draw band half-width; 0 = none
  bool table;      // FIDE table 8.1.2 instead of the formula

  static double phi(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }
  // With a draw band, |performance difference| < epsilon is a draw:
  // E = (Phi((d - eps) / s) + Phi((d + eps) / s)) / 2.
  double operator()(double d) const {
    if (table) return fide::pd(d);
    if (epsilon == 0) return phi(d / s);
    return 0.5 * (phi((d - epsilon) / s) + phi((d + epsilon) / s));
  }
  // The formula without a draw band shares its divisions between the sides:
  // phi(d / s) = erfc(z) / 2 and phi(-d / s) = erfc(-z) / 2, negation being exact.
  fide::expectations both(double d) const {
    if (table || epsilon != 0) return {(*this)(d), (*this)(-d)};
    const double z = -(d / s) / std::sqrt(2.0);
    return {0.5 * std::erfc(z), 0.5 * std::erfc(-z)};
  }
};

class fide_normal : public fide::elo_model<normal_curve> {
 public:
  static const rk_descriptor descriptor;
  enum param : uint32_t { p_sigma, p_epsilon, p_cap, p_expectation, p_uncapped_from, p_first_rating, p_round_change, p_floor, p_pool_months };
  enum expectation : int { formula = 0, table = 1 };

  fide_normal(const sdk::host&, sdk::params p)
      : elo_model(normal_curve{p[p_sigma] * std::sqrt(2.0), p[p_epsilon], int(p[p_expectation]) == table},
                  fide::rules{p[p_cap], p[p_uncapped_from], p[p_first_rating] != 0, p[p_round_change] != 0, p[p_floor], int(p[p_pool_months])}) {}
};

}  // namespace ratekit::plugins
