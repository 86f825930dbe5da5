// The Plackett-Luce variant (Weng and Lin, Algorithm 4): a k-team result is
// read as a sequence of choices, the winner chosen from all teams, the second
// from the rest, and so on, each with probability proportional to
// exp(mu_i / c). Ties are shared out over the A_q teams of a tie group.
#pragma once

#include "fdlibm.hpp"
#include "team_rating.hpp"

#include <cmath>
#include <cstddef>
#include <span>
#include <vector>

namespace ratekit::plugins::wl {

// teams in finishing order; writes one update per team. As openskill.js:
//   c       = sqrt(sum_i (sigma_i^2 + beta^2))       one scale for the whole match
//   S_q     = sum_{s: r(s) >= r(q)} exp(mu_s / c)     the teams still in the running at q's place
//   A_q     = |{s: r(s) = r(q)}|                      the size of q's tie group
//   p_iq    = exp(mu_i / c) / S_q
//   Omega_i = sigma_i^2 / c   sum_{q: r(q) <= r(i)} ([q = i] - p_iq) / A_q
//   Delta_i = gamma_i sigma_i^2 / c^2 sum_{q: r(q) <= r(i)} p_iq (1 - p_iq) / A_q
// with gamma_i = sigma_i / c, openskill's default gamma. `scratch` is the
// caller's, so a warm instance allocates nothing.
inline void plackett_luce(std::span<const team_rating> teams, double beta_sq, std::span<team_update> out,
                          std::vector<double>& scratch) {
  const size_t k = teams.size();
  double c = 0.0;
  for (const team_rating& t : teams) c += t.sigma_sq + beta_sq;
  c = std::sqrt(c);

  // In finishing order the teams with r(s) >= r(q) are those from place r(q)
  // on, and a tie group runs from its r to the next group's. Each S_q is
  // summed forwards, as openskill sums it, once per tie group.
  scratch.assign(3 * k, 0.0);
  double* e = scratch.data();  // exp(mu_i / c)
  double* from = e + k;        // from[p] = S of the group starting at place p
  double* group = from + k;    // A of the group starting at place p
  for (size_t i = 0; i < k; ++i) e[i] = fdlibm::exp(teams[i].mu / c);  // JavaScript's Math.exp
  for (size_t q = 0; q < k; ++q) {
    group[teams[q].rank] += 1.0;
    if (teams[q].rank != q) continue;
    for (size_t s = q; s < k; ++s) from[q] += e[s];
  }

  for (size_t i = 0; i < k; ++i) {
    double omega = 0.0, delta = 0.0;
    for (size_t q = 0; q < k && teams[q].rank <= teams[i].rank; ++q) {  // the places i was in the running for
      const double p = e[i] / from[teams[q].rank];
      const double a = group[teams[q].rank];
      omega += (i == q ? 1.0 - p : -p) / a;
      delta += p * (1.0 - p) / a;
    }
    const double gamma = std::sqrt(teams[i].sigma_sq) / c;
    out[i] = {omega * (teams[i].sigma_sq / c), delta * (teams[i].sigma_sq / (c * c)) * gamma};
  }
}

}  // namespace ratekit::plugins::wl
