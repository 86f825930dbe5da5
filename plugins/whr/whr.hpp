// whr: Rémi Coulom's Whole-History Rating (2008). Each player's skill r
// (natural units: gamma = e^r, 400 / ln 10 Elo each) at every day he played,
// estimated from all games before and after. Games are Bradley-Terry (a draw
// half a win and half a loss), skill is a Wiener process of variance w2 Elo^2
// per unit of time, and each player's first day carries one virtual win and
// one virtual loss against a player of r 0 (or, for a player the config's
// `initial` gives a prior, a Gaussian on that day's r). A sweep takes one Newton step on
// every player's every day at once (joint_newton.hpp); the deviations come from
// the diagonal of each player's inverse Hessian (his own days' block, tridiagonal). The plugin is this class, exported by sdk/include/ratekit/whole_history.hpp.
#pragma once

#include "joint_newton.hpp"
#include "player_days.hpp"
#include "tridiagonal.hpp"

#include <ratekit/whole_history.hpp>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

namespace ratekit::plugins {

class whr {
 public:
  static const rk_descriptor descriptor;
  using enum sdk::whole_history_state::field;
  enum param : uint32_t { p_w2, p_epsilon, p_iterations };
  static constexpr double nat_per_elo = std::numbers::ln10 / 400;

  whr(const sdk::host&, sdk::params p) : w2_(p[p_w2]), w2_nat_(p[p_w2] * nat_per_elo * nat_per_elo) {
    if (!(w2_ > 0 && std::isfinite(w2_))) throw sdk::failure(RK_ERR_INVALID_ARGUMENT, "whr needs w2 > 0");
  }

  // Bradley-Terry on Elo: a's chance against b with `advantage` on a's side.
  double expect(double ra, double rb, double advantage) const {
    return 1.0 / (1.0 + std::pow(10.0, -(ra + advantage - rb) / 400.0));
  }
  // The same, averaged over both skills' uncertainty: the logistic of a normal
  // difference, approximated by scaling the mean by 1 / sqrt(1 + pi v / 8)
  // (MacKay 1992), v its variance in natural units.
  double expect(const double* a, const double* b, double advantage) const {
    const double mean = (a[f_rating] + advantage - b[f_rating]) * nat_per_elo;
    const double v = (a[f_deviation] * a[f_deviation] + b[f_deviation] * b[f_deviation]) * nat_per_elo * nat_per_elo;
    return logistic(mean / std::sqrt(1.0 + std::numbers::pi * v / 8.0));
  }

  // Players' own priors (the config's `initial`, Elo): a player with a deviation gets the Gaussian
  // N(mean, sd^2) on his first day's rating in the place of the virtual games (mean NaN: 0, the virtual
  // opponent's); a player with neither keeps the virtual games.
  void set_priors(uint64_t players, const double* mean, const double* sd) {
    prior_mean_.assign(players, 0.0), prior_variance_.assign(players, std::nan(""));
    for (uint64_t p = 0; p < players; ++p) {
      const bool listed = !std::isnan(mean[p]) || !std::isnan(sd[p]);
      if (listed && !(sd[p] > 0 && std::isfinite(sd[p]) && (std::isnan(mean[p]) || std::isfinite(mean[p]))))
        throw sdk::failure(RK_ERR_INVALID_ARGUMENT, "whr: player " + std::to_string(p) +
                                                        "'s prior needs a positive finite deviation and a finite mean");
      if (!listed) continue;
      prior_mean_[p] = std::isnan(mean[p]) ? 0.0 : mean[p] * nat_per_elo;
      prior_variance_[p] = sd[p] * sd[p] * nat_per_elo * nat_per_elo;
    }
  }

  void load(const sdk::history& h) {
    if (!prior_mean_.empty() && prior_mean_.size() != h.players())
      throw sdk::failure(RK_ERR_INVALID_ARGUMENT, "whr: priors for " + std::to_string(prior_mean_.size()) +
                                                      " players, a history of " + std::to_string(h.players()));
    days_ = whr_model::lay_out(h, nat_per_elo);
    r_.assign(days_.days(), 0.0);  // the prior's mode: every gamma 1, or a player's own prior mean
    for (uint32_t p = 0; p < days_.players(); ++p)
      if (gaussian_prior(p)) std::fill(r_.begin() + days_.first_day[p], r_.begin() + days_.first_day[p + 1], prior_mean_[p]);
    size_t longest = 0;
    for (uint32_t p = 0; p < days_.players(); ++p)
      longest = std::max<size_t>(longest, days_.first_day[p + 1] - days_.first_day[p]);
    for (auto* v : {&gradient_, &diag_, &off_, &scratch_}) v->assign(longest, 0.0);
    system_.resize(days_.days(), days_.opponent.size());
  }

  // Earlier estimates (Elo) of the entries; a day none has starts from the
  // player's day before it, or from 0 on his first, and then the days of the
  // players with such a day settle, three rounds over them (settle_alone): a
  // new player far from 0 would otherwise be the largest change of several
  // joint sweeps (the football results' 2025 added: 6 sweeps, now 4).
  void warm_start(const double* mean, const double*) {
    std::fill(r_.begin(), r_.end(), std::nan(""));
    for (size_t e = 0; e < days_.entry_day.size(); ++e)
      if (std::isfinite(mean[e])) r_[days_.entry_day[e]] = mean[e] * nat_per_elo;
    std::vector<uint32_t> unknown;  // the players with such a day, settled once every day has its start
    for (uint32_t p = 0; p < days_.players(); ++p)
      for (uint32_t d = days_.first_day[p]; d < days_.first_day[p + 1]; ++d)
        if (std::isnan(r_[d])) {
          r_[d] = d == days_.first_day[p] ? 0.0 : r_[d - 1];
          if (unknown.empty() || unknown.back() != p) unknown.push_back(p);
        }
    for (int round = 0; round < 3; ++round)
      for (const uint32_t p : unknown) settle_alone(p);
  }

  // One Newton step on all days at once, solved by conjugate gradients, safeguarded: halved until the log
  // posterior does not fall (newton_step), so no sweep lowers it; the largest change of a mean, in Elo. The
  // host is polled every 4,096 players visited (once to gather the system, then per preconditioning): a
  // Ctrl-C within the sweep, and the host drops the fit.
  double sweep() {
    uint64_t visited = 0;
    for (uint32_t p = 0; p < days_.players(); ++p) {
      sdk::stop_point(visited++);
      const uint32_t first = days_.first_day[p];
      if (first == days_.first_day[p + 1]) continue;
      curvature(p, &system_.residual[first], &system_.diag[first], &system_.off[first], system_.weight.data());
    }
    inner_iterations_ = whr_model::solve_joint(days_, system_, scratch_.data(), limits_, visited);
    return newton_step() / nat_per_elo;
  }
  // The conjugate-gradient iterations the last sweep took (bench, tests).
  int inner_iterations() const { return inner_iterations_; }

  // Each entry's player's estimate and deviation at the entry's day, in Elo.
  void estimates(double* mean, double* sd) const {
    std::vector<double> day_sd(days_.days());
    for (uint32_t p = 0; p < days_.players(); ++p) {
      const uint32_t first = days_.first_day[p], n = days_.first_day[p + 1] - first;
      if (n == 0) continue;
      curvature(p, gradient_.data(), diag_.data(), off_.data(), nullptr);
      whr_model::inverse_diagonal(diag_.data(), off_.data(), gradient_.data(), scratch_.data(), n);
      for (uint32_t k = 0; k < n; ++k) day_sd[first + k] = std::sqrt(-gradient_[k]) / nat_per_elo;
    }
    for (size_t e = 0; e < days_.entry_day.size(); ++e)
      mean[e] = r_[days_.entry_day[e]] / nat_per_elo, sd[e] = day_sd[days_.entry_day[e]];
  }

  // The log of the posterior density at the estimates, up to the evidence's
  // normalisation: the games' Bradley-Terry log-likelihood, the first days'
  // virtual games (or a player's own Gaussian prior, normalised) and the
  // Wiener densities of each step, in natural units.
  double log_evidence() const;

  // A player's state after `elapsed` units of time without games: his mean,
  // his variance grown by w2 per unit.
  void drift(const double* state, double elapsed, double* out) const {
    out[f_rating] = state[f_rating];
    out[f_deviation] = std::sqrt(state[f_deviation] * state[f_deviation] + w2_ * std::max(0.0, elapsed));
  }

  // The player-days the estimates are laid out on (tests).
  const whr_model::player_days& layout() const { return days_; }

 private:
  static double logistic(double x) { return 1.0 / (1.0 + std::exp(-x)); }
  // log(logistic(x)) without overflow.
  static double log_logistic(double x) { return x > 0 ? -std::log1p(std::exp(-x)) : x - std::log1p(std::exp(x)); }

  // Player p's gradient and Hessian (diagonal and off-diagonal) of the log posterior in his days' r, from
  // his first day's place on; with `weight`, each of his game terms' link p (1 - p) to the opponent's day.
  void curvature(uint32_t p, double* gradient, double* diag, double* off, double* weight) const;
  // Newton steps on player p's days alone, the others held still (Coulom's per-player step), each cut to
  // at most 2 natural units, until the longest is under 1e-9 or after 20: a start for the joint sweeps,
  // which alone decide where the fit ends.
  void settle_alone(uint32_t p) {
    const uint32_t first = days_.first_day[p], n = days_.first_day[p + 1] - first;
    for (int step = 0; step < 20; ++step) {
      curvature(p, gradient_.data(), diag_.data(), off_.data(), nullptr);
      whr_model::solve_tridiagonal(diag_.data(), off_.data(), gradient_.data(), scratch_.data(), n);
      double longest = 0.0;
      for (uint32_t k = 0; k < n; ++k) longest = std::max(longest, std::abs(gradient_[k]));
      const double factor = std::min(1.0, 2.0 / longest);
      for (uint32_t k = 0; k < n; ++k) r_[first + k] -= factor * gradient_[k];
      if (longest < 1e-9) return;
    }
  }
  // Moves every day by the Newton step in system_.step (r - step), times the largest of 1, 1/2, 1/4, ...
  // that does not lower the log posterior (beyond rounding); returns the largest change made, 0 when none.
  double newton_step();
  // Game term t of day d: its log-likelihood (a draw half a win, half a loss).
  double game_term(uint32_t d, uint32_t t) const {
    const double x = r_[d] + days_.advantage[t] - r_[days_.opponent[t]], s = days_.score[t];
    return s * log_logistic(x) + (1.0 - s) * log_logistic(-x);
  }
  // Whether player p has a Gaussian prior of his own (set_priors).
  bool gaussian_prior(uint32_t p) const { return !prior_variance_.empty() && !std::isnan(prior_variance_[p]); }
  // The log of player p's prior at his first day d: the virtual win and loss against r 0, or his own
  // Gaussian's density without its normalisation.
  double prior_term(uint32_t p, uint32_t d) const {
    if (!gaussian_prior(p)) return log_logistic(r_[d]) + log_logistic(-r_[d]);
    const double off = r_[d] - prior_mean_[p];
    return -off * off / (2.0 * prior_variance_[p]);
  }
  // Day d's variance of the step to the player's next day, and minus that step's log-density without its
  // normalisation.
  double step_variance(uint32_t d) const { return w2_nat_ * (days_.time[d + 1] - days_.time[d]); }
  double step_penalty(uint32_t d) const {
    const double step = r_[d + 1] - r_[d];
    return step * step / (2.0 * step_variance(d));
  }

  double w2_, w2_nat_;
  whr_model::player_days days_;
  std::vector<double> r_;  // per day, natural units
  std::vector<double> prior_mean_, prior_variance_;  // per player, natural units; empty: no priors given
  mutable std::vector<double> gradient_, diag_, off_, scratch_;  // one player's, reused
  whr_model::joint_system system_;
  whr_model::solve_limits limits_;
  int inner_iterations_ = 0;
};

inline void whr::curvature(uint32_t p, double* gradient, double* diag, double* off, double* weight) const {
  const uint32_t first = days_.first_day[p], n = days_.first_day[p + 1] - first;
  for (uint32_t k = 0; k < n; ++k) {
    const uint32_t d = first + k;
    double g = 0.0, h = 0.0;
    for (uint32_t t = days_.first_term[d]; t < days_.first_term[d + 1]; ++t) {
      const double win = logistic(r_[d] + days_.advantage[t] - r_[days_.opponent[t]]);
      g += days_.score[t] - win;
      h -= win * (1.0 - win);
      if (weight) weight[t] = win * (1.0 - win);
    }
    gradient[k] = g, diag[k] = h;
  }
  if (gaussian_prior(p)) {
    gradient[0] -= (r_[first] - prior_mean_[p]) / prior_variance_[p];
    diag[0] -= 1.0 / prior_variance_[p];
  } else {
    const double q = logistic(r_[first]);  // one virtual win and one loss against r 0
    gradient[0] += 1.0 - 2.0 * q;
    diag[0] -= 2.0 * q * (1.0 - q);
  }
  for (uint32_t k = 0; k + 1 < n; ++k) {  // the Wiener process between days k and k + 1
    const double precision = 1.0 / (w2_nat_ * (days_.time[first + k + 1] - days_.time[first + k]));
    const double pull = (r_[first + k + 1] - r_[first + k]) * precision;
    gradient[k] += pull, gradient[k + 1] -= pull;
    diag[k] -= precision, diag[k + 1] -= precision;
    off[k] = precision;
  }
}

inline double whr::newton_step() {
  const double before = log_evidence();
  std::vector<double>& start = system_.product;  // free once the step is solved
  std::copy(r_.begin(), r_.end(), start.begin());
  double longest = 0.0;
  for (const double x : system_.step) longest = std::max(longest, std::abs(x));
  // A full step almost always gains; 60 halvings leave no step bigger than rounding.
  for (double factor = 1.0; factor > 0x1p-60; factor /= 2) {
    for (size_t d = 0; d < r_.size(); ++d) {
      r_[d] = start[d] - factor * system_.step[d];
      if (!std::isfinite(r_[d]))
        throw sdk::failure(RK_ERR_DOMAIN, "whr: Newton's method diverged at player-day " + std::to_string(d));
    }
    if (log_evidence() >= before - 1e-12 * std::abs(before)) return factor * longest;
  }
  std::copy(start.begin(), start.end(), r_.begin());
  return 0.0;
}

inline double whr::log_evidence() const {
  double total = 0.0;
  for (uint32_t d = 0; d < days_.days(); ++d)  // each game is two terms: half from each side
    for (uint32_t t = days_.first_term[d]; t < days_.first_term[d + 1]; ++t) total += 0.5 * game_term(d, t);
  for (uint32_t p = 0; p < days_.players(); ++p) {
    const uint32_t first = days_.first_day[p], last = days_.first_day[p + 1];
    if (first == last) continue;
    total += prior_term(p, first);
    if (gaussian_prior(p)) total -= 0.5 * std::log(2.0 * std::numbers::pi * prior_variance_[p]);
    for (uint32_t d = first; d + 1 < last; ++d)
      total -= step_penalty(d) + 0.5 * std::log(2.0 * std::numbers::pi * step_variance(d));
  }
  return total;
}

}  // namespace ratekit::plugins
