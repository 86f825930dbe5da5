// The margin-of-victory multiplier of the K factor: a growing function of the
// points margin m, damped by the rating difference w seen from the winner, so a
// favourite's big win moves ratings less than an underdog's:
//   none:         M = 1
//   log-margin:   M = ln(max(|m|, 1) + 1) * F
//   power-margin: M = (|m| + offset)^power * F
//   F = scale / (scale + slope * w) for a decided game, F = tie for a tie.
#pragma once

#include <cmath>
#include <cstdint>
#include <ratekit/sdk.hpp>

namespace ratekit::plugins {

struct margin_rule {
  enum form : int { none = 0, log_margin = 1, power_margin = 2 };
  form kind = none;
  double scale = 2.2, slope = 0.001, offset = 0.0, power = 1.0, tie = 1.0;

  // points_a - points_b and A's rating difference (home advantage included).
  double multiplier(double margin, double diff_a, int64_t game) const {
    if (kind == none) return 1.0;
    if (std::isnan(margin))
      throw sdk::failure(RK_ERR_DOMAIN, "a margin multiplier needs both teams' points", game);
    const double m = std::fabs(margin);
    const double grow = kind == log_margin ? std::log(std::fmax(m, 1.0) + 1.0) : std::pow(m + offset, power);
    if (margin == 0) return grow * tie;
    const double winner_diff = margin > 0 ? diff_a : -diff_a;
    const double divisor = scale + slope * winner_diff;
    if (!(divisor > 0))
      throw sdk::failure(RK_ERR_DOMAIN, "margin multiplier: scale + slope * winner's difference is not > 0", game);
    return grow * (scale / divisor);
  }
};

}  // namespace ratekit::plugins
