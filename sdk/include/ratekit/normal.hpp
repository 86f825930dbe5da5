// The inverse of the standard normal distribution function, Phi^-1(p), for
// plugins whose model reads performances off a normal curve (Elo-D, TrueSkill).
//
// Starting point: P. J. Acklam, "An algorithm for computing the inverse normal
// cumulative distribution function" (2003): rational approximations in a
// central region and two tails, relative error below 1.15e-9. The coefficients
// below are the published ones. One Halley step on Phi(x) - p (as Acklam
// suggests) brings the result to about 1e-15.
#pragma once

#include <cmath>

namespace ratekit::sdk {

inline double inverse_normal(double p) {
  static constexpr double a[] = {-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
                                 1.383577518672690e+02,  -3.066479806614716e+01, 2.506628277459239e+00};
  static constexpr double b[] = {-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
                                 6.680131188771972e+01, -1.328068155288572e+01};
  static constexpr double c[] = {-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
                                 -2.549732539343734e+00, 4.374664141464968e+00,  2.938163982698783e+00};
  static constexpr double d[] = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
                                 3.754408661907416e+00};
  static constexpr double p_low = 0.02425;

  if (!(p > 0.0 && p < 1.0)) return p == 0.0 ? -INFINITY : p == 1.0 ? INFINITY : NAN;
  double x;
  if (p < p_low || p > 1.0 - p_low) {
    // Tails: q = sqrt(-2 log(min(p, 1 - p))); the upper tail mirrors the lower.
    const double q = std::sqrt(-2.0 * std::log(p < p_low ? p : 1.0 - p));
    x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
        ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1.0);
    if (p > p_low) x = -x;
  } else {
    const double q = p - 0.5;
    const double r = q * q;
    x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
        (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1.0);
  }
  // Halley step: e = Phi(x) - p, u = e / phi(x). Phi from erfc keeps the lower tail exact;
  // the upper tail works on 1 - p so that p near 1 loses no digits either.
  static constexpr double sqrt_2pi = 2.50662827463100050242;
  static constexpr double sqrt1_2 = 0.70710678118654752440;
  const double e = p > 0.5 ? (1.0 - p) - 0.5 * std::erfc(x * sqrt1_2)
                           : 0.5 * std::erfc(-x * sqrt1_2) - p;
  const double u = e * sqrt_2pi * std::exp(0.5 * x * x);
  return x - u / (1.0 + 0.5 * x * u);
}

}  // namespace ratekit::sdk
