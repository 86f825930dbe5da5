// The Thurstone-Mosteller variants (Weng and Lin, Algorithm 3, with every
// pair of teams or neighbours in the finishing order only): a k-team result
// is read as two-team games between normal performances, a win when the
// difference passes the draw margin epsilon, a tie when it stays inside it.
#pragma once

#include "full_pairs.hpp"
#include "gaussian.hpp"
#include "team_rating.hpp"

#include <cmath>
#include <cstddef>
#include <span>

namespace ratekit::plugins::wl {

// One opponent q's share of team i's update; the model sums them over the opponents q of i (all, or the
// neighbours when `part`), teams in finishing order, one update per team. As openskill.js:
//   c_iq    = sqrt(sigma_i^2 + sigma_q^2 + 2 beta^2), twice that for `part`
//             (openskill's partial-pair model doubles it)
//   x       = (mu_i - mu_q) / c_iq,  t = epsilon / c_iq,  eta_q = sigma_i^2 / c_iq
//   i ahead:  Omega_i += eta_q V(x, t),       Delta_i += gamma eta_q / c_iq W(x, t)
//   i behind: Omega_i -= eta_q V(-x, t),      Delta_i += gamma eta_q / c_iq W(-x, t)
//   tied:     Omega_i += eta_q V~(x, t),      Delta_i += gamma eta_q / c_iq W~(x, t)
// with gamma = sigma_i / c_iq, openskill's default gamma.
inline team_update thurstone_mosteller_share(const team_rating& ti, const team_rating& tq, double two_beta_sq,
                                             double epsilon, bool part) {
  const double c = (part ? 2.0 : 1.0) * std::sqrt(ti.sigma_sq + tq.sigma_sq + two_beta_sq);
  const double x = (ti.mu - tq.mu) / c;
  const double t = epsilon / c;
  const double eta = ti.sigma_sq / c;
  const double gamma = std::sqrt(ti.sigma_sq) / c;
  if (tq.rank == ti.rank) return team_update{eta * vt(x, t), gamma * eta / c * wt(x, t)};
  const double sign = tq.rank > ti.rank ? 1.0 : -1.0;  // +1 when i finished ahead
  return team_update{sign * eta * v(sign * x, t), gamma * eta / c * w(sign * x, t)};
}

// From quick_teams teams on, the full model's sums are interpolated (full_pairs.hpp).
inline void thurstone_mosteller(std::span<const team_rating> teams, double two_beta_sq, double epsilon, bool part,
                                std::span<team_update> out) {
  const auto pair = [&](const team_rating& ti, const team_rating& tq) {
    return thurstone_mosteller_share(ti, tq, two_beta_sq, epsilon, part);
  };
  if (!part && teams.size() >= quick_teams && sum_over_all_quickly(teams, two_beta_sq, out, pair)) return;
  sum_over_opponents(teams, part, out, pair);
}

}  // namespace ratekit::plugins::wl
