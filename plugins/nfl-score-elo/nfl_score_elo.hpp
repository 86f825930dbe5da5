// nfl-score-elo: Elo for team sports with scores (Langville and Meyer; FiveThirtyEight).
// E = 1 / (1 + 10^(-d/xi)); S is win/loss/tie or (P + 1) / (P + P' + 2); K may be
// scaled by a margin-of-victory multiplier; seasons may open with a regression.
#pragma once

#include "margin.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <ratekit/elo.hpp>
#include <vector>

namespace ratekit::plugins {

class nfl_score_elo {
 public:
  static const rk_descriptor descriptor;
  enum param : uint32_t {
    p_xi, p_score, p_season_regression, p_regression_target, p_regression_value,
    p_margin, p_margin_scale, p_margin_slope, p_margin_offset, p_margin_power, p_margin_tie
  };
  enum score_rule : int { winloss = 0, points = 1 };
  enum regression_target : int { to_mean = 0, to_value = 1 };

  nfl_score_elo(const sdk::host&, sdk::params p)
      : xi_(p[p_xi]), rule_(score_rule(int(p[p_score]))), regression_(p[p_season_regression]),
        target_(regression_target(int(p[p_regression_target]))), target_value_(p[p_regression_value]),
        margin_{margin_rule::form(int(p[p_margin])), p[p_margin_scale], p[p_margin_slope],
                p[p_margin_offset], p[p_margin_power], p[p_margin_tie]} {}

  double expect(double ra, double rb, double advantage) const {
    return 1.0 / (1.0 + std::pow(10.0, -(ra + advantage - rb) / xi_));
  }

  // A's actual score: the result, or the book's points rule (5.7).
  double score(const rk_game& g, uint64_t i) const {
    if (rule_ == winloss) return g.score_a;
    if (!(g.points_a >= 0.0 && g.points_b >= 0.0))
      throw sdk::failure(RK_ERR_DOMAIN, "score: points needs both teams' points (>= 0)", int64_t(i));
    return (g.points_a + 1.0) / (g.points_a + g.points_b + 2.0);
  }

  void rate_games(const sdk::state& s, const rk_game_batch& batch, rk_game_out* out);

 private:
  void rate_segment(const sdk::state& s, const rk_game_batch& batch, uint64_t begin, uint64_t end,
                    rk_game_out* out);
  void regress(const sdk::state& s);
  // One game's change: K times the margin multiplier times (S - E), and a
  // regression not yet shown.
  sdk::elo_change change(const rk_game& g, const double* r, int64_t i);
  void show_regression(int32_t team, double& delta, bool fixed);
  void settle_regression(int32_t team, double* r);

  double xi_;
  score_rule rule_;
  double regression_;
  regression_target target_;
  double target_value_;
  margin_rule margin_;
  sdk::elo_updater updater_;
  std::vector<char> played_;            // teams that have played: only they regress
  // A team's regression until the end of the first period it plays after it.
  // The host sees ratings as its games' deltas add them up: the shift goes into
  // the delta of the team's first game, and at that period's end the rating is
  // the one the host last saw plus the period's deltas, added up as it does.
  struct regression_shown {
    bool pending = false, in_period = false;
    double seen = 0, shift = 0, deltas = 0;
  };
  std::vector<regression_shown> shown_;
  std::vector<uint64_t> segment_ends_;  // period ends of the current season, relative to it
};

inline void nfl_score_elo::rate_games(const sdk::state& s, const rk_game_batch& batch, rk_game_out* out) {
  if (shown_.size() < s.players()) shown_.resize(s.players());
  if (played_.size() < s.players()) played_.resize(s.players(), 0);
  for (regression_shown& x : shown_) x.in_period = false, x.deltas = 0;  // what a failed call left
  // Each season is rated as its own segment, after the regression that opens it.
  uint64_t begin = 0;
  for (uint64_t i = 1; i <= batch.game_count; ++i) {
    if (i < batch.game_count && !(batch.games[i].flags & RK_GAME_SEASON_START)) continue;
    if (regression_ > 0 && (batch.games[begin].flags & RK_GAME_SEASON_START)) regress(s);
    rate_segment(s, batch, begin, i, out);
    begin = i;
  }
}

inline void nfl_score_elo::rate_segment(const sdk::state& s, const rk_game_batch& batch, uint64_t begin,
                                        uint64_t end, rk_game_out* out) {
  if (begin == end) return;
  const bool dated = RK_HAS_FIELD(&batch, rk_game_batch, game_dates) && batch.game_dates;
  // No period times (it reads none) and no state after (it has only the rating).
  rk_game_batch part{};
  part.struct_size = sizeof(rk_game_batch);
  part.games = batch.games + begin;
  part.game_count = end - begin;
  part.game_dates = dated ? batch.game_dates + begin : nullptr;
  if (batch.period_count > 0) {
    segment_ends_.clear();
    bool starts_period = begin == 0;
    for (uint64_t p = 0; p < batch.period_count; ++p) {
      const uint64_t e = batch.period_ends[p];
      if (e == begin) starts_period = true;
      if (e > begin && e <= end) segment_ends_.push_back(e - begin);
    }
    if (!starts_period || segment_ends_.empty() || segment_ends_.back() != end - begin)
      throw sdk::failure(RK_ERR_INVALID_ARGUMENT,
                         "a new season must start a new rating period (use period: event)", int64_t(begin));
    part.period_ends = segment_ends_.data();
    part.period_count = segment_ends_.size();
  }
  try {
    updater_.run_with(
        s, part, out ? out + begin : nullptr,
        [this, &part](const rk_game& g, const double* r) { return change(g, r, int64_t(&g - part.games)); },
        [this, &part, &s](uint64_t from, uint64_t to) {
          for (uint64_t i = from; i < to; ++i) {
            settle_regression(part.games[i].a, s.rating());
            settle_regression(part.games[i].b, s.rating());
          }
        });
  } catch (const sdk::failure& e) {
    // Indices count from the segment's start; report the batch index.
    throw sdk::failure(e.code(), e.what(), e.index() < 0 ? -1 : e.index() + int64_t(begin));
  }
  for (uint64_t i = begin; i < end; ++i) played_[size_t(batch.games[i].a)] = played_[size_t(batch.games[i].b)] = 1;
}

inline sdk::elo_change nfl_score_elo::change(const rk_game& g, const double* r, int64_t i) {
  const double ra = r[g.a], rb = r[g.b];
  const double predicted = expect(ra, rb, g.adv_predict);
  const double e = g.adv_update == g.adv_predict ? predicted : expect(ra, rb, g.adv_update);
  const double m = margin_.multiplier(g.points_a - g.points_b, ra + g.adv_update - rb, i);
  const double surprise = score(g, uint64_t(i)) - e;
  sdk::elo_change c{predicted, g.k_a * m * surprise, -g.k_b * m * surprise};
  show_regression(g.a, c.da, g.flags & RK_GAME_FIXED_A);
  show_regression(g.b, c.db, g.flags & RK_GAME_FIXED_B);
  return c;
}

inline void nfl_score_elo::show_regression(int32_t team, double& delta, bool fixed) {
  regression_shown& x = shown_[size_t(team)];
  if (!x.pending || fixed) return;
  if (!x.in_period) delta += x.shift;
  x.deltas = x.in_period ? x.deltas + delta : delta;
  x.in_period = true;
}

inline void nfl_score_elo::settle_regression(int32_t team, double* r) {
  regression_shown& x = shown_[size_t(team)];
  if (!x.in_period) return;
  r[team] = x.seen + x.deltas;
  x = {};
}

// Teams that have not played yet (new franchises, say) keep their entry rating.
inline void nfl_score_elo::regress(const sdk::state& s) {
  double* r = s.rating();
  const uint64_t n = s.players();
  double sum = 0.0, count = 0.0;
  for (uint64_t p = 0; p < n; ++p)
    if (played_[p]) sum += r[p], count += 1.0;
  if (count == 0) return;
  const double target = target_ == to_value ? target_value_ : sum / count;
  for (uint64_t p = 0; p < n; ++p) {
    if (!played_[p]) continue;
    const double shift = regression_ * (target - r[p]);
    regression_shown& x = shown_[p];
    if (!x.pending) x.seen = r[p], x.shift = 0;
    x.pending = true;
    x.shift += shift;
    r[p] += shift;
  }
}

}  // namespace ratekit::plugins
