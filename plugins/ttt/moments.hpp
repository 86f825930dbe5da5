// Gaussians as TrueSkill Through Time's package handles them: N(mu, sigma^2)
// in moments, sigma infinite for "no information" (mu 0 then). Sums and
// differences of independent Gaussians add variances; products and quotients
// go through the precision form (trueskill_math::gaussian).
#pragma once

#include "trueskill/gaussian.hpp"

#include <ratekit/sdk.hpp>

#include <cmath>

namespace ratekit::plugins::ttt_math {

using natural = trueskill_math::gaussian;  // pi = 1 / sigma^2, tau = pi mu

struct moments {
  double mu = 0.0, sigma = INFINITY;
};

inline natural to_natural(const moments& m) {
  if (!(m.sigma > 0.0)) throw sdk::failure(RK_ERR_DOMAIN, "ttt: a Gaussian with no spread");
  const double pi = 1 / (m.sigma * m.sigma);  // sigma infinite: pi = tau = 0
  return {pi, pi * m.mu};
}

// Back to moments; a precision at or a hair below 0 (rounding) means no
// information, as in the package, and a clearly negative one is a fault.
inline moments to_moments(const natural& n) {
  if (n.pi > 0.0) return {n.tau / n.pi, std::sqrt(1 / n.pi)};
  if (n.pi + 1e-5 < 0.0) throw sdk::failure(RK_ERR_DOMAIN, "ttt: a message with a negative precision");
  return {};
}

inline moments operator+(const moments& a, const moments& b) {
  return {a.mu + b.mu, std::sqrt(a.sigma * a.sigma + b.sigma * b.sigma)};
}
inline moments operator-(const moments& a, const moments& b) {
  return {a.mu - b.mu, std::sqrt(a.sigma * a.sigma + b.sigma * b.sigma)};
}
inline moments product(const moments& a, const moments& b) { return to_moments(to_natural(a) * to_natural(b)); }
inline moments quotient(const moments& a, const moments& b) { return to_moments(to_natural(a) / to_natural(b)); }

// The belief after `elapsed` time of a random walk of `gamma` per unit.
inline moments forget(const moments& m, double gamma, double elapsed) {
  return {m.mu, std::sqrt(m.sigma * m.sigma + elapsed * (gamma * gamma))};
}

// How far b is from a, the larger of the two moments' changes taken apart
// (the package's convergence test); NaN, from two infinite sigmas, is ignored
// by max_change as the package's max ignores it.
struct change {
  double mu = 0.0, sigma = 0.0;
};
inline void max_change(change& into, const moments& a, const moments& b) {
  const double dmu = std::fabs(a.mu - b.mu), dsigma = std::fabs(a.sigma - b.sigma);
  if (into.mu < dmu) into.mu = dmu;
  if (into.sigma < dsigma) into.sigma = dsigma;
}

}  // namespace ratekit::plugins::ttt_math
