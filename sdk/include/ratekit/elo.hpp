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

// A side flagged fixed (RK_GAME_FIXED_A or _B: an unrated or foreign player)
// keeps his rating whatever the model computed: the period loops apply this to
// every game, so a model never reads the flags.
inline elo_change keep_fixed(const rk_game& g, elo_change c) {
  if (g.flags & RK_GAME_FIXED_A) c.da = 0.0;
  if (g.flags & RK_GAME_FIXED_B) c.db = 0.0;
  return c;
}

// A period's change rounded to a whole number, 0.5 away from zero (FIDE 8.3.4).
// A change that is a whole number of hundredths, as table-based FIDE changes
// are, is rounded from those hundredths: 15 * (0.5 - 0.40) is 1.4999... in
// binary but 150 hundredths, so it becomes 2.
inline double whole_change(double change) {
  const double hundredths = change * 100;
  const double h = std::round(hundredths);
  if (std::fabs(hundredths - h) > 1e-6) return std::round(change);
  return h >= 0 ? std::floor((h + 50) / 100) : -std::floor((-h + 50) / 100);
}

class elo_updater {
 public:
  // Round each player's change of a period to a whole number (whole_change);
  // the rounding goes into the player's last game of the period, so the
  // per-game changes still add up to it.
  void round_changes(bool on) { round_ = on; }

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
    const state_after_writer after(s, batch);
    if (batch.period_count == 0) {  // one game per period: apply at once
      for (uint64_t i = 0; i < batch.game_count; ++i) {
        stop_point(i);
        const rk_game& g = batch.games[i];
        if (i + lookahead < batch.game_count) prefetch(batch.games[i + lookahead], rating, ahead);
        check_game(g, i, players);
        elo_change c = keep_fixed(g, changes(g, static_cast<const double*>(rating)));
        if (round_) c.da = whole_change(c.da), c.db = whole_change(c.db);
        rating[g.a] += c.da;
        rating[g.b] += c.db;
        if (out) out[i] = {c.predicted, c.da, c.db, std::isnan(c.predicted_b) ? 1 - c.predicted : c.predicted_b};
        period_end(i, i + 1);
        after.write(i, i + 1);
      }
      return;
    }
    if (pending_.size() < players) {
      pending_.assign(players, 0.0);
      touched_mark_.assign(players, 0);
    }
    if (round_ && last_side_.size() < players) last_side_.assign(players, 0);
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
        stop_point(i);
        const rk_game& g = batch.games[i];
        if (i + lookahead < batch.game_count) {
          const rk_game& next = batch.games[i + lookahead];
          prefetch(next, rating, ahead);
          __builtin_prefetch(pending + next.a, 1);
          __builtin_prefetch(pending + next.b, 1);
        }
        check_game(g, i, players);
        const elo_change c = keep_fixed(g, changes(g, static_cast<const double*>(rating)));
        add(g.a, c.da);
        add(g.b, c.db);
        if (out) out[i] = {c.predicted, c.da, c.db, std::isnan(c.predicted_b) ? 1 - c.predicted : c.predicted_b};
        if (round_) last_side_[size_t(g.a)] = 2 * i, last_side_[size_t(g.b)] = 2 * i + 1;
      }
      const size_t touched = touched_.size();
      for (size_t k = 0; k < touched; ++k) {
        const int32_t p = touched_[k];
        if (k + lookahead < touched) {  // the period's players, in order of first game: at random
          const int32_t q = touched_[k + lookahead];
          __builtin_prefetch(rating + q, 1);
          __builtin_prefetch(pending + q, 1);
          __builtin_prefetch(mark + q, 1);
        }
        if (round_) settle_rounded(p, pending[p], out);
        rating[p] += pending[p];
        pending[p] = 0.0;
        mark[p] = 0;
      }
      touched_.clear();
      period_end(begin, end);
      after.write(begin, end);
    });
  }

 private:
  using change = elo_change;

  // Rounds a player's pending change and moves the difference into his last game's delta.
  void settle_rounded(int32_t p, double& pending, rk_game_out* out) {
    const double rounded = whole_change(pending);
    if (out) {
      const uint64_t side = last_side_[size_t(p)];
      double& delta = side % 2 ? out[side / 2].delta_b : out[side / 2].delta_a;
      delta = rounded - (pending - delta);
    }
    pending = rounded;
  }

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
    return {predicted, g.k_a * surprise, -g.k_b * surprise};
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
  bool round_ = false;
  std::vector<uint64_t> last_side_;  // 2 * (player's last game in the period) + 1 when he was B
};

}  // namespace ratekit::sdk
