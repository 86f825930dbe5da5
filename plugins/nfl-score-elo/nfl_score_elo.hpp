// nfl-score-elo: Langville and Meyer's Elo for team sports with scores.
// E = 1 / (1 + 10^(-d/xi)); S is win/loss/tie or (P + 1) / (P + P' + 2); all ratings
// start at 0, so with S_ab + S_ba = 1 they always sum to 0.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <ratekit/elo.hpp>
#include <vector>

namespace ratekit::plugins {

class nfl_score_elo {
 public:
  static const rk_descriptor descriptor;
  enum param : uint32_t { p_xi, p_score, p_season_regression };
  enum score_rule : int { winloss = 0, points = 1 };

  nfl_score_elo(const sdk::host&, sdk::params p)
      : xi_(p[p_xi]), rule_(score_rule(int(p[p_score]))), regression_(p[p_season_regression]) {}

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

  double xi_;
  score_rule rule_;
  double regression_;
  sdk::elo_updater updater_;
  std::vector<double> carry_;           // regression shift not yet reported in a game's delta
  std::vector<uint64_t> segment_ends_;  // period ends of the current season, relative to it
};

inline void nfl_score_elo::rate_games(const sdk::state& s, const rk_game_batch& batch, rk_game_out* out) {
  if (carry_.size() < s.players()) carry_.resize(s.players(), 0.0);
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
  rk_game_batch part{sizeof(rk_game_batch), 0, batch.games + begin, end - begin, nullptr, 0};
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
    updater_.run(
        s, part, out ? out + begin : nullptr,
        [this](double ra, double rb, double adv) { return expect(ra, rb, adv); },
        [this, &part](const rk_game& g) { return score(g, uint64_t(&g - part.games)); });
  } catch (const sdk::failure& e) {
    // Indices count from the segment's start; report the batch index.
    throw sdk::failure(e.code(), e.what(), e.index() < 0 ? -1 : e.index() + int64_t(begin));
  }
  if (regression_ <= 0) return;
  // The regression shows in the delta of each team's first game after it, in
  // this call or a later one, so the deltas add up to the rating changes
  // however the host cuts the stream into calls.
  for (uint64_t i = begin; i < end; ++i) {
    const rk_game& g = batch.games[i];
    if (out) {
      out[i].delta_a += carry_[size_t(g.a)];
      out[i].delta_b += carry_[size_t(g.b)];
    }
    carry_[size_t(g.a)] = 0.0;
    carry_[size_t(g.b)] = 0.0;
  }
}

inline void nfl_score_elo::regress(const sdk::state& s) {
  double* r = s.rating();
  const uint64_t n = s.players();
  if (n == 0) return;
  double sum = 0.0;
  for (uint64_t p = 0; p < n; ++p) sum += r[p];
  const double mean = sum / double(n);
  for (uint64_t p = 0; p < n; ++p) {
    const double shift = regression_ * (mean - r[p]);
    r[p] += shift;
    carry_[p] += shift;
  }
}

}  // namespace ratekit::plugins
