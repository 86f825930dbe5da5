// One match of TrueSkill Through Time: from each player's prior for it (his
// skill's belief without this match's message), the message the match sends
// each player's skill, and the evidence, the probability of the result under
// the priors. As the trueskillthroughtime package (Landfried) computes them:
// a duel of two teams at full weight in closed form, anything else (three
// teams or more, partial play) by expectation propagation over the chain of
// performance differences, at most 10 rounds until no message moves by more
// than 1e-6.
#pragma once

#include "moments.hpp"
#include "trueskill/normal.hpp"
#include "trueskill/truncation.hpp"

#include <cmath>
#include <cstdint>
#include <numbers>
#include <numeric>
#include <algorithm>
#include <vector>

namespace ratekit::plugins::ttt_math {

using normal = trueskill_math::reference_normal;  // the package's erfc fit

// The players of one match, in team order; filled by the caller and reused.
struct match_input {
  std::vector<moments> prior;   // per player
  std::vector<double> weight;   // per player, in (0, 1]
  std::vector<uint32_t> first;  // team t's players are [first[t], first[t + 1])
  std::vector<double> rank;     // per team: 1 is best, equal ranks tie
  double advantage = 0.0;       // added to team 0's performance

  uint32_t teams() const { return uint32_t(rank.size()); }
  void clear() { prior.clear(), weight.clear(), first.assign(1, 0), rank.clear(), advantage = 0.0; }
};

// P(X <= x) for X ~ N(mu, sigma^2), the package's way.
inline double cdf(double x, double mu, double sigma) { return 0.5 * normal::erfc(-(x - mu) / (sigma * std::numbers::sqrt2)); }

// The draw margin of two teams of `players` players in all: the
// performance difference within which they tie with probability p_draw.
inline double draw_margin(double p_draw, double beta, uint32_t players) {
  if (p_draw == 0.0) return 0.0;
  const double sd = std::sqrt(players * (beta * beta));
  return std::fabs(sd * std::numbers::sqrt2 * normal::inverse_erfc(2 * (0.5 - p_draw / 2), 3));
}

// The Gaussian closest to d truncated to d > margin (a win) or |d| <= margin (a tie).
inline moments truncate(const moments& d, double margin, bool tie) {
  using cut = trueskill_math::truncation<normal>;
  const double x = d.mu / d.sigma, m = margin / d.sigma;
  const trueskill_math::correction c = tie ? cut::draw(x, m) : cut::win(x, m);
  return {d.mu + d.sigma * c.v, d.sigma * std::sqrt(1 - c.w)};
}

// The probability that d wins (d > margin) or ties (|d| <= margin).
inline double result_probability(const moments& d, double margin, bool tie) {
  return tie ? cdf(margin, d.mu, d.sigma) - cdf(-margin, d.mu, d.sigma) : 1 - cdf(margin, d.mu, d.sigma);
}

class match_likelihoods {
 public:
  match_likelihoods(double beta, double p_draw) : beta_(beta), p_draw_(p_draw) {}

  // Writes each player's message (in the input's order) into `out`; returns the evidence.
  double run(const match_input& in, std::vector<moments>& out) {
    sort_teams(in);
    out.resize(in.prior.size());
    const bool whole = std::all_of(in.weight.begin(), in.weight.end(), [](double w) { return w == 1.0; });
    return in.teams() == 2 && whole ? duel(in, out) : chain(in, out);
  }

 private:
  // The teams by rank, best first, tied teams in input order; their performances and margins.
  void sort_teams(const match_input& in) {
    const uint32_t teams = in.teams();
    order_.resize(teams);
    std::iota(order_.begin(), order_.end(), 0u);
    std::stable_sort(order_.begin(), order_.end(), [&in](uint32_t a, uint32_t b) { return in.rank[a] < in.rank[b]; });
    perf_.resize(teams);
    for (uint32_t t = 0; t < teams; ++t) perf_[t] = performance(in, t);
    margin_.resize(teams - 1), tie_.resize(teams - 1);
    for (uint32_t e = 0; e + 1 < teams; ++e) {
      const uint32_t a = order_[e], b = order_[e + 1];
      const uint32_t players = in.first[a + 1] - in.first[a] + in.first[b + 1] - in.first[b];
      margin_[e] = draw_margin(p_draw_, beta_, players);
      tie_[e] = in.rank[a] == in.rank[b];
    }
  }

  // Team t's performance: sum of w (skill + noise beta), team 0 with the advantage.
  moments performance(const match_input& in, uint32_t t) const {
    double mu = t == 0 ? in.advantage : 0.0, variance = 0.0;
    for (uint32_t p = in.first[t]; p < in.first[t + 1]; ++p) {
      const double w = in.weight[p];
      const double sd = w * std::sqrt(in.prior[p].sigma * in.prior[p].sigma + beta_ * beta_);
      mu += w * in.prior[p].mu, variance += sd * sd;
    }
    return {mu, std::sqrt(variance)};
  }

  // Two teams at full weight: the difference's truncation in closed form.
  double duel(const match_input& in, std::vector<moments>& out) const {
    const moments d = perf_[order_[0]] - perf_[order_[1]];
    const double evidence = result_probability(d, margin_[0], tie_[0]);
    const moments cut = truncate(d, margin_[0], tie_[0]);
    const double d2 = d.sigma * d.sigma, cut2 = cut.sigma * cut.sigma;
    // The truncation's message to d, N(shift, theta^2), moves each team's players.
    const bool none = d.sigma == cut.sigma;  // it says nothing
    const double shift = none ? 0.0 : (d2 * cut.mu - cut2 * d.mu) / (d2 - cut2);
    const double theta2 = none ? INFINITY : cut2 * d2 / (d2 - cut2);
    for (uint32_t k = 0; k < 2; ++k) {
      const uint32_t t = order_[k];
      for (uint32_t p = in.first[t]; p < in.first[t + 1]; ++p) {
        const double mu = none ? 0.0 : in.prior[p].mu + (shift - d.mu) * (k == 1 ? -1 : 1);
        out[p] = {mu, std::sqrt(theta2 + d2 - in.prior[p].sigma * in.prior[p].sigma)};
      }
    }
    return evidence;
  }

  double chain(const match_input& in, std::vector<moments>& out);

  double beta_, p_draw_;
  std::vector<uint32_t> order_;
  std::vector<moments> perf_;
  std::vector<double> margin_;
  std::vector<char> tie_;
  // The chain's messages by position in the order: to each team from the
  // difference below it (lose) and above it (win); each difference's prior and message.
  std::vector<moments> lose_, win_, diff_prior_, diff_message_;
};

// Expectation propagation along the differences of adjacent teams: a sweep
// down then up, the package's schedule, its evidence from the first sweep.
inline double match_likelihoods::chain(const match_input& in, std::vector<moments>& out) {
  const uint32_t teams = in.teams(), diffs = teams - 1;
  lose_.assign(teams, moments{}), win_.assign(teams, moments{});
  diff_prior_.resize(diffs), diff_message_.assign(diffs, moments{});
  for (uint32_t e = 0; e < diffs; ++e) diff_prior_[e] = perf_[order_[e]] - perf_[order_[e + 1]];
  auto above = [&](uint32_t e) { return product(perf_[order_[e]], lose_[e]); };  // team e without its win message
  auto below = [&](uint32_t e) { return product(perf_[order_[e]], win_[e]); };   // ... without its lose message
  double evidence = 1.0;
  auto update = [&](uint32_t e, bool first_evidence) {
    diff_prior_[e] = above(e) - below(e + 1);
    if (first_evidence) evidence *= result_probability(diff_prior_[e], margin_[e], tie_[e]);
    diff_message_[e] = quotient(truncate(diff_prior_[e], margin_[e], tie_[e]), diff_prior_[e]);
  };
  change step{INFINITY, INFINITY};
  for (int round = 0; (step.mu > 1e-6 || step.sigma > 1e-6) && round < 10; ++round) {
    step = {};
    for (uint32_t e = 0; e + 1 < diffs; ++e) {
      update(e, round == 0);
      const moments next = above(e) - diff_message_[e];
      max_change(step, lose_[e + 1], next);
      lose_[e + 1] = next;
    }
    for (uint32_t e = diffs - 1; e > 0; --e) {
      update(e, round == 0 && e == diffs - 1);
      const moments next = below(e + 1) + diff_message_[e];
      max_change(step, win_[e], next);
      win_[e] = next;
    }
  }
  if (diffs == 1) {
    evidence *= result_probability(diff_prior_[0], margin_[0], tie_[0]);
    update(0, false);
  }
  win_[0] = below(1) + diff_message_[0];
  lose_[diffs] = above(diffs - 1) - diff_message_[diffs - 1];
  // Each player's message: his team's, less the rest of the team, per unit of
  // his weight. Team t's is read at position order[t] of the chain, not at its
  // own position, as the package reads it (likelihood_teams returns
  // t[o[e]]): the same when the order is its own inverse (every match of two
  // teams), another team's message in a free-for-all whose order is not
  // (docs/plugins/ttt.md). Kept, so that ratekit equals the package.
  for (uint32_t t = 0; t < teams; ++t) {
    const uint32_t k = order_[t];
    const moments team_message = product(win_[k], lose_[k]);
    for (uint32_t p = in.first[t]; p < in.first[t + 1]; ++p) {
      const double w = in.weight[p], own_sd = w * in.prior[p].sigma;
      const moments rest{perf_[t].mu - w * in.prior[p].mu, std::sqrt(perf_[t].sigma * perf_[t].sigma - own_sd * own_sd)};
      const moments m = team_message - rest;
      out[p] = {m.mu / w, m.sigma / w};
    }
  }
  return evidence;
}

}  // namespace ratekit::plugins::ttt_math
