// The Bradley-Terry variants (Weng and Lin, Algorithm 1 with every pair of
// teams, Algorithm 2 with neighbours in the finishing order only): a k-team
// result is read as two-team games, each won with the logistic chance
// p_iq = 1 / (1 + exp((mu_q - mu_i) / c_iq)); a tie scores a half.
#pragma once

#include "fdlibm.hpp"
#include "full_pairs.hpp"
#include "team_rating.hpp"

#include <cmath>
#include <cstddef>
#include <span>

namespace ratekit::plugins::wl {

// i's score against q: 1 when q finished behind, 0 ahead, 1/2 tied (openskill's `score`).
inline double pair_score(uint32_t rank_q, uint32_t rank_i) {
  return rank_q > rank_i ? 1.0 : rank_q < rank_i ? 0.0 : 0.5;
}

// One opponent q's share of team i's update; the model sums them over the opponents q of i (all, or the
// neighbours when `part`), teams in finishing order, one update per team. As openskill.js:
//   c_iq    = sqrt(sigma_i^2 + sigma_q^2 + 2 beta^2)
//   eta_q   = sigma_i^2 / c_iq
//   Omega_i = sum_q eta_q (s_iq - p_iq)
//   Delta_i = sum_q gamma_iq eta_q / c_iq p_iq (1 - p_iq),   gamma_iq = sigma_i / c_iq
inline team_update bradley_terry_share(const team_rating& ti, const team_rating& tq, double two_beta_sq) {
  const double c = std::sqrt(ti.sigma_sq + tq.sigma_sq + two_beta_sq);
  const double p = 1.0 / (1.0 + fdlibm::exp((tq.mu - ti.mu) / c));  // JavaScript's Math.exp
  const double eta = ti.sigma_sq / c;
  const double gamma = std::sqrt(ti.sigma_sq) / c;
  return team_update{eta * (pair_score(tq.rank, ti.rank) - p), gamma * eta / c * p * (1.0 - p)};
}

// From quick_teams teams on, the full model's sums are interpolated (full_pairs.hpp).
inline void bradley_terry(std::span<const team_rating> teams, double two_beta_sq, bool part,
                          std::span<team_update> out) {
  const auto pair = [&](const team_rating& ti, const team_rating& tq) { return bradley_terry_share(ti, tq, two_beta_sq); };
  if (!part && teams.size() >= quick_teams && sum_over_all_quickly(teams, two_beta_sq, out, pair)) return;
  sum_over_opponents(teams, part, out, pair);
}

}  // namespace ratekit::plugins::wl
