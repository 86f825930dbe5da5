// TrueSkill's factor graph for one match of teams in rank order, and its
// message schedule (Herbrich, Minka, Graepel 2006, figure 1; Moser,
// "Computing Your Skill", 2010), as Python trueskill and ts-trueskill run it:
//
//   skill_i     prior factor:       N(mu_i, sigma_i^2 + tau^2)
//   perf_i      likelihood factor:  N(skill_i, beta^2)
//   team_t      sum factor:         sum_i w_i perf_i over team t's players
//   diff_t      sum factor:         team_t - team_{t+1}, adjacent in rank order
//   diff_t      truncation factor:  diff_t > margin (t above t+1) or |diff_t| <= margin (tied)
//
// Messages flow down from the priors to the team performances, then back and
// forth along the differences until no truncation moves its difference by more
// than min_delta (or max_passes passes), then up to the skills.
//
// Every value lives in vectors kept from one match to the next: once they
// have grown to the largest match, a match allocates nothing.
#pragma once

#include "gaussian.hpp"
#include "truncation.hpp"

#include <ratekit/stop_point.hpp>

#include <algorithm>
#include <cstdint>
#include <vector>

namespace ratekit::plugins::trueskill_math {

// The references' stopping rule: a pass of the difference schedule in which
// no truncation moves its difference by more than min_delta ends it...
inline constexpr double min_delta = 0.0001;
// ... or the pass limit. ts-trueskill (5.1.0) runs its loop `index <= 10`,
// 11 passes; Python trueskill `range(10)`, 10 passes. The fixture comes from
// ts-trueskill. The two differ only for a match that has not converged after
// 10 passes (none of tests/data/teams/'s does).
inline constexpr int max_passes = 11;

template <class Normal>
class factor_graph {
 public:
  // Starts a new match: then add its teams in rank order, best first, each
  // followed by its players; then run.
  void clear() { players_.clear(), teams_.clear(), diffs_.clear(); }
  // Opens the next team, ranked no better than the last (equal ranks make a draw).
  void add_team(double rank) {
    teams_.push_back(team{.first = uint32_t(players_.size()), .size = 0u, .rank = rank});
  }
  // Adds a player of the last team opened: his prior and his share of the
  // match, raised to min_delta as the references do (a share of 0 would divide by 0).
  void add_player(double mu, double sigma, double weight) {
    players_.push_back(player{.mu = mu, .sigma = sigma, .weight = std::max(min_delta, weight)});
    ++teams_.back().size;
  }

  // Runs the schedule. beta: the performance spread; tau: the dynamics;
  // ppf_half_p: ppf((p + 1) / 2) for the draw probability p, the draw margin
  // in units of beta sqrt(players). Returns the passes of the difference
  // schedule it took.
  int run(double beta, double tau, double ppf_half_p) {
    const double variance = beta * beta;
    // Every loop polls the host every 4,096 players or differences (sdk::stop_point): a Ctrl-C within one
    // large match. The graph holds the only state it changes; the players' rows are written after it.
    for (size_t k = 0; k < players_.size(); ++k) {  // priors, then performances
      sdk::stop_point(k);
      player& p = players_[k];
      const gaussian rating = gaussian::from_moments(p.mu, p.sigma);
      const double sigma = std::sqrt(rating.sigma() * rating.sigma() + tau * tau);
      set_value(p.skill, p.prior_to_skill, gaussian::from_moments(rating.mu(), sigma));
    }
    for (player& p : players_) send_message(p.perf, p.like_to_perf, likelihood(p.skill / p.like_to_skill, variance));
    for (team& t : teams_) team_down(t);

    diffs_.resize(teams_.size() - 1);
    for (size_t d = 0; d < diffs_.size(); ++d) {
      const uint32_t n = teams_[d].size + teams_[d + 1].size;
      // As the references: ppf((p + 1) / 2) * sqrt(n1 + n2) * beta.
      const bool draw = teams_[d].rank == teams_[d + 1].rank;
      diffs_[d] = difference{.margin = ppf_half_p * std::sqrt(double(n)) * beta, .draw = draw};
    }
    const size_t last = diffs_.size() - 1;
    int pass = 0;
    while (pass < max_passes) {
      ++pass;
      double moved = 0.0;
      if (diffs_.size() == 1) {
        diff_down(0);
        moved = truncate(0);
      } else {
        for (size_t d = 0; d < last; ++d) {  // down the ranks, then back up
          sdk::stop_point(d);
          diff_down(d);
          moved = std::max(moved, truncate(d));
          diff_up_lower(d);
        }
        for (size_t d = last; d > 0; --d) {
          sdk::stop_point(d);
          diff_down(d);
          moved = std::max(moved, truncate(d));
          diff_up_upper(d);
        }
      }
      if (moved <= min_delta) break;
    }
    diff_up_upper(0);
    diff_up_lower(last);
    for (size_t k = 0; k < teams_.size(); ++k) {
      sdk::stop_point(k);
      team& t = teams_[k];
      if (t.size < linear_from_)
        for (uint32_t i = 0; i < t.size; ++i) team_up(t, i);
      else
        team_up_linear(t);
    }
    for (player& p : players_) send_message(p.skill, p.like_to_skill, likelihood(p.perf / p.like_to_perf, variance));
    return pass;
  }

  // Teams of `players` or more are summed up in linear time (tests compare the two ways on small teams).
  void sum_linearly_from(uint32_t players) { linear_from_ = players; }

  // The posterior of player k (in the order added).
  double mu(size_t k) const { return players_[k].skill.mu(); }
  double sigma(size_t k) const { return players_[k].skill.sigma(); }
  size_t players() const { return players_.size(); }

 private:
  struct player {
    double mu = 0, sigma = 0, weight = 0;
    gaussian skill{}, prior_to_skill{}, like_to_skill{};  // the skill variable and its two factors' messages
    gaussian perf{}, like_to_perf{}, team_to_perf{};      // the performance variable and its two factors' messages
  };
  struct team {
    uint32_t first = 0, size = 0;  // players_[first, first + size)
    double rank = 0;
    gaussian perf{}, sum_to_perf{};  // the team's performance and its sum factor's message
    gaussian above_to_perf{};        // from the difference with the team above (it is that sum's 2nd term)
    gaussian below_to_perf{};        // from the difference with the team below (its 1st term)
  };
  struct difference {
    double margin = 0;
    bool draw = false;
    gaussian value{}, sum_to_diff{}, trunc_to_diff{};  // the difference and its two factors' messages
  };

  // The likelihood factor's message: N(x, beta^2) seen through the other end.
  static gaussian likelihood(const gaussian& from, double variance) {
    const double a = 1.0 / (variance * from.pi + 1.0);
    return {a * from.pi, a * from.tau};
  }

  // team = sum_i w_i perf_i
  void team_down(team& t) {
    sum_message s;
    for (uint32_t i = t.first; i < t.first + t.size; ++i)
      s.add(players_[i].weight, players_[i].perf, players_[i].team_to_perf);
    send_message(t.perf, t.sum_to_perf, s.message());
  }
  // perf_k = team / w_k - sum_{i != k} (w_i / w_k) perf_i, in the team's order
  void team_up(team& t, uint32_t k) {
    const double wk = players_[t.first + k].weight;
    sum_message s;
    for (uint32_t i = 0; i < t.size; ++i) {
      player& p = players_[t.first + i];
      if (i == k)
        s.add(1.0 / wk, t.perf, t.sum_to_perf);
      else
        s.add(-p.weight / wk, p.perf, p.team_to_perf);
    }
    player& p = players_[t.first + k];
    send_message(p.perf, p.team_to_perf, s.message());
  }

  // team_up for every player of a large team at once: the sum over the
  // others is the team's sum less his own term, so a team of n players costs
  // n, not n^2. Rounded otherwise than team_up's sum in order (to ~1e-15
  // relative), so teams below linear_from_ keep that one.
  void team_up_linear(team& t) {
    double mu = 0.0, pi_inverse = 0.0;  // sum_i w_i x_i and sum_i w_i^2 / pi_i over the team's performances
    for (uint32_t i = t.first; i < t.first + t.size; ++i) {
      const gaussian others = players_[i].perf / players_[i].team_to_perf;
      mu += players_[i].weight * others.mu();
      pi_inverse += players_[i].weight * players_[i].weight / others.pi;
    }
    const gaussian team = t.perf / t.sum_to_perf;
    for (uint32_t k = t.first; k < t.first + t.size; ++k) {
      player& p = players_[k];
      const gaussian own = p.perf / p.team_to_perf;
      const double w = p.weight;
      const double message_mu = (team.mu() - (mu - w * own.mu())) / w;
      const double message_pi_inverse = (1.0 / team.pi + (pi_inverse - w * w / own.pi)) / (w * w);
      const double pi = 1.0 / message_pi_inverse;
      send_message(p.perf, p.team_to_perf, gaussian{pi, pi * message_mu});
    }
  }

  // diff_d = team_d - team_{d+1}
  void diff_down(size_t d) {
    sum_message s;
    s.add(1.0, teams_[d].perf, teams_[d].below_to_perf);
    s.add(-1.0, teams_[d + 1].perf, teams_[d + 1].above_to_perf);
    send_message(diffs_[d].value, diffs_[d].sum_to_diff, s.message());
  }
  // team_d = diff_d + team_{d+1}
  void diff_up_upper(size_t d) {
    sum_message s;
    s.add(1.0, diffs_[d].value, diffs_[d].sum_to_diff);
    s.add(1.0, teams_[d + 1].perf, teams_[d + 1].above_to_perf);
    send_message(teams_[d].perf, teams_[d].below_to_perf, s.message());
  }
  // team_{d+1} = team_d - diff_d
  void diff_up_lower(size_t d) {
    sum_message s;
    s.add(1.0, teams_[d].perf, teams_[d].below_to_perf);
    s.add(-1.0, diffs_[d].value, diffs_[d].sum_to_diff);
    send_message(teams_[d + 1].perf, teams_[d + 1].above_to_perf, s.message());
  }

  // The truncation's message: the difference's marginal moment-matched to
  // the truncated Gaussian, in units of the cavity's standard deviation.
  double truncate(size_t d) {
    difference& x = diffs_[d];
    const gaussian cavity = x.value / x.trunc_to_diff;
    const double sqrt_pi = std::sqrt(cavity.pi);
    const double scaled = cavity.tau / sqrt_pi, margin = x.margin * sqrt_pi;
    const correction c = x.draw ? truncation<Normal>::draw(scaled, margin) : truncation<Normal>::win(scaled, margin);
    const double denom = 1.0 - c.w;
    return set_value(x.value, x.trunc_to_diff, gaussian{cavity.pi / denom, (cavity.tau + sqrt_pi * c.v) / denom});
  }

  // Teams of at least this many players are summed up by team_up_linear.
  uint32_t linear_from_ = 64;
  std::vector<player> players_;
  std::vector<team> teams_;
  std::vector<difference> diffs_;
};

}  // namespace ratekit::plugins::trueskill_math
