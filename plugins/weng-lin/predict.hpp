// The chances of a match about to be played, pair by pair of teams, from
// openskill.js's predictWin and predictDraw for two teams, made to add up:
// openskill's win chance leaves out draws and its draw chance is computed
// apart, so the draw chance is kept and the rest is shared in the win
// chance's ratio. Model-independent, as in openskill: every variant forecasts
// with these, and tau does not enter them. The sums are weighted by the
// players' shares of the match (weng_lin::chances; openskill takes none).
#pragma once

#include "gaussian.hpp"

#include <cmath>

namespace ratekit::plugins::wl {

// Two teams' sums (mu, sigma^2) and their sizes.
struct team_sums {
  double mu = 0.0, sigma_sq = 0.0;
  double players = 0.0;
};

struct pair_chances {
  double a_ahead, b_ahead, draw;  // add up to 1
};

// predictWin for two teams: P(A ahead) = Phi((mu_A - mu_B) / sqrt(2 beta^2 + sigma_A^2 + sigma_B^2)).
inline double win_chance(const team_sums& a, const team_sums& b, double beta_sq) {
  return phi_major((a.mu - b.mu) / std::sqrt(2.0 * beta_sq + a.sigma_sq + b.sigma_sq));
}

// predictDraw's margin for n players in all: sqrt(n) beta Phi^-1((1 + 1/n) / 2),
// the margin within which two equal, certain teams (sigma 0) would draw with
// chance 1/n, their difference having sd sqrt(n) beta.
inline double draw_margin(double n, double beta) { return std::sqrt(n) * beta * phi_major_inverse((1.0 + 1.0 / n) / 2.0); }

// predictDraw for two teams: the chance that the difference of performances,
// sd s = sqrt(n beta^2 + sigma_A^2 + sigma_B^2), falls within the margin m:
// Phi((m - mu_A + mu_B) / s) - Phi((mu_B - mu_A - m) / s).
inline double draw_chance(const team_sums& a, const team_sums& b, double beta_sq, double margin) {
  const double n = a.players + b.players;
  const double s = std::sqrt(n * beta_sq + a.sigma_sq + b.sigma_sq);
  return phi_major((margin - a.mu + b.mu) / s) - phi_major((b.mu - a.mu - margin) / s);
}

inline pair_chances chances(const team_sums& a, const team_sums& b, double beta_sq, double margin) {
  const double p = win_chance(a, b, beta_sq);
  const double d = draw_chance(a, b, beta_sq, margin);
  return {(1.0 - d) * p, (1.0 - d) * (1.0 - p), d};
}

}  // namespace ratekit::plugins::wl
