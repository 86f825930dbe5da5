// The full-pair models' sums over every opponent (Bradley-Terry's and Thurstone-Mosteller's, bradley_terry.hpp
// and thurstone_mosteller.hpp) in time linear in the teams, for matches of quick_teams teams or more.
//
// One opponent q's share of team i's update reads i through x = mu_i, v = sigma_i^2 and whether q finished
// ahead of i, behind or tied. Less the factors of i alone (Omega's sigma_i^2 = v, Delta's sigma_i^3 = v^1.5),
// it is a smooth function of (x, v), so over the teams ahead of i, say, its sum is one of the interpolants of
// node_sums.hpp, exact at its nodes. In finishing order the teams ahead of a tie group are those before it:
// one pass forwards adds each group to the sum of the teams ahead after reading it for the group's own teams,
// one backwards the same for the teams behind. A tie group sums its own pairs exactly while that costs less
// than its nodes, else through one more interpolant, less each team's pair with itself.
//
// The error against the pairs is below 1e-9 of the match's largest Omega and Delta (tests/test_weng_lin_full_pairs.cpp:
// about 1e-12 on random matches of sigmas from 1 to 25/3): for Bradley-Terry whatever the means; for
// Thurstone-Mosteller while no pair's difference passes some 5.6 of its spreads and no tie group is summed
// through an interpolant. Past that, openskill's V and W (gaussian.hpp) lose their digits (Phi from erf) and are
// cut off to their limits below DBL_EPSILON, V~ and W~ where a tie's chance falls below 1e-5: the pairs are
// piecewise and the interpolant smooths over the cuts, within 1e-4.
#pragma once

#include "node_sums.hpp"
#include "team_rating.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <span>
#include <vector>

namespace ratekit::plugins::wl {

inline team_update& operator+=(team_update& sum, const team_update& term) {
  sum.omega += term.omega, sum.delta += term.delta;
  return sum;
}
inline team_update operator*(double weight, const team_update& term) {
  return {weight * term.omega, weight * term.delta};
}

// Each team's sums over every other team into `out`, as sum_over_opponents(teams, false, out, pair) gives them,
// with `two_beta_sq` the pair's 2 beta^2; false, writing nothing, when the nodes would cost more than half the
// match's pairs or a team's sigma^2 is not positive (the caller then takes the pairs).
template <class Pair>
bool sum_over_all_quickly(std::span<const team_rating> teams, double two_beta_sq, std::span<team_update> out,
                          Pair&& pair) {
  const size_t k = teams.size();
  double x_lo = INFINITY, x_hi = -INFINITY, v_lo = INFINITY, v_hi = -INFINITY;
  for (const team_rating& t : teams)
    x_lo = std::min(x_lo, t.mu), x_hi = std::max(x_hi, t.mu), v_lo = std::min(v_lo, t.sigma_sq), v_hi = std::max(v_hi, t.sigma_sq);
  if (k < 2 || !(v_lo > 0) || !std::isfinite(x_hi - x_lo + v_hi) || !(two_beta_sq > 0)) return false;
  const double width = 3 * std::sqrt(two_beta_sq + 2 * v_lo);
  const double node_count = node_sums<team_update>::node_count(x_lo, x_hi, v_lo, v_hi, width);
  // Each team added once ahead, once behind, at most once among ties; the pairs ask every team of every other.
  if (3 * node_count * double(k) > double(k) * double(k) / 2) return false;

  // q's share of the update of a team at (x, v) of place `rank`, less the factors of that team alone.
  const auto share = [&](double x, double v, uint32_t rank, const team_rating& q) {
    const team_update u = pair(team_rating{x, v, rank}, q);
    return team_update{u.omega / v, u.delta / (v * std::sqrt(v))};
  };
  std::vector<team_update> scaled(k), exact(k);
  node_sums<team_update> sums;
  // Tie groups are contiguous in finishing order, each from the place of its first team.
  const auto group_end = [&](size_t from) {
    size_t end = from + 1;
    while (end < k && teams[end].rank == teams[from].rank) ++end;
    return end;
  };
  // The teams ahead: read for a group, then the group added, as seen from a team behind it (place UINT32_MAX).
  sums.cover(x_lo, x_hi, v_lo, v_hi, two_beta_sq, width);
  for (size_t from = 0, end; from < k; from = end) {
    end = group_end(from);
    for (size_t i = from; i < end; ++i) scaled[i] = sums(teams[i].mu, teams[i].sigma_sq);
    for (size_t q = from; q < end; ++q) {
      sdk::stop_point(q);  // every 4,096 teams: a Ctrl-C within the match
      sums.add([&](double x, double v) { return share(x, v, UINT32_MAX, teams[q]); });
    }
  }
  // The teams behind, backwards, as seen from a team ahead of them (place 0: a team behind has a later one).
  sums.cover(x_lo, x_hi, v_lo, v_hi, two_beta_sq, width);
  for (size_t end = k, from; end > 0; end = from) {
    from = teams[end - 1].rank;
    for (size_t i = from; i < end; ++i) scaled[i] += sums(teams[i].mu, teams[i].sigma_sq);
    for (size_t q = from; q < end; ++q) {
      sdk::stop_point(q);
      sums.add([&](double x, double v) { return share(x, v, 0, teams[q]); });
    }
  }
  // Each tie group's own pairs.
  for (size_t from = 0, end; from < k; from = end) {
    end = group_end(from);
    if (double(end - from) <= 2 * node_count) {
      for (size_t i = from; i < end; ++i)
        for (size_t q = from; q < end; ++q)
          if (q != i) exact[i] += pair(teams[i], teams[q]);
      continue;
    }
    sums.cover(x_lo, x_hi, v_lo, v_hi, two_beta_sq, width);
    for (size_t q = from; q < end; ++q) {
      sdk::stop_point(q);
      sums.add([&](double x, double v) { return share(x, v, teams[q].rank, teams[q]); });
    }
    for (size_t i = from; i < end; ++i) {
      scaled[i] += sums(teams[i].mu, teams[i].sigma_sq);
      scaled[i] += -1.0 * share(teams[i].mu, teams[i].sigma_sq, teams[i].rank, teams[i]);  // less its pair with itself
    }
  }
  for (size_t i = 0; i < k; ++i) {
    const double v = teams[i].sigma_sq;
    out[i] = {v * scaled[i].omega + exact[i].omega, v * std::sqrt(v) * scaled[i].delta + exact[i].delta};
  }
  return true;
}

}  // namespace ratekit::plugins::wl
