// whr's sweep is one Newton step on all players' days at once: the log
// posterior's Hessian H over every player-day is sparse (each player's days
// tridiagonal, linked to each opponent's day by p (1 - p) per game), and
// H step = gradient is solved by conjugate gradients preconditioned with each
// player's own tridiagonal block. Where the per-player steps of Coulom's sweep
// each hold the others still (and so converge linearly, slowly on long
// histories), the joint step moves everyone together: near the mode the sweeps
// converge quadratically. The fixed point is the same (the posterior is concave).
#pragma once

#include "player_days.hpp"
#include "tridiagonal.hpp"

#include <ratekit/stop_point.hpp>

#include <algorithm>
#include <vector>

namespace ratekit::plugins::whr_model {

// The joint system and conjugate gradients' vectors, per day unless said; sized once by load().
struct joint_system {
  std::vector<double> residual;   // the gradient on entry to solve, then gradient - H step
  // H's diagonal; its entry linking a day to the player's next (on his last day 0, as resize left it: the
  // gathering writes a player's links between his days only).
  std::vector<double> diag, off;
  std::vector<double> weight;     // per game term: p (1 - p), H's entry linking its day and the opponent's
  std::vector<double> step, preconditioned, direction, product;

  void resize(size_t days, size_t terms) {
    for (auto* v : {&residual, &diag, &off, &step, &preconditioned, &direction, &product}) v->assign(days, 0.0);
    weight.assign(terms, 0.0);
  }
};

// The stopping rule of the inner solve: conjugate gradients end once the
// preconditioned residual's norm has fallen to `tolerance` of its start (the
// step is then within about that share of Newton's own), or after `most` iterations.
struct solve_limits {
  double tolerance = 1e-2;
  int most = 1000;
};

namespace detail {

// out = H v: each day's tridiagonal row within its player, plus its games' links to the opponents' days.
inline void multiply(const player_days& L, const joint_system& s, const double* v, double* out) {
  const uint32_t days = L.days();
  for (uint32_t d = 0; d < days; ++d) {
    double sum = s.diag[d] * v[d];
    if (d > 0) sum += s.off[d - 1] * v[d - 1];
    if (d + 1 < days) sum += s.off[d] * v[d + 1];
    for (uint32_t t = L.first_term[d]; t < L.first_term[d + 1]; ++t) sum += s.weight[t] * v[L.opponent[t]];
    out[d] = sum;
  }
}

// out = P^-1 v, P the players' tridiagonal blocks of H; polls the host every 4,096 players visited.
inline void precondition(const player_days& L, const joint_system& s, const double* v, double* out, double* scratch,
                         uint64_t& visited) {
  std::copy(v, v + L.days(), out);
  for (uint32_t p = 0; p < L.players(); ++p) {
    sdk::stop_point(visited++);
    const uint32_t first = L.first_day[p], n = L.first_day[p + 1] - first;
    if (n > 0) solve_tridiagonal(&s.diag[first], &s.off[first], out + first, scratch, n);
  }
}

inline double dot(const std::vector<double>& a, const std::vector<double>& b) {
  double sum = 0.0;
  for (size_t i = 0; i < a.size(); ++i) sum += a[i] * b[i];
  return sum;
}

}  // namespace detail

// Solves H step = residual (H negative definite) by preconditioned conjugate
// gradients from step 0, leaving the step in s.step; `visited` counts the
// players visited for the host's polls. Returns the iterations taken.
inline int solve_joint(const player_days& L, joint_system& s, double* scratch, const solve_limits& limits,
                       uint64_t& visited) {
  std::fill(s.step.begin(), s.step.end(), 0.0);
  detail::precondition(L, s, s.residual.data(), s.preconditioned.data(), scratch, visited);
  double rz = detail::dot(s.residual, s.preconditioned);  // negative: P is negative definite
  const double start = rz;
  s.direction = s.preconditioned;
  int iterations = 0;
  // Both negative: on while rz / start, the share of the start left, is above tolerance^2.
  while (iterations < limits.most && rz < start * limits.tolerance * limits.tolerance) {
    detail::multiply(L, s, s.direction.data(), s.product.data());
    const double curvature = detail::dot(s.direction, s.product);
    if (!(curvature < 0)) break;  // rounding has used up the direction
    const double alpha = rz / curvature;
    for (size_t d = 0; d < s.step.size(); ++d)
      s.step[d] += alpha * s.direction[d], s.residual[d] -= alpha * s.product[d];
    ++iterations;
    detail::precondition(L, s, s.residual.data(), s.preconditioned.data(), scratch, visited);
    const double next = detail::dot(s.residual, s.preconditioned);
    for (size_t d = 0; d < s.step.size(); ++d) s.direction[d] = s.preconditioned[d] + next / rz * s.direction[d];
    rz = next;
  }
  return iterations;
}

}  // namespace ratekit::plugins::whr_model
