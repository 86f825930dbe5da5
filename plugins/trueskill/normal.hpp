// The standard normal distribution, twice: as TrueSkill's reference
// implementations compute it, and exactly. The factor graph takes either.
#pragma once

#include <cmath>
#include <numbers>

namespace ratekit::plugins::trueskill_math {

// What Python trueskill (its built-in backend), ts-trueskill (ts-gaussian) and
// Moserware compute: Numerical Recipes' erfc (2nd ed., p. 221, a Chebyshev fit
// with a fractional error below 1.2e-7) and its inverse (3rd ed., p. 265, two
// Newton steps on that erfc). The plugin uses it so that its ratings agree with
// theirs to ~1e-12, where the exact functions would differ by ~1e-7: the
// published checks are printed from these. The expressions keep the
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
  static double inverse_erfc(double x) {
    if (x >= 2) return -100;
    if (x <= 0) return 100;
    const double xx = x < 1 ? x : 2 - x;
    const double t = std::sqrt(-2 * std::log(xx / 2));
    double r = -0.70711 * ((2.30753 + t * 0.27061) / (1 + t * (0.99229 + t * 0.04481)) - t);
    for (int j = 0; j < 2; j++) {
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
  static double ppf(double p) {
    if (!(p > 0)) return -INFINITY;
    if (!(p < 1)) return INFINITY;
    // Acklam's rational approximation (relative error 1.15e-9) ...
    static constexpr double a[] = {-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
                                   1.383577518672690e+02,  -3.066479806614716e+01, 2.506628277459239e+00};
    static constexpr double b[] = {-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
                                   6.680131188771972e+01, -1.328068155288572e+01};
    static constexpr double c[] = {-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
                                   -2.549732539343734e+00, 4.374664141464968e+00,  2.938163982698783e+00};
    static constexpr double d[] = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
                                   3.754408661907416e+00};
    const double low = 0.02425;
    double x;
    if (p < low || p > 1 - low) {
      const double q = std::sqrt(-2 * std::log(p < low ? p : 1 - p));
      x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
          ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
      if (p > 1 - low) x = -x;
    } else {
      const double q = p - 0.5, r = q * q;
      x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
          (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
    }
    // ... and one Halley step on the exact cdf, from the nearer tail so that
    // the error is relative.
    const double e = p < 0.5 ? cdf(x) - p : (1 - p) - cdf(-x);
    const double u = e * std::sqrt(2 * std::numbers::pi) * std::exp(x * x / 2);
    return x - u / (1 + x * u / 2);
  }
};

}  // namespace ratekit::plugins::trueskill_math
