// weng-lin: Weng and Lin's Bayesian approximation method for online ranking
// (JMLR 12, 2011) as the OpenSkill libraries implement it. Each player has a
// normal belief N(mu, sigma^2) about his skill; a match of teams moves the
// players' means towards what the result says and shrinks their sigmas. Five
// variants read the result differently (plackett_luce.hpp, bradley_terry.hpp,
// thurstone_mosteller.hpp); this class does what they share: tau, the
// teams in finishing order, the players' shares and the forecasts.
#pragma once

#include "bradley_terry.hpp"
#include "plackett_luce.hpp"
#include "player_update.hpp"
#include "predict.hpp"
#include "team_scores.hpp"
#include "team_rating.hpp"
#include "thurstone_mosteller.hpp"

#include <ratekit/sdk.hpp>
#include <ratekit/teams.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <vector>

namespace ratekit::plugins {

class weng_lin {
 public:
  static const rk_descriptor descriptor;
  enum field : uint32_t { f_mu, f_sigma };
  enum param : uint32_t { p_variant, p_mu, p_sigma, p_beta, p_kappa, p_tau, p_epsilon };
  // In the order of the `variant` parameter's choices.
  enum class variant : int {
    plackett_luce,
    bradley_terry_full,
    bradley_terry_part,
    thurstone_mosteller_full,
    thurstone_mosteller_part
  };

  weng_lin(const sdk::host& h, sdk::params p)
      : host_(h),
        variant_(variant(int(p[p_variant]))),
        mu_(p[p_mu]),
        sigma_(p[p_sigma]),
        beta_(p[p_beta]),
        kappa_(p[p_kappa]),
        tau_(p[p_tau]),
        epsilon_(p[p_epsilon]) {
    if (int(variant_) < 0 || int(variant_) > int(variant::thurstone_mosteller_part))
      throw sdk::failure(RK_ERR_INVALID_ARGUMENT, "unknown weng-lin variant");
  }

  void initial(double* state) const {
    state[f_mu] = mu_;
    state[f_sigma] = sigma_;
  }

  // One match, as openskill.js's rate(): every sigma widened by tau, the
  // teams sorted by rank (stably: tied teams keep their order), the variant's
  // team updates, each player's share.
  void rate(sdk::match& m) {
    const uint32_t k = m.teams();
    order_.resize(k);
    std::iota(order_.begin(), order_.end(), 0u);
    std::stable_sort(order_.begin(), order_.end(), [&](uint32_t a, uint32_t b) { return m.rank(a) < m.rank(b); });

    widened_.resize(m.players());
    teams_.resize(k);
    for (uint32_t place = 0; place < k; ++place) {
      sdk::stop_point(place);  // every 4,096 teams, as the variants' sums: a Ctrl-C within the match
      const uint32_t t = order_[place];
      wl::team_rating& team = teams_[place];
      team = {};
      for (uint32_t p = m.first(t); p < m.first(t) + m.size(t); ++p) {
        const double* row = m.state(p);
        if (!(std::isfinite(row[f_mu]) && std::isfinite(row[f_sigma]) && row[f_sigma] >= 0.0))
          throw sdk::failure(RK_ERR_DOMAIN, "a player's mu or sigma is not a finite number (sigma >= 0)");
        widened_[p] = std::sqrt(row[f_sigma] * row[f_sigma] + tau_ * tau_);  // the dynamics of tau
        team.mu += row[f_mu];
        team.sigma_sq += widened_[p] * widened_[p];
      }
      if (!(team.sigma_sq > 0.0))
        throw sdk::failure(RK_ERR_DOMAIN, "a team has no uncertainty left (sigma 0 with tau 0): nothing to update");
      // The place of the first team of its tie group (openskill's `rankings`).
      team.rank = place > 0 && m.rank(order_[place - 1]) == m.rank(t) ? teams_[place - 1].rank : place;
    }

    updates_.resize(k);
    const double beta_sq = beta_ * beta_;
    switch (variant_) {
      case variant::plackett_luce: wl::plackett_luce(teams_, beta_sq, updates_, scratch_); break;
      case variant::bradley_terry_full: wl::bradley_terry(teams_, 2.0 * beta_sq, false, updates_); break;
      case variant::bradley_terry_part: wl::bradley_terry(teams_, 2.0 * beta_sq, true, updates_); break;
      case variant::thurstone_mosteller_full:
        wl::thurstone_mosteller(teams_, 2.0 * beta_sq, epsilon_, false, updates_);
        break;
      case variant::thurstone_mosteller_part:
        wl::thurstone_mosteller(teams_, 2.0 * beta_sq, epsilon_, true, updates_);
        break;
    }

    for (uint32_t place = 0; place < k; ++place) {
      const uint32_t t = order_[place];
      const uint32_t begin = m.first(t), end = begin + m.size(t);
      wl::weight_range range{m.weight(begin), m.weight(begin)};
      for (uint32_t p = begin; p < end; ++p)
        range.lo = std::min(range.lo, m.weight(p)), range.hi = std::max(range.hi, m.weight(p));
      if (range.lo < 1.0) warn_relative_weights();
      for (uint32_t p = begin; p < end; ++p) {
        double* row = m.state(p);
        const wl::player_rating r = wl::update_player(row[f_mu], widened_[p], teams_[place].sigma_sq, updates_[place],
                                                      range(m.weight(p)), kappa_);
        row[f_mu] = r.mu;
        row[f_sigma] = r.sigma;
      }
    }
  }

  // Pair by pair, openskill's two-team predictWin and predictDraw (predict.hpp):
  // each(i, j, chances) for every pair i < j, row by row (sdk/teams.hpp); each
  // player's skill weighed by his share of the match (a weight of 1 leaves
  // openskill's sums as they are, to the bit).
  template <class Each>
  void each_chance(const sdk::match& m, Each&& each) const {
    sum_teams(m);
    const uint32_t k = m.teams();
    const double beta_sq = beta_ * beta_;
    for (uint32_t i = 0; i < k; ++i)
      for (uint32_t j = i + 1; j < k; ++j) {
        const wl::pair_chances c = wl::chances(sums_[i], sums_[j], beta_sq, margin(sums_[i].players + sums_[j].players));
        each(i, j, sdk::pair_chance{c.a_ahead, c.b_ahead, c.draw});
      }
  }

  // Each team's expected score (sdk/teams.hpp), for a match of quick_teams
  // teams or more, from an interpolant of the pairs' sums in time linear in
  // the teams (team_scores.hpp, within 1e-9 of the pairs); false, for the SDK
  // to take the pairs, below that or for a match that way does not take.
  bool expected_scores(const sdk::match& m, std::vector<double>& scores) const {
    if (m.teams() < quick_from_) return false;
    sum_teams(m);
    const double beta_sq = beta_ * beta_;
    const auto chance = [&](const wl::team_forecast& a, const wl::team_forecast& b) {
      const wl::pair_chances c = wl::chances(a, b, beta_sq, margin(a.players + b.players));
      return c.a_ahead + 0.5 * c.draw;
    };
    return wl::team_scores(sums_, beta_sq, chance, scores, double(m.teams()) * double(m.teams()) / 4);
  }
  void expect_quickly_from(uint32_t teams) { quick_from_ = teams; }  // tests

 private:
  // openskill's update reads weights relative within a team, not as shares of
  // the match as the input format defines them: said once, where it matters.
  void warn_relative_weights() {
    if (warned_) return;
    warned_ = true;
    host_.warn("weng-lin rates partial play as openskill does: a weight counts only against the team-mates' "
               "(the team's smallest weight as 1, its largest as 2), not as a share of the match, so a team that "
               "all played half is rated as a full one and 0.25 beside 0.75 as 0.5 beside 1 "
               "(docs/input-formats.md, team-csv); its forecasts read weights as shares");
  }

  // Each team's players' mu and sigma^2 weighed by their shares, and its size, into sums_.
  void sum_teams(const sdk::match& m) const {
    sums_.assign(m.teams(), {});
    for (uint32_t t = 0; t < m.teams(); ++t)
      for (uint32_t p = m.first(t); p < m.first(t) + m.size(t); ++p) {
        const double w = m.weight(p), sigma = m.state(p)[f_sigma];
        sums_[t].mu += w * m.state(p)[f_mu];
        sums_[t].sigma_sq += w * w * sigma * sigma;
        sums_[t].players += 1.0;
      }
  }

  // The draw margin depends only on the players in the pair: kept for the last count.
  double margin(double n) const {
    if (n != margin_n_) margin_n_ = n, margin_ = wl::draw_margin(n, beta_);
    return margin_;
  }

  sdk::host host_;
  variant variant_;
  double mu_, sigma_, beta_, kappa_, tau_, epsilon_;
  bool warned_ = false;
  uint32_t quick_from_ = wl::quick_teams;
  // Scratch reused from match to match, so a warm instance allocates nothing.
  std::vector<uint32_t> order_;
  std::vector<double> widened_, scratch_;
  std::vector<wl::team_rating> teams_;
  std::vector<wl::team_update> updates_;
  mutable std::vector<wl::team_sums> sums_;
  mutable double margin_n_ = 0.0, margin_ = 0.0;
};

}  // namespace ratekit::plugins
