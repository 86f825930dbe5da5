// How a team's update reaches its players (the last step of each of Weng and
// Lin's algorithms): each player moves by his share of the team's variance,
// sigma_ij^2 / sigma_i^2, his variance shrinks by no more than kappa allows,
// and partial play scales both as openskill does with `weights`.
#pragma once

#include "team_rating.hpp"

#include <algorithm>
#include <cmath>

namespace ratekit::plugins::wl {

// openskill's weights (openskill.py 6, and openskill.js's unreleased `weight`
// option, which agrees with it bit for bit) are relative within a team: they
// are mapped linearly onto [1, 2], the team's smallest weight to 1 and its
// largest to 2, so only how a player's share compares with his team-mates'
// counts. A team whose players all played the same share is rated as without
// weights (1 each); so is a team of one, where openskill would give 2 (see
// the README: a lone player's result would otherwise be doubled or halved
// only because the call carried weights).
struct weight_range {
  double lo = 1.0, hi = 1.0;
  double operator()(double w) const { return hi > lo ? 1.0 + (w - lo) / (hi - lo) : 1.0; }
};

// A player's new (mu, sigma) from his tau-widened sigma (`sigma`), his team's
// variance and update, his normalised weight and kappa, as openskill.js:
//   mu'    = mu + sigma^2 / sigma_i^2 Omega_i                         (times w when Omega_i > 0, else over w)
//   sigma' = sigma sqrt(max(1 - sigma^2 / sigma_i^2 Delta_i, kappa))  (the same w)
// A winner's share grows with w and a loser's shrinks, so a player who took
// a larger part gains more from a win and loses less from a defeat.
struct player_rating {
  double mu, sigma;
};
inline player_rating update_player(double mu, double sigma, double team_sigma_sq, team_update u, double weight,
                                   double kappa) {
  const double share = sigma * sigma / team_sigma_sq;
  const bool gain = u.omega > 0.0;
  const double moved = gain ? share * u.omega * weight : share * u.omega / weight;
  const double shrunk = gain ? share * u.delta * weight : share * u.delta / weight;
  return {mu + moved, sigma * std::sqrt(std::max(1.0 - shrunk, kappa))};
}

}  // namespace ratekit::plugins::wl
