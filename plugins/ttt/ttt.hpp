// ttt: TrueSkill Through Time (Dangauthier, Herbrich, Minka, Graepel 2007;
// Landfried and Mocskos 2023) as the trueskillthroughtime package defines it.
// Each player's skill at each batch (one time) he plays in is a Gaussian,
// linked to his previous and next ones by a random walk of gamma per unit of
// time; matches are TrueSkill's factor graphs (match_likelihoods.hpp). Every
// skill's belief is the product of three messages: forward (the past),
// backward (the future) and the likelihood (this batch's matches).
//
// The schedule is the package's: load() is its construction, one forward
// pass with a single pass over each batch's matches in input order; a
// sweep() is its History.iteration(): a backward pass (batches from the last
// but one to the first) then a forward pass (the second to the last), each
// batch one pass over its matches; a history of one batch converges that
// batch instead (at most 20 passes, to 1e-6). So after any number of sweeps
// the estimates are the package's after as many iterations. An incremental
// run's warm start settles the batches near the new ones first
// (warm_window.hpp); its sweeps are the same whole sweeps.
#pragma once

#include "history_check.hpp"
#include "match_likelihoods.hpp"
#include "skill_slots.hpp"

#include <ratekit/whole_history.hpp>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace ratekit::plugins {

class ttt {
 public:
  static const rk_descriptor descriptor;
  using enum sdk::whole_history_state::field;
  enum param : uint32_t { p_mu, p_sigma, p_beta, p_gamma, p_draw, p_epsilon, p_iterations };
  using moments = ttt_math::moments;
  using natural = ttt_math::natural;

  ttt(const sdk::host&, sdk::params p)
      : mu_(p[p_mu]), sigma_(p[p_sigma]), beta_(p[p_beta]), gamma_(p[p_gamma]), p_draw_(p[p_draw]),
        epsilon_(p[p_epsilon]), iterations_(uint64_t(p[p_iterations])), match_(beta_, p_draw_) {
    // The host checks the bounds; a model built by hand is held to them too.
    if (!(std::isfinite(mu_) && sigma_ > 0 && std::isfinite(sigma_) && beta_ > 0 && std::isfinite(beta_) &&
          gamma_ >= 0 && std::isfinite(gamma_) && p_draw_ >= 0 && p_draw_ < 1))
      throw sdk::failure(RK_ERR_INVALID_ARGUMENT, "ttt needs sigma > 0, beta > 0, gamma >= 0 and 0 <= p_draw < 1");
  }

  // A's expected score (a win 1, a draw 1/2) against B, from their states.
  double expect(const double* a, const double* b, double advantage) const {
    const moments d{a[f_rating] + advantage - b[f_rating],
                    std::sqrt(a[f_deviation] * a[f_deviation] + b[f_deviation] * b[f_deviation] + 2 * beta_ * beta_)};
    const double margin = ttt_math::draw_margin(p_draw_, beta_, 2);
    return ttt_math::result_probability(d, margin, false) + ttt_math::result_probability(d, margin, true) / 2;
  }
  // A team match's chances (expect_teams of abi.h): for teams i and j,
  // beats[i * T + j] = P(i ahead of j) and draws[i * T + j] = P(they tie; draws may be null), from
  // the difference of their performances (sum w mu, sum w^2 (sd^2 + beta^2)).
  void team_chances(const double* states, const uint32_t* teams, const double* weights, uint64_t players,
                    double* beats, double* draws) const;
  // ... from the means alone (no uncertainty but the performances').
  double expect(double ra, double rb, double advantage) const {
    const double a[] = {ra, 0.0}, b[] = {rb, 0.0};
    return expect(a, b, advantage);
  }

  // Players' own priors (the config's `initial`): N(mean, sd) at a player's first batch in the place of
  // N(mu, sigma), as the package's `priors=`; a NaN half is mu's or sigma's.
  void set_priors(uint64_t players, const double* mean, const double* sd);
  void load(const sdk::history& h);
  // The exact warm start (whole_history.h's warm_state): per entry, the message its match last sent the
  // player's skill (precision, precision times mean). A fit's state is those messages: the forward, backward
  // and likelihood messages follow from them, so a longer history starts where the shorter one converged.
  static constexpr uint32_t warm_width = 2;
  void warm_state(double* out) const {
    for (size_t e = 0; e < entry_message_.size(); ++e) out[2 * e] = entry_message_[e].pi, out[2 * e + 1] = entry_message_[e].tau;
  }
  void warm_start_state(const double* state);
  double sweep();
  void estimates(double* mean, double* sd) const {
    for (size_t e = 0; e < slots_.entry_slot.size(); ++e) {
      const moments m = ttt_math::to_moments(posterior(slots_.entry_slot[e]));
      mean[e] = m.mu, sd[e] = m.sigma;
    }
  }
  // The log of the probability of every result, each match's from the
  // priors its latest pass gave it (the package's log_evidence).
  double log_evidence() const {
    double sum = 0.0;
    for (const double e : evidence_) sum += std::log(e);
    return sum;
  }
  // The random walk's widening over `elapsed` time units.
  void drift(const double* state, double elapsed, double* out) const {
    const moments m = ttt_math::forget({state[f_rating], state[f_deviation]}, gamma_, elapsed);
    out[f_rating] = m.mu, out[f_deviation] = m.sigma;
  }

 private:
  natural posterior(uint32_t s) const { return likelihood_[s] * backward_[s] * forward_[s]; }
  // The forward message of slot s: the player's previous belief without its
  // future, widened by the time since; his prior at his first batch.
  natural forward_in(uint32_t s) const {
    const uint32_t before = slots_.previous[s];
    if (before == ttt_math::skill_slots::none) return first_prior_.empty() ? prior_ : first_prior_[s];
    const moments past = ttt_math::to_moments(forward_[before] * likelihood_[before]);
    return ttt_math::to_natural(ttt_math::forget(past, gamma_, slots_.elapsed[s]));
  }
  // The backward message of slot s: his next belief without its past, widened by the time between.
  natural backward_in(uint32_t s) const {
    const uint32_t after = slots_.next[s];
    if (after == ttt_math::skill_slots::none) return natural{};
    const moments future = ttt_math::to_moments(likelihood_[after] * backward_[after]);
    return ttt_math::to_natural(ttt_math::forget(future, gamma_, slots_.elapsed[after]));
  }
  void pass(uint64_t b);                       // one pass over batch b's matches, in input order
  void pass_measured(uint64_t b, ttt_math::change& step, void (ttt::*receive)(uint32_t));
  void receive_forward(uint32_t s) { forward_[s] = forward_in(s); }
  void receive_backward(uint32_t s) { backward_[s] = backward_in(s); }
  void converge_single_batch(ttt_math::change& step);
  void rate_match(uint64_t m);
  // The incremental schedule (warm_window.hpp).
  uint64_t batch_of_slot(uint32_t s) const;
  void settle_window(std::vector<char>& in_window);
  void window_pass(const std::vector<char>& in_window, std::vector<char>& moved);

  double mu_, sigma_, beta_, gamma_, p_draw_, epsilon_;
  uint64_t iterations_;
  natural prior_ = ttt_math::to_natural({mu_, sigma_});
  std::vector<natural> player_prior_;  // per player when set_priors gave them, else empty
  std::vector<natural> first_prior_;   // per slot, the player's prior at his first slot; empty without priors
  // A copy of the history's description: its arrays stay the host's (whole_history.h).
  rk_wh_history history_{};
  bool loaded_ = false;
  ttt_math::skill_slots slots_;
  // Struct of arrays: per slot its three messages, per entry its match's message, per match its evidence.
  std::vector<natural> forward_, backward_, likelihood_, entry_message_;
  std::vector<double> evidence_;
  // Scratch, sized once: a batch's beliefs before a pass (and before a
  // single batch's convergence), a match's players and messages.
  std::vector<moments> before_, start_, messages_;
  mutable std::vector<double> team_mu_, team_variance_;  // team_chances' scratch
  mutable std::vector<uint32_t> team_size_;
  ttt_math::match_input input_;
  ttt_math::match_likelihoods match_;
};

inline void ttt::team_chances(const double* states, const uint32_t* teams, const double* weights, uint64_t players,
                              double* beats, double* draws) const {
  uint32_t count = 0;
  for (uint64_t p = 0; p < players; ++p) count = std::max(count, teams[p] + 1);
  if (count < 2) throw sdk::failure(RK_ERR_DOMAIN, "ttt: a match needs two teams or more");
  team_mu_.assign(count, 0.0), team_variance_.assign(count, 0.0), team_size_.assign(count, 0);
  for (uint64_t p = 0; p < players; ++p) {
    const double w = weights ? weights[p] : 1.0, sd = states[p * 2 + f_deviation];
    team_mu_[teams[p]] += w * states[p * 2 + f_rating];
    team_variance_[teams[p]] += w * w * (sd * sd + beta_ * beta_);
    ++team_size_[teams[p]];
  }
  for (uint32_t i = 0; i < count; ++i)
    for (uint32_t j = 0; j < count; ++j) {
      const moments d{team_mu_[i] - team_mu_[j], std::sqrt(team_variance_[i] + team_variance_[j])};
      const double margin = ttt_math::draw_margin(p_draw_, beta_, team_size_[i] + team_size_[j]);
      beats[i * count + j] = i == j ? 0.0 : ttt_math::result_probability(d, margin, false);
      if (draws) draws[i * count + j] = i == j ? 0.0 : ttt_math::result_probability(d, margin, true);
    }
}

inline void ttt::set_priors(uint64_t players, const double* mean, const double* sd) {
  player_prior_.assign(players, prior_);
  for (uint64_t p = 0; p < players; ++p) {
    if (!(std::isnan(mean[p]) || std::isfinite(mean[p])) || !(std::isnan(sd[p]) || (sd[p] > 0 && std::isfinite(sd[p]))))
      throw sdk::failure(RK_ERR_INVALID_ARGUMENT, "ttt: player " + std::to_string(p) +
                                                      "'s prior needs a finite mean and a positive finite deviation");
    player_prior_[p] = ttt_math::to_natural({std::isnan(mean[p]) ? mu_ : mean[p], std::isnan(sd[p]) ? sigma_ : sd[p]});
  }
}

inline void ttt::load(const sdk::history& h) {
  ttt_math::check_batches(h);
  if (!player_prior_.empty() && player_prior_.size() != h.players())
    throw sdk::failure(RK_ERR_INVALID_ARGUMENT, "ttt: priors for " + std::to_string(player_prior_.size()) +
                                                    " players, a history of " + std::to_string(h.players()));
  std::vector<double> ranks;
  for (uint64_t m = 0; m < h.matches(); ++m) ttt_math::check_match(h, m, p_draw_, ranks);
  history_ = h.raw(), loaded_ = true;
  slots_.build(h);
  const uint32_t slots = slots_.slots();
  forward_.assign(slots, natural{}), backward_.assign(slots, natural{}), likelihood_.assign(slots, natural{});
  entry_message_.assign(h.entries().size(), natural{});
  evidence_.assign(h.matches(), 1.0);
  first_prior_.clear();
  if (!player_prior_.empty()) {
    first_prior_.resize(slots);
    for (size_t e = 0; e < slots_.entry_slot.size(); ++e)
      first_prior_[slots_.entry_slot[e]] = player_prior_[size_t(h.entries()[e].player)];
  }
  uint32_t widest = 0;
  for (uint64_t b = 0; b < h.batches(); ++b)
    widest = std::max(widest, slots_.batch_begin[b + 1] - slots_.batch_begin[b]);
  before_.resize(widest);
  // The package's construction: each batch from the past alone, one pass.
  for (uint64_t b = 0; b < h.batches(); ++b) {
    for (uint32_t s = slots_.batch_begin[b]; s < slots_.batch_begin[b + 1]; ++s) receive_forward(s);
    pass(b);
  }
}

// After load(): the entries given keep their earlier messages (the new ones load()'s); each slot's likelihood is
// its entries' messages, then the forward messages along the batches and the backward ones back. The batches
// holding new entries (a new month, a late file, a correction) and their neighbourhood are then settled.
inline void ttt::warm_start_state(const double* state) {
  if (!loaded_) throw sdk::failure(RK_ERR_INVALID_ARGUMENT, "ttt: warm start before load");
  std::vector<char> in_window(history_.batch_count, 0);
  for (size_t e = 0; e < entry_message_.size(); ++e) {
    const double pi = state[2 * e], tau = state[2 * e + 1];
    if (std::isnan(pi) && std::isnan(tau)) {
      in_window[batch_of_slot(slots_.entry_slot[e])] = 1;
      continue;
    }
    if (!(pi >= 0 && std::isfinite(pi) && std::isfinite(tau)))
      throw sdk::failure(RK_ERR_INVALID_ARGUMENT, "ttt: warm start: entry " + std::to_string(e) +
                                                      "'s message is not a precision from 0 and a finite number");
    entry_message_[e] = natural{pi, tau};
  }
  std::fill(likelihood_.begin(), likelihood_.end(), natural{});
  for (size_t e = 0; e < entry_message_.size(); ++e) likelihood_[slots_.entry_slot[e]] = likelihood_[slots_.entry_slot[e]] * entry_message_[e];
  for (uint32_t s = 0; s < slots_.slots(); ++s) receive_forward(s);
  for (uint32_t s = slots_.slots(); s-- > 0;) receive_backward(s);
  settle_window(in_window);
}

inline double ttt::sweep() {
  if (!loaded_) throw sdk::failure(RK_ERR_INVALID_ARGUMENT, "ttt: sweep before load");
  const uint64_t batches = history_.batch_count;
  ttt_math::change step;
  for (uint64_t b = batches - 1; b-- > 0;) pass_measured(b, step, &ttt::receive_backward);
  for (uint64_t b = 1; b < batches; ++b) pass_measured(b, step, &ttt::receive_forward);
  if (batches == 1) converge_single_batch(step);
  // The package goes on while either moment moved by more than epsilon.
  return std::max(step.mu, step.sigma);
}

// How far batch b's beliefs move from before `receive` gives its slots their
// new messages to after its pass (the package's step).
inline void ttt::pass_measured(uint64_t b, ttt_math::change& step, void (ttt::*receive)(uint32_t)) {
  const uint32_t first = slots_.batch_begin[b], end = slots_.batch_begin[b + 1];
  for (uint32_t s = first; s < end; ++s) before_[s - first] = ttt_math::to_moments(posterior(s));
  if (receive)
    for (uint32_t s = first; s < end; ++s) (this->*receive)(s);
  pass(b);
  for (uint32_t s = first; s < end; ++s) ttt_math::max_change(step, before_[s - first], ttt_math::to_moments(posterior(s)));
}

// Batch.convergence() with its defaults: passes until no belief moves by more
// than 1e-6, at most 20; the step is the move over all of them.
inline void ttt::converge_single_batch(ttt_math::change& step) {
  const uint32_t slots = slots_.batch_begin[1];
  start_.resize(slots);
  for (uint32_t s = 0; s < slots; ++s) start_[s] = ttt_math::to_moments(posterior(s));
  ttt_math::change moved{INFINITY, INFINITY};
  for (int i = 0; (moved.mu > 1e-6 || moved.sigma > 1e-6) && i < 20; ++i) {
    moved = {};
    pass_measured(0, moved, nullptr);
  }
  for (uint32_t s = 0; s < slots; ++s) ttt_math::max_change(step, start_[s], ttt_math::to_moments(posterior(s)));
}

inline void ttt::pass(uint64_t b) {
  const uint64_t first = b == 0 ? 0 : history_.batch_ends[b - 1];
  for (uint64_t m = first; m < history_.batch_ends[b]; ++m) {
    sdk::stop_point(m);  // a Ctrl-C within the sweep: the host drops the fit
    rate_match(m);
  }
}

// One match: each player's prior is his belief without this match's last
// message; the new messages replace the old ones in his likelihood.
inline void ttt::rate_match(uint64_t m) {
  const rk_event& range = history_.matches[m];
  input_.clear();
  input_.advantage = history_.advantage ? history_.advantage[m] : 0.0;
  for (uint64_t e = range.begin; e < range.end; ++e) {
    const rk_entry& seat = history_.entries[e];
    if (e > range.begin && seat.team != history_.entries[e - 1].team) input_.first.push_back(uint32_t(e - range.begin));
    if (input_.rank.size() == seat.team) input_.rank.push_back(seat.rank);
    input_.prior.push_back(ttt_math::to_moments(posterior(slots_.entry_slot[e]) / entry_message_[e]));
    input_.weight.push_back(history_.weights ? history_.weights[e] : 1.0);
  }
  input_.first.push_back(uint32_t(range.end - range.begin));
  evidence_[m] = match_.run(input_, messages_);
  for (uint64_t e = range.begin; e < range.end; ++e) {
    const natural message = ttt_math::to_natural(messages_[e - range.begin]);
    natural& likelihood = likelihood_[slots_.entry_slot[e]];
    likelihood = likelihood / entry_message_[e] * message;
    entry_message_[e] = message;
  }
}

}  // namespace ratekit::plugins

#include "warm_window.hpp"
