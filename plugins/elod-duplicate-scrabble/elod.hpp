// elod-duplicate-scrabble: EloD, the TopCoder algorithm on ranked events
// (duplicate Scrabble standings, programming contests). Formulas: README.md.
#pragma once

#include "expected_rank.hpp"

#include <ratekit/normal.hpp>
#include <ratekit/sdk.hpp>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <string>
#include <vector>

namespace ratekit::plugins {

namespace elod {

inline constexpr rk_state_field state_fields[] = {
    sdk::rating_field(1200.0, "EloD rating"),
    {"volatility", 535.0, "spread of the player's performances"},
    {"times_played", 0.0, "rated events played; 0 marks a new player"},
};

inline constexpr rk_param_spec param_specs[] = {
    sdk::param{.key = "min_rounds", .type = RK_PARAM_INTEGER, .default_value = 12.0, .min = 0.0, .max = 1e6,
               .help = "events with fewer rounds are not rated (unknown round counts count as enough)"},
    sdk::param{.key = "weight_a", .default_value = 0.42, .min = 0.0, .max = 1.0,
               .help = "Weight = 1 / (1 - (weight_a / (timesPlayed + 1) + weight_b)) - 1"},
    sdk::param{.key = "weight_b", .default_value = 0.18, .min = 0.0, .max = 1.0,
               .help = "see weight_a"},
    sdk::param{.key = "cap_base", .default_value = 150.0, .min = 0.0, .max = 1e6,
               .help = "Cap = cap_base + cap_scale / (timesPlayed + 2)"},
    sdk::param{.key = "cap_scale", .default_value = 1500.0, .min = 0.0, .max = 1e6,
               .help = "see cap_base"},
    sdk::param{.key = "band_low", .default_value = 2000.0, .min = -1e6, .max = 1e6,
               .help = "ratings from band_low to band_high have their weight times band_factor"},
    sdk::param{.key = "band_high", .default_value = 2500.0, .min = -1e6, .max = 1e6,
               .help = "ratings above band_high have their weight times top_factor"},
    sdk::param{.key = "band_factor", .default_value = 0.9, .min = 0.0, .max = 1.0,
               .help = "weight factor from band_low to band_high"},
    sdk::param{.key = "top_factor", .default_value = 0.8, .min = 0.0, .max = 1.0,
               .help = "weight factor above band_high"},
    sdk::param{.key = "threads", .type = RK_PARAM_INTEGER, .default_value = 0.0, .min = 0.0, .max = 256.0,
               .help = "threads for large events (0: one per core); results do not depend on it"},
};

}  // namespace elod

class elod_duplicate_scrabble {
 public:
  enum param : uint32_t {
    p_min_rounds, p_weight_a, p_weight_b, p_cap_base, p_cap_scale,
    p_band_low, p_band_high, p_band_factor, p_top_factor, p_threads, param_count
  };
  enum field : uint32_t { f_rating, f_volatility, f_times_played };

  static constexpr rk_descriptor descriptor = sdk::descriptor{.id = "elod-duplicate-scrabble", .version = "1.0.0",
      .summary = "EloD: the TopCoder rating algorithm on ranked events (duplicate Scrabble, contests)",
      .capabilities = RK_CAP_RANKED,
      .state = elod::state_fields, .params = elod::param_specs};
  static_assert(std::size(elod::param_specs) == param_count);

  elod_duplicate_scrabble(const sdk::host&, sdk::params p)
      : min_rounds_(p[p_min_rounds]), weight_a_(p[p_weight_a]), weight_b_(p[p_weight_b]),
        cap_base_(p[p_cap_base]), cap_scale_(p[p_cap_scale]), band_low_(p[p_band_low]),
        band_high_(p[p_band_high]), band_factor_(p[p_band_factor]), top_factor_(p[p_top_factor]),
        ranks_(unsigned(p[p_threads])) {
    // Weight must stay positive and finite for every timesPlayed >= 0.
    if (!(weight_b_ > 0.0 && weight_a_ + weight_b_ < 1.0))
      throw sdk::failure(RK_ERR_INVALID_ARGUMENT, "weight_a + weight_b must be below 1 and weight_b above 0");
    if (!(band_factor_ > 0.0 && top_factor_ > 0.0))
      throw sdk::failure(RK_ERR_INVALID_ARGUMENT, "band_factor and top_factor must be above 0");
  }

  // Probability that A finishes above B when both carry the initial volatility.
  double expect(double ra, double rb, double advantage) const {
    const double v = elod::state_fields[f_volatility].initial;
    return 0.5 * (std::erf((ra + advantage - rb) / (2.0 * v)) + 1.0);
  }
  // The same from both players' volatilities: WP(A over B) = (erf((R_A - R_B) / sqrt(2 (V_A^2 + V_B^2))) + 1) / 2.
  double expect(const double* a, const double* b, double advantage) const {
    const double va = a[f_volatility], vb = b[f_volatility];
    return 0.5 * (std::erf((a[f_rating] + advantage - b[f_rating]) / std::sqrt(2.0 * (va * va + vb * vb))) + 1.0);
  }

  void rate_events(const sdk::state& s, const rk_event_batch& batch, rk_entry_out* out) {
    if (s.fields() < 3)
      throw sdk::failure(RK_ERR_INVALID_ARGUMENT, "state needs rating, volatility and times_played");
    if (stamp_.size() < s.players()) stamp_.resize(s.players(), 0);
    for (uint64_t e = 0; e < batch.event_count; ++e) rate_event(s, batch, e, out);
  }

  // Weight of an event for a player, with the reductions for high ratings.
  double weight(double rating, double times_played) const {
    double w = 1.0 / (1.0 - (weight_a_ / (times_played + 1.0) + weight_b_)) - 1.0;
    if (rating > band_high_) w *= top_factor_;
    else if (rating >= band_low_) w *= band_factor_;
    return w;
  }

  double cap(double times_played) const { return cap_base_ + cap_scale_ / (times_played + 2.0); }

 private:
  // Scratch rows of one event, indexed by the entry's offset in the event.
  struct row {
    double rank;     // the input's rank
    double rating, volatility, times_played;
    double arank;    // position in the pass that rates the player, ties share the mean
    double new_rating, new_volatility;
    bool rated;      // had a rating before the event (times_played > 0)
  };

  void rate_event(const sdk::state& s, const rk_event_batch& batch, uint64_t e, rk_entry_out* out) {
    const rk_event& ev = batch.events[e];
    if (ev.begin > ev.end || ev.end > batch.entry_count)
      throw sdk::failure(RK_ERR_INVALID_ARGUMENT,
                         "event " + std::to_string(e) + ": entry range lies outside the batch");
    const size_t n = size_t(ev.end - ev.begin);
    const rk_entry* entries = batch.entries + ev.begin;
    ++event_stamp_;
    for (size_t k = 0; k < n; ++k) {
      const int64_t index = int64_t(ev.begin + k);
      const int32_t p = entries[k].player;
      if (p < 0 || uint64_t(p) >= s.players())
        throw sdk::failure(RK_ERR_INVALID_ARGUMENT, "player id out of range", index);
      if (!std::isfinite(entries[k].rank))
        throw sdk::failure(RK_ERR_DOMAIN, "rank must be a finite number", index);
      if (stamp_[size_t(p)] == event_stamp_)
        throw sdk::failure(RK_ERR_DOMAIN, "a player appears twice in one event", index);
      stamp_[size_t(p)] = event_stamp_;
    }
    if (!std::isnan(ev.rounds) && ev.rounds < min_rounds_) {
      if (out)
        for (size_t k = 0; k < n; ++k) out[ev.begin + k] = {NAN, NAN, 0.0, 0.0, RK_ENTRY_SKIPPED, 0};
      return;
    }

    double* rating = s.column(f_rating);
    double* volatility = s.column(f_volatility);
    double* played = s.column(f_times_played);
    reserve(n);
    for (size_t k = 0; k < n; ++k) {
      const size_t p = size_t(entries[k].player);
      rows_[k] = {entries[k].rank, rating[p], volatility[p], played[p], NAN, NAN, NAN, played[p] > 0.0};
    }
    for (size_t k = 0; k < n; ++k) order_[k] = uint32_t(k);
    std::sort(order_.begin(), order_.begin() + ptrdiff_t(n), [this](uint32_t x, uint32_t y) {
      return rows_[x].rank < rows_[y].rank || (rows_[x].rank == rows_[y].rank && x < y);
    });

    // Pass 1: rated players on their virtual standing among themselves.
    size_t m = 0;
    for (size_t k = 0; k < n; ++k)
      if (rows_[order_[k]].rated) members_[m++] = order_[k];
    run_pass(m, [](const row&) { return true; });
    // Pass 2: new players on the full standing, everybody at pre-event values.
    if (m < n) {
      std::copy_n(order_.begin(), n, members_.begin());
      run_pass(n, [](const row& w) { return !w.rated; });
    }

    // Both passes read pre-event values; write the results only now.
    for (size_t k = 0; k < n; ++k) {
      const row& w = rows_[k];
      const size_t p = size_t(entries[k].player);
      const bool changed = !std::isnan(w.new_rating);
      if (out) {
        rk_entry_out& o = out[ev.begin + k];
        o.flags = (w.rated ? 0u : RK_ENTRY_NEW) | (changed ? flags_[k] : RK_ENTRY_SKIPPED);
        o.delta = changed ? w.new_rating - w.rating : 0.0;
        o.reserved = 0;
        if (!changed) o.expected = o.performance = NAN, o.weight = 0.0;
        else o.expected = erank_[k], o.performance = perf_[k], o.weight = weight_[k];
      }
      if (!changed) continue;
      rating[p] = w.new_rating;
      volatility[p] = w.new_volatility;
      played[p] = w.times_played + 1.0;
    }
  }

  void reserve(size_t n) {
    if (rows_.size() >= n) return;
    rows_.resize(n);
    for (auto* v : {&order_, &members_, &targets_, &flags_}) v->resize(n);
    for (auto* v : {&r_, &two_v2_, &pass_erank_, &erank_, &perf_, &weight_}) v->resize(n);
  }

  // Rates the players of members_[0, m) (entry offsets in standing order) for
  // which is_target(row) holds, on the standing of those m players.
  template <class Target>
  void run_pass(size_t m, Target&& is_target) {
    if (m == 0) return;
    // Actual positions: a block of equal ranks shares the mean of its positions.
    for (size_t i = 0; i < m;) {
      size_t j = i + 1;
      while (j < m && rows_[members_[j]].rank == rows_[members_[i]].rank) ++j;
      const double mean = 0.5 * double(i + 1 + j);
      for (; i < j; ++i) rows_[members_[i]].arank = mean;
    }
    size_t t = 0;
    double sum_r = 0.0, sum_v2 = 0.0;
    for (size_t i = 0; i < m; ++i) {
      const row& w = rows_[members_[i]];
      r_[i] = w.rating;
      two_v2_[i] = 2.0 * w.volatility * w.volatility;
      sum_r += w.rating;
      sum_v2 += w.volatility * w.volatility;
      if (is_target(w)) targets_[t++] = uint32_t(i);
    }
    if (m < 2 || t == 0) return;  // nobody to compare with: the player is not rated
    const double ave = sum_r / double(m);
    double dev = 0.0;
    for (size_t i = 0; i < m; ++i) dev += (r_[i] - ave) * (r_[i] - ave);
    const double cf = std::sqrt(sum_v2 / double(m) + dev / double(m - 1));

    if (t == m) ranks_.all(r_.data(), two_v2_.data(), m, pass_erank_.data());  // targets_ is 0..m-1
    else ranks_(r_.data(), two_v2_.data(), m, targets_.data(), t, pass_erank_.data());
    for (size_t q = 0; q < t; ++q) {
      const uint32_t k = members_[targets_[q]];
      row& w = rows_[k];
      const double eperf = -sdk::inverse_normal((pass_erank_[q] - 0.5) / double(m));
      const double aperf = -sdk::inverse_normal((w.arank - 0.5) / double(m));
      const double perf = w.rating + cf * (aperf - eperf);
      const double wt = weight(w.rating, w.times_played);
      const double limit = cap(w.times_played);
      double next = (w.rating + wt * perf) / (1.0 + wt);
      uint32_t flags = 0;
      if (std::abs(next - w.rating) > limit) {
        next = next > w.rating ? w.rating + limit : w.rating - limit;
        flags = RK_ENTRY_CAPPED;
      }
      w.new_rating = next;
      w.new_volatility = std::sqrt((next - w.rating) * (next - w.rating) / wt +
                                   w.volatility * w.volatility / (wt + 1.0));
      erank_[k] = pass_erank_[q];
      perf_[k] = perf;
      weight_[k] = wt;
      flags_[k] = flags;
    }
  }

  double min_rounds_, weight_a_, weight_b_, cap_base_, cap_scale_;
  double band_low_, band_high_, band_factor_, top_factor_;
  elod::expected_ranks ranks_;

  // Scratch kept between calls: no allocation once the largest event was seen.
  std::vector<uint64_t> stamp_;  // per player: the last event he was seen in
  uint64_t event_stamp_ = 0;
  std::vector<row> rows_;
  std::vector<uint32_t> order_, members_, targets_, flags_;
  std::vector<double> r_, two_v2_, pass_erank_, erank_, perf_, weight_;
};

}  // namespace ratekit::plugins
