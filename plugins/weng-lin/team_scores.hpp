// Each team's expected score in a large match in time linear in its teams.
//
// The pairwise way (weng_lin::each_chance) averages, for team i, over every
// other team j the chance c(i, j) that i finishes ahead plus half the chance
// that they tie (predict.hpp): T^2 / 2 pairs, some 20 s of CPU for 30,000
// teams. c(i, j) reads team i only through its sums x = mu_i and v =
// sigma_i^2 and its size, so over the teams j of one size
//
//   H(x, v) = sum_j c((x, v), j)
//
// is one smooth function of two variables (for each size of the team
// asking, which sets the draw margin). It is computed exactly, pair by pair,
// at Chebyshev nodes only (node_sums.hpp): 24 a panel in x, each panel three times as wide
// as the smallest spread of a pair's difference (sqrt(2 beta^2 + 2 v_least):
// c changes on that scale or slower), and 12 over the range of log(2 beta^2
// + v); each team's sum is then read from the interpolant, less its pair
// with itself.
// A match of more than 8 team sizes, or one whose nodes would cost more than
// half its pairs, takes the pairs (weng_lin::expected_scores).
//
// The error against the exact pair sums is below 1e-9 of an expected score
// (tests/test_weng_lin_scores.cpp: about 3e-11 for means spread over 20 beta
// and sigmas from 0 to the starting 25/3; 8 nodes in v gave 2e-8, 16 gave
// 8e-14 at a third more cost).
#pragma once

#include "node_sums.hpp"
#include "predict.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace ratekit::plugins::wl {

// A team as the forecasts see it: its players' mu and sigma^2, weighed by
// their shares, and its size.
using team_forecast = team_sums;

// Each team's expected score against the others, averaged, a tie counting
// half, as weng_lin::each_chance's pairs give it: scores[t]. chance(a, b) is
// c(a, b) for two teams' forecasts. False, writing nothing, for a match of
// more than 8 team sizes or whose nodes would ask for more than `budget`
// pairs (the plugin's: half the match's pairs).
template <class Chance>
bool team_scores(const std::vector<team_forecast>& teams, double beta_sq, Chance&& chance,
                 std::vector<double>& scores, double budget) {
  const size_t count = teams.size();
  std::vector<double> sizes;
  double least_v = INFINITY, x_lo = INFINITY, x_hi = -INFINITY, v_hi = -INFINITY;
  for (const team_forecast& t : teams) {
    if (!(std::isfinite(t.mu) && std::isfinite(t.sigma_sq) && t.sigma_sq >= 0)) return false;
    least_v = std::min(least_v, t.sigma_sq), v_hi = std::max(v_hi, t.sigma_sq);
    x_lo = std::min(x_lo, t.mu), x_hi = std::max(x_hi, t.mu);
    if (std::find(sizes.begin(), sizes.end(), t.players) == sizes.end()) sizes.push_back(t.players);
  }
  if (count < 2 || sizes.size() > 8 || !(beta_sq > 0)) return false;
  const double width = 3 * std::sqrt(2 * beta_sq + 2 * least_v);
  // Each size of the team asking asks every team at each of its nodes.
  if (node_sums<double>::node_count(x_lo, x_hi, least_v, v_hi, width) * double(count) * double(sizes.size()) > budget)
    return false;

  // One interpolant per size of the teams summed over (h) and size of the team asking (g): a
  // pair's draw margin and spread depend on both sizes.
  const size_t kinds = sizes.size();
  std::vector<node_sums<double>> sums(kinds * kinds);
  for (size_t g = 0; g < kinds; ++g)
    for (size_t h = 0; h < kinds; ++h) {
      node_sums<double>& sum = sums[g * kinds + h];
      sum.cover(x_lo, x_hi, least_v, v_hi, 2 * beta_sq, width);
      for (const team_forecast& other : teams)
        if (other.players == sizes[h])
          sum.add([&](double x, double v) { return chance(team_forecast{x, v, sizes[g]}, other); });
    }
  scores.assign(count, 0.0);
  for (size_t i = 0; i < count; ++i) {
    const size_t g = size_t(std::find(sizes.begin(), sizes.end(), teams[i].players) - sizes.begin());
    double sum = -chance(teams[i], teams[i]);  // less the pair with itself
    for (size_t h = 0; h < kinds; ++h) sum += sums[g * kinds + h](teams[i].mu, teams[i].sigma_sq);
    scores[i] = sum / double(count - 1);
  }
  return true;
}

}  // namespace ratekit::plugins::wl
