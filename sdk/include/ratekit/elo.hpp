// The pairwise Elo update shared by every Elo-family model:
// r' = r + K (S - E), evaluated per rating period on the ratings from its start.
// A model supplies the expectation E(ra, rb, advantage) and the score rule S(game).
#pragma once

#include <ratekit/sdk.hpp>

#include <cmath>
#include <string>
#include <vector>

namespace ratekit::sdk {

// Checks the player ids and score of game i; throws a failure naming the game.
inline void check_game(const rk_game& g, uint64_t i, uint64_t players) {
  if (g.a < 0 || g.b < 0 || uint64_t(g.a) >= players || uint64_t(g.b) >= players)
    throw failure(RK_ERR_INVALID_ARGUMENT, "player id out of range", int64_t(i));
  if (g.a == g.b) throw failure(RK_ERR_DOMAIN, "a player cannot play himself", int64_t(i));
  if (!(g.score_a >= 0.0 && g.score_a <= 1.0))
    throw failure(RK_ERR_DOMAIN, "score must lie in [0, 1]", int64_t(i));
}

// One game's result for the update: A's predicted score, both rating changes,
// and B's predicted score when it is not 1 - A's (NaN: it is).
struct elo_change {
  double predicted, da, db;
  double predicted_b = NAN;
};

class elo_updater {
 public:
  // expect(ra, rb, advantage) -> A's expected score; score(game) -> A's actual score.
  template <class Expect, class Score>
  void run(const state& s, const rk_game_batch& batch, rk_game_out* out, Expect&& expect, Score&& score) {
    run_with(
        s, batch, out, [&](const rk_game& g, const double* rating) { return evaluate(g, rating, expect, score); },
        [](uint64_t, uint64_t) {});
  }

  // The same period loop for models whose two sides do not mirror each other:
  // change(game, ratings from the period's start) -> elo_change, and
  // period_end(begin, end) called once each period's changes are applied.
  template <class Change, class PeriodEnd>
  void run_with(const state& s, const rk_game_batch& batch, rk_game_out* out, Change&& changes,
                PeriodEnd&& period_end) {
    double* rating = s.rating();
    const uint64_t players = s.players();
    if (batch.period_count == 0) {  // one game per period: apply at once
      for (uint64_t i = 0; i < batch.game_count; ++i) {
        const rk_game& g = batch.games[i];
        if (i + 8 < batch.game_count) {
          __builtin_prefetch(rating + batch.games[i + 8].a);
          __builtin_prefetch(rating + batch.games[i + 8].b);
        }
        check_game(g, i, players);
        const elo_change c = changes(g, static_cast<const double*>(rating));
        rating[g.a] += c.da;
        rating[g.b] += c.db;
        if (out) out[i] = {c.predicted, c.da, c.db, std::isnan(c.predicted_b) ? 1 - c.predicted : c.predicted_b};
        period_end(i, i + 1);
      }
      return;
    }
    if (pending_.size() < players) pending_.assign(players, 0.0);
    for_each_period(batch, [&](uint64_t begin, uint64_t end) {
      touched_.clear();
      for (uint64_t i = begin; i < end; ++i) {
        const rk_game& g = batch.games[i];
        check_game(g, i, players);
        const elo_change c = changes(g, static_cast<const double*>(rating));
        add(g.a, c.da);
        add(g.b, c.db);
        if (out) out[i] = {c.predicted, c.da, c.db, std::isnan(c.predicted_b) ? 1 - c.predicted : c.predicted_b};
      }
      for (int32_t p : touched_) {
        rating[p] += pending_[p];
        pending_[p] = 0.0;
        touched_mark_[p] = 0;
      }
      period_end(begin, end);
    });
  }

 private:
  using change = elo_change;

  template <class Expect, class Score>
  static change evaluate(const rk_game& g, const double* rating, Expect& expect, Score& score) {
    const double ra = rating[g.a], rb = rating[g.b];
    const double predicted = expect(ra, rb, g.adv_predict);
    const double e = g.adv_update == g.adv_predict ? predicted : expect(ra, rb, g.adv_update);
    const double surprise = score(g) - e;
    const double da = (g.flags & RK_GAME_FIXED_A) ? 0.0 : g.k_a * surprise;
    const double db = (g.flags & RK_GAME_FIXED_B) ? 0.0 : -g.k_b * surprise;
    return {predicted, da, db};
  }

  void add(int32_t p, double delta) {
    if (touched_mark_.size() < pending_.size()) touched_mark_.assign(pending_.size(), 0);
    if (!touched_mark_[p]) {
      touched_mark_[p] = 1;
      touched_.push_back(p);
    }
    pending_[p] += delta;
  }

  std::vector<double> pending_;       // change accumulated in the current period
  std::vector<char> touched_mark_;    // players with a pending change
  std::vector<int32_t> touched_;
};

}  // namespace ratekit::sdk
