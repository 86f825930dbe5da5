// trueskill: Herbrich, Minka and Graepel's TrueSkill (2006) for matches of
// any number of teams of any size, with ties and partial play. Each player's
// skill is a Gaussian belief N(mu, sigma^2); a match's ranking updates the
// beliefs of everyone in it through the factor graph of factor_graph.hpp.
// The plugin is this class, exported by sdk/include/ratekit/teams.hpp.
#pragma once

#include "factor_graph.hpp"
#include "normal.hpp"
#include "team_scores.hpp"

#include <ratekit/teams.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

namespace ratekit::plugins {

class trueskill {
 public:
  static const rk_descriptor descriptor;
  enum field : uint32_t { f_mu, f_sigma };  // the state row: the rating is mu
  enum param : uint32_t { p_mu, p_sigma, p_beta, p_tau, p_draw_probability };
  // The references' normal distribution (normal.hpp says why).
  using normal = trueskill_math::reference_normal;

  trueskill(const sdk::host&, sdk::params p)
      : mu_(p[p_mu]), sigma_(p[p_sigma]), beta_(p[p_beta]), tau_(p[p_tau]), draw_probability_(p[p_draw_probability]) {
    // The host checks the bounds; a model built by hand is held to them too.
    if (!(std::isfinite(mu_) && sigma_ > 0 && std::isfinite(sigma_) && beta_ > 0 && std::isfinite(beta_) &&
          tau_ >= 0 && std::isfinite(tau_) && draw_probability_ >= 0 && draw_probability_ < 1))
      throw sdk::failure(RK_ERR_INVALID_ARGUMENT,
                         "trueskill needs sigma > 0, beta > 0, tau >= 0 and 0 <= draw_probability < 1");
    ppf_ = normal::ppf((draw_probability_ + 1) / 2);
  }

  void initial(double* state) const { state[f_mu] = mu_, state[f_sigma] = sigma_; }

  // The draw margin between two adjacent teams of `players` players in all:
  // the performance difference within which they tie, so that two teams of
  // that size with equal skills draw with probability draw_probability.
  double draw_margin(uint32_t players) const { return ppf_ * std::sqrt(double(players)) * beta_; }

  // Moves the states of the match's players: the teams are sorted by rank
  // (stably: tied teams keep their order), run through the factor graph, and
  // each posterior is written back to the player's row.
  void rate(sdk::match& m) {
    const uint32_t teams = m.teams();
    if (teams < 2) throw sdk::failure(RK_ERR_DOMAIN, "a match needs two teams or more");
    check_shares(m);
    order_.resize(teams);
    std::iota(order_.begin(), order_.end(), 0u);
    for (uint32_t t = 0; t < teams; ++t)
      if (!std::isfinite(m.rank(t))) throw sdk::failure(RK_ERR_INVALID_ARGUMENT, "a team's rank is not a number");
    std::sort(order_.begin(), order_.end(), [&m](uint32_t a, uint32_t b) {
      return m.rank(a) < m.rank(b) || (m.rank(a) == m.rank(b) && a < b);
    });
    graph_.clear();
    for (const uint32_t t : order_) {
      graph_.add_team(m.rank(t));
      for (uint32_t p = m.first(t); p < m.first(t) + m.size(t); ++p) {
        const double* row = m.state(p);
        if (!(std::isfinite(row[f_mu]) && row[f_sigma] > 0 && std::isfinite(row[f_sigma])))
          throw sdk::failure(RK_ERR_DOMAIN, "a player's mu is not finite or his sigma not positive");
        graph_.add_player(row[f_mu], row[f_sigma], m.weight(p));
      }
    }
    passes_ = graph_.run(beta_, tau_, ppf_);
    size_t k = 0;
    for (const uint32_t t : order_)
      for (uint32_t p = m.first(t); p < m.first(t) + m.size(t); ++p, ++k) {
        double* row = m.state(p);
        row[f_mu] = graph_.mu(k), row[f_sigma] = graph_.sigma(k);
      }
  }

  // For each pair of teams, the chances that either finishes ahead and that
  // they tie, from their performances as the factor graph sums them: team i
  // performs N(sum w mu, sum w^2 (sigma^2 + beta^2)), and the difference
  // decides against the draw margin of the two teams' sizes. No tau: the
  // references' win probability (sublee/trueskill#1, ts-trueskill's
  // winProbability) and match quality predict from the ratings as they stand.
  // each(i, j, chances) for every pair i < j, row by row (sdk/teams.hpp).
  template <class Each>
  void each_chance(const sdk::match& m, Each&& each) const {
    const uint32_t teams = m.teams();
    check_shares(m);
    sum_teams(m);
    for (uint32_t i = 0; i < teams; ++i)
      for (uint32_t j = i + 1; j < teams; ++j) {
        const double c = std::sqrt(team_var_[i] + team_var_[j]);
        const double eps = draw_margin(m.size(i) + m.size(j)), d = team_mu_[i] - team_mu_[j];
        const double ahead = normal::cdf((d - eps) / c), behind = normal::cdf((-d - eps) / c);
        // The tie takes the rest, so the three add up to 1 (exactly, while
        // the two wins add up to a half or more: 1 - s is then exact).
        each(i, j, sdk::pair_chance{ahead, behind, std::max(0.0, 1.0 - (ahead + behind))});
      }
  }

  // Each team's expected score (sdk/teams.hpp), for a match of
  // quick_from() teams or more, in time linear in its teams instead of its
  // pairs (team_scores.hpp, with the exact normal distribution); false, for
  // the SDK to take the pairs, below that or for a match that way does not take.
  bool expected_scores(const sdk::match& m, std::vector<double>& scores) const {
    if (m.teams() < quick_from_) return false;
    check_shares(m);
    sum_teams(m);
    performances_.resize(m.teams());
    for (uint32_t t = 0; t < m.teams(); ++t) performances_[t] = {team_mu_[t], team_var_[t], m.size(t)};
    const auto margin = [this](uint32_t a, uint32_t b) { return draw_margin(a + b); };
    return trueskill_math::team_scores(performances_, margin, scores);
  }
  static constexpr uint32_t quick_teams = 1024;  // below, the pairs cost little and give the references' numbers
  void expect_quickly_from(uint32_t teams) { quick_from_ = teams; }  // tests

  // The smallest share of a match the model rates. The draw margin does not
  // shrink with the shares, so a team whose players all played a little
  // must beat it by a margin its tiny performance can hardly reach: at a
  // share of 1e-4 each, a win between two new players sends the winner's mu
  // to 2987, and below about 0.0015 a tie of equals is no longer rated as
  // one (the factor graph's messages lose their precision). The references
  // raise a share below 1e-4 to 1e-4 without a word; the plugin refuses any
  // share below this minimum, naming it.
  static constexpr double min_share = 0.01;

  // The passes of the difference schedule the last match took (tests).
  int passes() const { return passes_; }

 private:
  // Refuses a share of the match below min_share, saying which.
  static void check_shares(const sdk::match& m) {
    for (uint32_t p = 0; p < m.players(); ++p)
      if (m.weight(p) < min_share) {
        char share[32];
        const auto written = std::to_chars(share, share + sizeof share, m.weight(p), std::chars_format::general);
        throw sdk::failure(RK_ERR_DOMAIN, "a player's share of the match, " + std::string(share, written.ptr) +
                                              ", is below trueskill's minimum of 0.01 (plugins/trueskill/README.md): "
                                              "leave him out of the match, or give him 0.01");
      }
  }

  // Each team's performance, N(sum w mu, sum w^2 (sigma^2 + beta^2)), into team_mu_ and team_var_.
  void sum_teams(const sdk::match& m) const {
    team_mu_.assign(m.teams(), 0.0), team_var_.assign(m.teams(), 0.0);
    for (uint32_t t = 0; t < m.teams(); ++t)
      for (uint32_t p = m.first(t); p < m.first(t) + m.size(t); ++p) {
        const double w = m.weight(p), sigma = m.state(p)[f_sigma];
        team_mu_[t] += w * m.state(p)[f_mu];
        team_var_[t] += w * w * (sigma * sigma + beta_ * beta_);
      }
  }

  double mu_, sigma_, beta_, tau_, draw_probability_;
  double ppf_ = 0.0;  // ppf((draw_probability + 1) / 2)
  int passes_ = 0;
  uint32_t quick_from_ = quick_teams;
  std::vector<uint32_t> order_;  // the teams in rank order
  trueskill_math::factor_graph<normal> graph_;
  mutable std::vector<double> team_mu_, team_var_;  // chances' scratch
  mutable std::vector<trueskill_math::team_performance> performances_;
};

}  // namespace ratekit::plugins
