// The teams of one match as every Weng-Lin variant sees them: summed over
// their players and put in finishing order, as openskill does before it calls
// a model (rate.ts sorts the teams by rank, stably, and util.ts `rankings`
// numbers each tie group by the place of its first team).
#pragma once

#include <ratekit/stop_point.hpp>

#include <cstddef>
#include <cstdint>
#include <span>

namespace ratekit::plugins::wl {

// Matches of this many teams or more take the ways linear in the teams
// (plackett_luce_linear, team_scores.hpp); below, the pairs cost little and
// give openskill's numbers to the bit.
inline constexpr uint32_t quick_teams = 1024;

// A team's strength is the sum of its players' (the paper's Table 1:
// theta_i = sum_j theta_ij), so mu_i = sum mu_ij and sigma_i^2 = sum sigma_ij^2.
struct team_rating {
  double mu = 0.0;
  double sigma_sq = 0.0;
  // r(i): the place in the sorted order of the first team of its tie group
  // (0 for the winners); tied teams share it, a smaller one finished ahead.
  uint32_t rank = 0;
};

// What a team's result moves its players by: Omega_i shifts the means and
// Delta_i shrinks the variances (each algorithm's last step,
// mu_ij += sigma_ij^2 / sigma_i^2 Omega_i and
// sigma_ij^2 *= max(1 - sigma_ij^2 / sigma_i^2 Delta_i, kappa)).
struct team_update {
  double omega = 0.0;
  double delta = 0.0;
};

// Each team's update, summed over the opponents it is compared with, in
// sorted order: every other team (the full-pair models) or only its neighbours
// in the finishing order, the one above and then the one below (the
// partial-pair models; openskill's `ladderPairs`). A tied neighbour counts as
// a neighbour. `pair(ti, tq)` is one opponent's share of team i's update.
// Polls the host every 4,096 teams (sdk::stop_point): a Ctrl-C within a match.
template <class Pair>
void sum_over_opponents(std::span<const team_rating> teams, bool neighbours_only, std::span<team_update> out,
                        Pair&& pair) {
  for (size_t i = 0; i < teams.size(); ++i) {
    sdk::stop_point(i);
    team_update sum;
    const auto add = [&](size_t q) {
      const team_update share = pair(teams[i], teams[q]);
      sum.omega += share.omega;
      sum.delta += share.delta;
    };
    if (neighbours_only) {
      if (i > 0) add(i - 1);
      if (i + 1 < teams.size()) add(i + 1);
    } else {
      for (size_t q = 0; q < teams.size(); ++q)
        if (q != i) add(q);
    }
    out[i] = sum;
  }
}

}  // namespace ratekit::plugins::wl
