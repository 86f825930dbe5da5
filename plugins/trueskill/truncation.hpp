// The truncation factor's corrections v and w (Herbrich, Minka, Graepel 2006,
// "TrueSkill: A Bayesian Skill Rating System", table 1): for a performance
// difference d (in units of its standard deviation) known to exceed the draw
// margin m (a win) or to lie within it (a draw), the posterior of d has mean
// shifted by v and variance shrunk by the factor 1 - w.
//
// Where the references' formulas work (0 < w < 1) the result is theirs, with
// their order of operations. Where they raise a floating-point error (an
// upset or a draw between ratings far apart, past ~8 standard deviations for
// the fit they use) the same quantities are taken in logarithms, and beyond
// even that the limits: a rating run never stops on an unlikely result.
#pragma once

#include "normal.hpp"

#include <cmath>
#include <numbers>

namespace ratekit::plugins::trueskill_math {

struct correction {
  double v, w;
};

// The largest w a limit gives: the posterior variance never quite reaches 0,
// so every precision stays finite.
inline constexpr double w_limit = 1.0 - 1e-12;

template <class Normal>
struct truncation {
  static double log_pdf(double x) { return -(x * x) / 2 - std::log(std::sqrt(2 * std::numbers::pi)); }
  static bool in_range(double w) { return w > 0.0 && w < 1.0; }  // false for NaN too

  // A win: d > m. v = pdf(x) / cdf(x), w = v (v + x), x = d - m.
  static correction win(double d, double m) {
    const double x = d - m;
    const double denom = Normal::cdf(x);
    const double v = denom != 0.0 ? Normal::pdf(x) / denom : -x;
    const double w = v * (v + x);
    if (in_range(w)) return {v, w};
    return win_tail(x);
  }

  // A draw: |d| <= m. With a = m - |d| and b = -m - |d|, v = (pdf(b) -
  // pdf(a)) / (cdf(a) - cdf(b)) signed as d, w = v^2 + (a pdf(a) - b pdf(b)) /
  // (cdf(a) - cdf(b)).
  static correction draw(double d, double m) {
    const double abs_d = std::fabs(d);
    const double a = m - abs_d, b = -m - abs_d;
    const double sign = d < 0 ? -1.0 : 1.0;
    const double denom = Normal::cdf(a) - Normal::cdf(b);
    if (denom > 0.0) {
      const double v = (Normal::pdf(b) - Normal::pdf(a)) / denom;
      const double w = v * v + (a * Normal::pdf(a) - b * Normal::pdf(b)) / denom;
      if (in_range(w)) return {v * sign, w};
    }
    return draw_tail(a, b, sign);
  }

 private:
  // pdf(x) / cdf(x) as exp(log pdf - log cdf): neither underflows. Beyond
  // that, the limits: far above the margin a win says nothing (v = w = 0),
  // far below it pins d to the margin (v = -x, w -> 1).
  static correction win_tail(double x) {
    const double v = std::exp(log_pdf(x) - Normal::log_cdf(x));
    const double w = v * (v + x);
    if (std::isfinite(v) && in_range(w)) return {v, w};
    return x > 0 ? correction{0.0, 0.0} : correction{-x, w_limit};
  }

  // Everything divided by cdf(a), in logarithms; q = cdf(b) / cdf(a) < 1.
  // Beyond that, the limit of a margin too narrow to resolve: d is pinned to
  // the nearer edge, -|d| + m (v = a signed, w -> 1), as the references' v does.
  static correction draw_tail(double a, double b, double sign) {
    const double log_a = Normal::log_cdf(a);
    const double one_minus_q = -std::expm1(Normal::log_cdf(b) - log_a);
    const double ra = std::exp(log_pdf(a) - log_a), rb = std::exp(log_pdf(b) - log_a);
    const double v = (rb - ra) / one_minus_q;
    const double w = v * v + (a * ra - b * rb) / one_minus_q;
    if (one_minus_q > 0.0 && std::isfinite(v) && in_range(w)) return {v * sign, w};
    return {a * sign, w_limit};
  }
};

}  // namespace ratekit::plugins::trueskill_math
