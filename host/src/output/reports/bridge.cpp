// bridge_deviation: the band of a whole-history model's skill between two of a player's estimates.
#include <ratekit/host/output/reports/chart.hpp>

#include <cmath>

namespace ratekit {

// Between the two estimates nothing is observed, so the skill there is the bridge of the walk between its ends:
// mean (1 - at) x1 + at x2, variance drift at (1 - at) about it. The ends' own uncertainty adds
// (1 - at)^2 s1^2 + at^2 s2^2 + 2 at (1 - at) c, c their covariance. In a Gaussian chain whose only link between
// the two is the walk (of variance v), the joint precision is [[a + 1/v, -1/v], [-1/v, b + 1/v]] for some a, b
// >= 0 (all else marginalised); inverting it and eliminating a and b leaves c^2 + v c = s1^2 s2^2, so c is the
// positive root.
double bridge_deviation(double sd_before, double sd_after, double drift, double at) {
  const double s1 = sd_before * sd_before, s2 = sd_after * sd_after;
  const double covariance = (std::sqrt(drift * drift + 4 * s1 * s2) - drift) / 2;
  const double variance = (1 - at) * (1 - at) * s1 + at * at * s2 + 2 * at * (1 - at) * covariance +
                          drift * at * (1 - at);
  return std::sqrt(variance);
}

}  // namespace ratekit
