// The standard normal distribution, twice: as TrueSkill's reference
// implementations compute it, and exactly. The factor graph takes either.
#pragma once

#include <ratekit/normal.hpp>

#include <cmath>
#include <numbers>

namespace ratekit::plugins::trueskill_math {

// What Python trueskill (its built-in backend), ts-trueskill (ts-gaussian) and
// Moserware compute: Numerical Recipes' erfc (2nd ed., p. 221, a Chebyshev fit
// with a fractional error below 1.2e-7) and its inverse (3rd ed., p. 265, two
// Newton steps on that erfc; the plugin ttt takes three, as trueskillthroughtime
// does). The plugin uses it so that its ratings agree with theirs to ~1e-12,
// where the exact functions would differ by ~1e-7: the published checks are
// printed from these. The expressions keep the
// references' order of operations, so the roundings agree too.
struct reference_normal {
  // t * exp(exponent(z, t)) is erfc(z) for z >= 0, with t = 1 / (1 + z / 2).
  static double exponent(double z, double t) {
    return -z * z - 1.26551223 +
           t * (1.00002368 +
                t * (0.37409196 +
                     t * (0.09678418 +
                          t * (-0.18628806 +
                               t * (0.27886807 +
                                    t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))))))));
  }
  static double erfc(double x) {
    const double z = std::fabs(x);
    const double t = 1 / (1 + z / 2);
    const double r = t * std::exp(exponent(z, t));
    return x >= 0 ? r : 2 - r;
  }
  static double inverse_erfc(double x, int newton_steps = 2) {
    if (x >= 2) return -100;
    if (x <= 0) return 100;
    const double xx = x < 1 ? x : 2 - x;
    const double t = std::sqrt(-2 * std::log(xx / 2));
    double r = -0.70711 * ((2.30753 + t * 0.27061) / (1 + t * (0.99229 + t * 0.04481)) - t);
    for (int j = 0; j < newton_steps; j++) {
      const double err = erfc(r) - xx;
      r += err / (1.12837916709551257 * std::exp(-(r * r)) - r * err);
    }
    return x < 1 ? r : -r;
  }

  static double pdf(double x) { return std::exp(-(x * x) / 2) / std::sqrt(2 * std::numbers::pi); }
  static double cdf(double x) { return 0.5 * erfc(-x / std::numbers::sqrt2); }
  static double ppf(double p) { return -(std::numbers::sqrt2 * inverse_erfc(2 * p)); }
  // log cdf(x) without underflow: below -5 from the fit's own form, whose
  // exp is the part that underflows (the truncation's far tails need it).
  static double log_cdf(double x) {
    if (x > -5) return std::log(cdf(x));
    const double z = -x / std::numbers::sqrt2;
    const double t = 1 / (1 + z / 2);
    return std::log(0.5 * t) + exponent(z, t);
  }
};

// The exact distribution, to full double precision: std::erfc, an
// asymptotic series where it underflows, and Acklam's inverse refined by one
// Halley step. Only the tests use it, to measure what the references'
// approximation moves (it moves ratings by less than 1e-5).
struct exact_normal {
  static double pdf(double x) { return std::exp(-(x * x) / 2) / std::sqrt(2 * std::numbers::pi); }
  static double cdf(double x) { return 0.5 * std::erfc(-x / std::numbers::sqrt2); }
  static double log_cdf(double x) {
    if (x > -35) return std::log(cdf(x));
    // cdf(x) = pdf(x) / -x (1 - 1/x^2 + 3/x^4 - 15/x^6 + 105/x^8 - ...): below
    // -35 the next term is under 1e-12.
    const double u = 1 / (x * x);
    const double series = 1 - u * (1 - 3 * u * (1 - 5 * u * (1 - 7 * u)));
    return -(x * x) / 2 - std::log(std::sqrt(2 * std::numbers::pi) * -x) + std::log(series);
  }
  static double ppf(double p) { return sdk::inverse_normal(p); }
};

}  // namespace ratekit::plugins::trueskill_math
