// Gives every game its K from the config's schedule and the players' state at
// the start of the game's period.
#pragma once

#include "checks.hpp"

#include <ratekit/host/config/config.hpp>
#include <ratekit/host/engine/engine.hpp>

#include <cmath>
#include <optional>
#include <vector>

namespace ratekit {

// The K of a schedule that is one number for every game (no rules, or a first
// rule without conditions or table, and no cap): the fast path, where no game
// needs a lookup. It must equal what k_schedule::k gives for any game.
inline std::optional<double> constant_k(const k_schedule& k) {
  if (k.empty()) return 0.0;
  const k_rule& r = k.rules().front();
  if (k.cap() || r.games || r.rating || r.peak || r.age || r.week || r.playoff || !r.tags.empty() ||
      !r.table.empty() || !std::isfinite(r.constant) || r.constant < 0)
    return std::nullopt;
  return r.constant;
}

class k_assigner {
 public:
  k_assigner(const run_result& r, const competition_config& config, const settle_fn& settle)
      : r_(r), k_(config.k), file_(config.file.string()), settle_(settle), constant_(constant_k(k_)),
        period_count_(r.start_ratings.size(), 0) {}

  const std::optional<double>& constant() const { return constant_; }

  // Players up to `count` (the state holds their years of birth).
  void add_players(size_t count) { period_count_.resize(count, 0); }

  // K for games [begin, end) of one period, from the state at its start;
  // `where(i)` names game i for messages.
  template <class Where>
  void assign(std::vector<rk_game>& games, const game_facts& facts, size_t begin, size_t end, Where&& where) {
    if (constant_) {
      for (size_t i = begin; i < end; ++i) games[i].k_a = games[i].k_b = *constant_;
      return;
    }
    const bool capped = k_.cap().has_value();
    if (capped)  // the cap needs each player's games in the period
      for (size_t i = begin; i < end; ++i) {
        ++period_count_[size_t(games[i].a)];
        ++period_count_[size_t(games[i].b)];
      }
    for (size_t i = begin; i < end; ++i) {
      rk_game& g = games[i];
      g.k_a = k_for(g.a, games[i], facts, i, where);
      g.k_b = k_for(g.b, games[i], facts, i, where);
    }
    if (capped)
      for (size_t i = begin; i < end; ++i) period_count_[size_t(games[i].a)] = period_count_[size_t(games[i].b)] = 0;
  }

 private:
  template <class Where>
  double k_for(int32_t player, const rk_game& g, const game_facts& facts, size_t i, Where&& where) const {
    const size_t p = size_t(player);
    k_context ctx;
    ctx.games = r_.state.games[p];
    ctx.rating = r_.state.rating()[p];
    ctx.peak = r_.state.peak[p];
    const double born = r_.state.birth_year[p];
    if (!std::isnan(born) && facts.date[i] > 0) ctx.age = facts.date[i] / 10000 - born;
    ctx.week = facts.week[i];
    ctx.playoff = g.flags & RK_GAME_PLAYOFF;
    ctx.tag = &facts.tags[facts.tag[i]];
    ctx.period_games = std::max(1, period_count_[p]);
    const double value = k_.k(ctx);
    if (!std::isfinite(value) || value < 0) {
      const player_table& names = settle_();
      throw user_error(file_, 0, 0,
                       "no k_schedule rule gives a K for " + names.name(player) + " in the game at " + where(i) +
                           " (end the schedule with a rule without `when`)");
    }
    return value;
  }

  const run_result& r_;
  const k_schedule& k_;
  const std::string file_;
  const settle_fn& settle_;
  const std::optional<double> constant_;
  std::vector<int> period_count_;
};

}  // namespace ratekit
