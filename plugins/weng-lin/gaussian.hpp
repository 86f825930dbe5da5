// The standard normal functions of the Thurstone-Mosteller updates and of the
// forecasts, written as openskill.js writes them (statistics.ts) so that a
// stream rated here agrees with it to the last digits: the same formulas, the
// same exp and erf (fdlibm.hpp) and the same cut-offs where a ratio would
// lose its precision.
#pragma once

#include "fdlibm.hpp"

#include <cfloat>
#include <cmath>
#include <numbers>

namespace ratekit::plugins::wl {

// Phi, the normal CDF, as 0.5 (1 + erf(x / sqrt 2)); openskill does not use
// erfc, so neither do we (the cut-offs below are tuned to this form).
inline double phi_major(double x) { return 0.5 * (1.0 + fdlibm::erf(x / std::sqrt(2.0))); }

// phi, the normal density.
inline double phi_minor(double x) { return fdlibm::exp(x * x / -2.0) / std::sqrt(2.0 * std::numbers::pi); }

// Phi^-1, the normal quantile: Wichura's algorithm AS 241 (PPND16, relative
// error about 1e-16), for openskill's draw margin.
inline double phi_major_inverse(double p) {
  if (!(p > 0.0 && p < 1.0)) return p == 0.0 ? -INFINITY : p == 1.0 ? INFINITY : NAN;
  const double q = p - 0.5;
  if (std::fabs(q) <= 0.425) {
    const double r = 0.180625 - q * q;
    return q *
           (((((((2509.0809287301226727 * r + 33430.575583588128105) * r + 67265.770927008700853) * r +
                45921.953931549871457) * r + 13731.693765509461125) * r + 1971.5909503065514427) * r +
             133.14166789178437745) * r + 3.387132872796366608) /
           (((((((5226.495278852545461 * r + 28729.085735721942674) * r + 39307.89580009271061) * r +
                21213.794301586595867) * r + 5394.1960214247511077) * r + 687.1870074920579083) * r +
             42.313330701600911252) * r + 1.0);
  }
  double r = std::sqrt(-std::log(q < 0.0 ? p : 1.0 - p));
  double x;
  if (r <= 5.0) {
    r -= 1.6;
    x = (((((((7.7454501427834140764e-4 * r + 0.0227238449892691845833) * r + 0.24178072517745061177) * r +
              1.27045825245236838258) * r + 3.64784832476320460504) * r + 5.7694972214606914055) * r +
          4.6303378461565452959) * r + 1.42343711074968357734) /
        (((((((1.05075007164441684324e-9 * r + 5.475938084995344946e-4) * r + 0.0151986665636164571966) * r +
              0.14810397642748007459) * r + 0.68976733498510000455) * r + 1.6763848301838038494) * r +
          2.05319162663775882187) * r + 1.0);
  } else {
    r -= 5.0;
    x = (((((((2.01033439929228813265e-7 * r + 2.71155556874348757815e-5) * r + 0.0012426609473880784386) * r +
              0.026532189526576123093) * r + 0.29656057182850489123) * r + 1.7848265399172913358) * r +
          5.4637849111641143699) * r + 6.6579046435011037772) /
        (((((((2.04426310338993978564e-15 * r + 1.4215117583164458887e-7) * r + 1.8463183175100546818e-5) * r +
              7.868691311456132591e-4) * r + 0.0148753612908506148525) * r + 0.13692988092273580531) * r +
          0.59983220655588793769) * r + 1.0);
  }
  return q < 0.0 ? -x : x;
}

// The paper's V and W (its Thurstone-Mosteller updates): the mean and
// variance corrections of a win by x = (mu_i - mu_q) / c_iq, draw margin t. Where
// Phi(x - t) underflows, openskill takes the limits -(x - t) and 0 or 1.
inline double v(double x, double t) {
  const double xt = x - t;
  const double denom = phi_major(xt);
  return denom < DBL_EPSILON ? -xt : phi_minor(xt) / denom;
}

inline double w(double x, double t) {
  const double xt = x - t;
  const double denom = phi_major(xt);
  if (denom < DBL_EPSILON) return x < 0.0 ? 1.0 : 0.0;
  return v(x, t) * (v(x, t) + xt);
}

// V~ and W~: the same for a draw, the difference falling inside (-t, t).
inline double vt(double x, double t) {
  const double xx = std::fabs(x);
  const double b = phi_major(t - xx) - phi_major(-t - xx);
  if (b < 1e-5) return x < 0.0 ? -x - t : -x + t;
  const double a = phi_minor(-t - xx) - phi_minor(t - xx);
  return (x < 0.0 ? -a : a) / b;
}

inline double wt(double x, double t) {
  const double xx = std::fabs(x);
  const double b = phi_major(t - xx) - phi_major(-t - xx);
  if (b < DBL_EPSILON) return 1.0;
  return ((t - xx) * phi_minor(t - xx) + (t + xx) * phi_minor(-t - xx)) / b + vt(x, t) * vt(x, t);
}

}  // namespace ratekit::plugins::wl
