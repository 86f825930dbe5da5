// fide-logistic: the logistic Elo of FIDE and USCF, E = 1 / (1 + 10^(-d / xi)),
// with FIDE's 400-point rule and first ratings (plugins/fide-common).
#pragma once

#include <fide-common/elo_model.hpp>
#include <fide-common/performance.hpp>

#include <cmath>

namespace ratekit::plugins {

struct logistic_curve {
  double xi;
  double operator()(double d) const { return 1.0 / (1.0 + std::pow(10.0, -d / xi)); }
  // One division for both sides: (-d) / xi is exactly -(d / xi).
  fide::expectations both(double d) const {
    const double x = -d / xi;
    return {1.0 / (1.0 + std::pow(10.0, x)), 1.0 / (1.0 + std::pow(10.0, -x))};
  }
};

class fide_logistic : public fide::elo_model<logistic_curve> {
 public:
  static const rk_descriptor descriptor;
  enum param : uint32_t { p_xi, p_cap, p_uncapped_from, p_first_rating, p_round_change, p_floor, p_pool_months };

  fide_logistic(const sdk::host&, sdk::params p)
      : elo_model(logistic_curve{p[p_xi]}, fide::rules{p[p_cap], p[p_uncapped_from], p[p_first_rating] != 0, p[p_round_change] != 0, p[p_floor], int(p[p_pool_months])}) {}
};

}  // namespace ratekit::plugins
