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
    run_with(s, batch, out, changes, period_end, [](const rk_game&) {});
  }

  // The same, with ahead(game) called `lookahead` games before change(game),
  // for a model to prefetch the state it reads besides the rating.
  template <class Change, class PeriodEnd, class Ahead>
  void run_with(const state& s, const rk_game_batch& batch, rk_game_out* out, Change&& changes,
                PeriodEnd&& period_end, Ahead&& ahead) {
    double* rating = s.rating();
    const uint64_t players = s.players();
    if (batch.period_count == 0) {  // one game per period: apply at once
      for (uint64_t i = 0; i < batch.game_count; ++i) {
        const rk_game& g = batch.games[i];
        if (i + lookahead < batch.game_count) prefetch(batch.games[i + lookahead], rating, ahead);
        check_game(g, i, players);
        const elo_change c = changes(g, static_cast<const double*>(rating));
        rating[g.a] += c.da;
        rating[g.b] += c.db;
        if (out) out[i] = {c.predicted, c.da, c.db, std::isnan(c.predicted_b) ? 1 - c.predicted : c.predicted_b};
        period_end(i, i + 1);
      }
      return;
    }
    if (pending_.size() < players) {
      pending_.assign(players, 0.0);
      touched_mark_.assign(players, 0);
    }
    forget_pending();  // leftovers of a call that failed half way
    // In locals: a store through char* could alias the vectors' own pointers.
    double* pending = pending_.data();
    char* mark = touched_mark_.data();
    const auto add = [&](int32_t p, double delta) {
      if (!mark[p]) {
        mark[p] = 1;
        touched_.push_back(p);
      }
      pending[p] += delta;
    };
    for_each_period(batch, [&](uint64_t begin, uint64_t end) {
      for (uint64_t i = begin; i < end; ++i) {
        const rk_game& g = batch.games[i];
        if (i + lookahead < batch.game_count) {
          const rk_game& next = batch.games[i + lookahead];
          prefetch(next, rating, ahead);
          __builtin_prefetch(pending + next.a, 1);
          __builtin_prefetch(pending + next.b, 1);
        }
        check_game(g, i, players);
        const elo_change c = changes(g, static_cast<const double*>(rating));
        add(g.a, c.da);
        add(g.b, c.db);
        if (out) out[i] = {c.predicted, c.da, c.db, std::isnan(c.predicted_b) ? 1 - c.predicted : c.predicted_b};
      }
      for (int32_t p : touched_) {
        rating[p] += pending[p];
        pending[p] = 0.0;
        mark[p] = 0;
      }
      touched_.clear();
      period_end(begin, end);
    });
  }

 private:
  using change = elo_change;

  // Random pairings miss the cache on every rating read; fetching a few games
  // ahead hides that latency behind the current game's arithmetic.
  static constexpr uint64_t lookahead = 8;

  // Prefetching never faults, so the ids need no check yet.
  template <class Ahead>
  static void prefetch(const rk_game& g, const double* rating, Ahead& ahead) {
    __builtin_prefetch(rating + g.a);
    __builtin_prefetch(rating + g.b);
    ahead(g);
  }

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

  void forget_pending() {
    for (int32_t p : touched_) {
      pending_[p] = 0.0;
      touched_mark_[p] = 0;
    }
    touched_.clear();
  }

  std::vector<double> pending_;       // change accumulated in the current period
  std::vector<char> touched_mark_;    // players with a pending change
  std::vector<int32_t> touched_;
};

}  // namespace ratekit::sdk
