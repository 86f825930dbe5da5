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
// caller's, so a warm instance allocates nothing. Pair by pair as openskill
// sums them, in time T^2; plackett_luce takes the linear way from
// quick_teams teams on.

// c, the match's one scale; scratch becomes 3 k zeros but for the first k,
// each team's exp(mu_i / c) (JavaScript's Math.exp).
inline double choice_weights(std::span<const team_rating> teams, double beta_sq, std::vector<double>& scratch) {
  double c = 0.0;
  for (const team_rating& t : teams) c += t.sigma_sq + beta_sq;
  c = std::sqrt(c);
  scratch.assign(3 * teams.size(), 0.0);
  for (size_t i = 0; i < teams.size(); ++i) scratch[i] = fdlibm::exp(teams[i].mu / c);
  return c;
}

inline void plackett_luce_pairs(std::span<const team_rating> teams, double beta_sq, std::span<team_update> out,
                                std::vector<double>& scratch) {
  const size_t k = teams.size();
  const double c = choice_weights(teams, beta_sq, scratch);

  // In finishing order the teams with r(s) >= r(q) are those from place r(q)
  // on, and a tie group runs from its r to the next group's. Each S_q is
  // summed forwards, as openskill sums it, once per tie group.
  double* e = scratch.data();  // exp(mu_i / c)
  double* from = e + k;        // from[p] = S of the group starting at place p
  double* group = from + k;    // A of the group starting at place p
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

// The same in time linear in the teams. Each tie group r of A_r teams
// counts A_r times in a later team's sums, so they are sums over groups:
//   Omega_i = sigma_i^2 / c (1 / A_i - e_i P1),  Delta_i = gamma_i sigma_i^2 / c^2 (e_i P1 - e_i^2 P2)
// with P1 = sum 1 / S_r and P2 = sum 1 / S_r^2 over the groups up to i's, and
// each S_r summed backwards from the last team; the same values to the last
// few digits (tests/test_weng_lin_scores.cpp), not to the bit.
inline void plackett_luce_linear(std::span<const team_rating> teams, double beta_sq, std::span<team_update> out,
                                 std::vector<double>& scratch) {
  const size_t k = teams.size();
  const double c = choice_weights(teams, beta_sq, scratch);
  double* e = scratch.data();  // exp(mu_i / c)
  double* p1 = e + k;          // P1 and P2 of the group starting at place r
  double* p2 = p1 + k;
  double running = 0.0;  // S of the group starting at place q, summed from the last team
  for (size_t q = k; q-- > 0;) {
    running += e[q];
    if (teams[q].rank == q) p2[q] = running;  // S_r, kept until the forward pass
  }
  double sum1 = 0.0, sum2 = 0.0;
  for (size_t q = 0; q < k; ++q) {
    if (teams[q].rank != q) continue;
    const double s_r = p2[q];
    sum1 += 1.0 / s_r, sum2 += 1.0 / (s_r * s_r);
    p1[q] = sum1, p2[q] = sum2;
  }
  // Tie groups are contiguous: a group's size is where the next one starts, less its own start.
  size_t next = k;
  for (size_t i = k; i-- > 0;) {
    const size_t r = teams[i].rank;
    const double a = double(next - r);
    if (i == r) next = r;
    const double gamma = std::sqrt(teams[i].sigma_sq) / c;
    const double omega = 1.0 / a - e[i] * p1[r];
    const double delta = e[i] * p1[r] - e[i] * e[i] * p2[r];
    out[i] = {omega * (teams[i].sigma_sq / c), delta * (teams[i].sigma_sq / (c * c)) * gamma};
  }
}

inline void plackett_luce(std::span<const team_rating> teams, double beta_sq, std::span<team_update> out,
                          std::vector<double>& scratch) {
  if (teams.size() >= quick_teams)
    plackett_luce_linear(teams, beta_sq, out, scratch);
  else
    plackett_luce_pairs(teams, beta_sq, out, scratch);
}

}  // namespace ratekit::plugins::wl
