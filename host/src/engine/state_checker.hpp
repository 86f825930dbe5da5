// Checks that a plugin left every state value finite, cheaply: whole columns
// by sums, and player by player only to name the culprit.
#pragma once

#include "checks.hpp"

#include <ratekit/host/engine/engine.hpp>

#include <fmt/format.h>

#include <cmath>
#include <string>
#include <vector>

namespace ratekit {

// The fast path: v - v is 0 for a finite v and NaN otherwise; four sums keep the adds independent.
inline bool columns_finite(const std::vector<std::vector<double>>& columns) {
  double sum[4] = {0, 0, 0, 0};
  for (const auto& column : columns) {
    const double* v = column.data();
    size_t i = 0;
    for (; i + 4 <= column.size(); i += 4)
      for (size_t k = 0; k < 4; ++k) sum[k] += v[i + k] - v[i + k];
    for (; i < column.size(); ++i) sum[0] += v[i] - v[i];
  }
  return sum[0] + sum[1] + sum[2] + sum[3] == 0;
}

// The plain definition columns_finite must agree with.
inline bool columns_finite_reference(const std::vector<std::vector<double>>& columns) {
  for (const auto& column : columns)
    for (const double v : column)
      if (!std::isfinite(v)) return false;
  return true;
}

class state_checker {
 public:
  // `per_period`: K reads the state, so every call is checked before the next period's K.
  state_checker(run_result& r, std::string source, const settle_fn& settle, bool per_period)
      : r_(r), source_(std::move(source)), settle_(settle), per_period_(per_period) {}

  // Checks the state after window games [begin, end), the window starting at
  // stream game `first`. When K reads the state, the batch's players are
  // checked for a short batch, else whole columns. Otherwise whole columns
  // are scanned once half as many games as players have gone by, so a run
  // with many players pays no random reads per game; finish() checks the rest.
  void after_call(const std::vector<rk_game>& games, const game_facts& facts, size_t first, size_t begin, size_t end) {
    const size_t players = r_.state.games.size();
    if (unchecked_ == 0) unchecked_line_ = facts.line[begin];
    unchecked_ += end - begin;
    const size_t from = per_period_ ? first + begin : first + end - unchecked_;
    const int32_t from_line = per_period_ ? facts.line[begin] : unchecked_line_;
    if (!per_period_ && unchecked_ * 2 < players) return;
    const bool by_players = per_period_ && (end - begin) * 2 < players;
    unchecked_ = 0;
    if (!by_players && columns_finite(r_.state.columns)) return;
    // Check the batch's players, or name the first culprit in game order.
    auto after = [&] { return after_games(from, first + end, from_line, facts.line[end - 1]); };
    for (size_t i = begin; i < end; ++i) {
      check_finite(r_, games[i].a, settle_, after);
      check_finite(r_, games[i].b, settle_, after);
    }
    if (!by_players)  // the culprit played in an earlier window only
      for (int32_t p = 0; p < int32_t(players); ++p) check_finite(r_, p, settle_, after);
  }

  // What the plugin says of window games [begin, end): expected scores are
  // probabilities and changes are finite; the first that is not is named.
  void check_outputs(const rk_game_out* out, const game_facts& facts, size_t first, size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) {
      const rk_game_out& o = out[i];
      const char* field = !(o.expected_a >= 0 && o.expected_a <= 1)   ? "expected_a"
                          : !(o.expected_b >= 0 && o.expected_b <= 1) ? "expected_b"
                          : !std::isfinite(o.delta_a)                 ? "delta_a"
                          : !std::isfinite(o.delta_b)                 ? "delta_b"
                                                                      : nullptr;
      if (!field) continue;
      settle_();
      const double value = field[0] == 'e' ? (field[9] == 'a' ? o.expected_a : o.expected_b)
                                           : (field[6] == 'a' ? o.delta_a : o.delta_b);
      throw user_error(r_.source->file().string(), 0, 0,
                       "plugin '" + std::string(r_.source->id()) + "' returned " + field + " = " + fmt::format("{}", value) +
                           " for game " + std::to_string(first + i + 1) + " (" + source_ + ":" +
                           std::to_string(facts.line[i]) + "): expected " +
                           (field[0] == 'e' ? "a probability from 0 to 1" : "a finite change"));
    }
  }

  // Every player, after stream games [0, n) from `first_line` to `last_line`.
  void finish(size_t n, int32_t first_line, int32_t last_line) {
    for (int32_t p = 0; p < int32_t(r_.state.games.size()); ++p)  // players outside the games too
      check_finite(r_, p, settle_, [&] { return after_games(0, n, first_line, last_line); });
  }

  // Every rating change was reported: the players of window games [0, n)
  // (stream games from `first`) hold the ratings their games' changes add up
  // to, `reported` (the replay's), but for the last bits of a sum.
  void check_reported(const std::vector<rk_game>& games, const game_facts& facts, size_t first, size_t n,
                      const std::vector<double>& reported) {
    const double* rating = r_.state.rating();
    for (size_t i = 0; i < n; ++i)
      for (const int32_t p : {games[i].a, games[i].b})
        if (!adds_up(reported[size_t(p)], rating[p]))
          refuse_unreported(p, reported[size_t(p)], after_games(first, first + n, facts.line[0], facts.line[n - 1]));
  }

  // The same for every player once the run is rated: one the plugin moved
  // while he played no game of the window is found here.
  void check_reported(const std::vector<double>& reported, size_t n, int32_t first_line, int32_t last_line) {
    const double* rating = r_.state.rating();
    for (size_t p = 0; p < reported.size(); ++p)
      if (!adds_up(reported[p], rating[p]))
        refuse_unreported(int32_t(p), reported[p], after_games(0, n, first_line, last_line));
  }

 private:
  [[noreturn]] void refuse_unreported(int32_t player, double reported, const std::string& after) const {
    throw unreported_change(r_, settle_(), player, reported, after);
  }

  // " after games 1 to 3 (games.csv:2 to line 4)" for stream games [begin, end).
  std::string after_games(size_t begin, size_t end, int32_t first_line, int32_t last_line) const {
    if (end == begin + 1) return " after game " + std::to_string(end) + " (" + source_ + ":" + std::to_string(first_line) + ")";
    return " after games " + std::to_string(begin + 1) + " to " + std::to_string(end) + " (" + source_ + ":" +
           std::to_string(first_line) + " to line " + std::to_string(last_line) + ")";
  }

  run_result& r_;
  const std::string source_;
  const settle_fn& settle_;
  const bool per_period_;
  size_t unchecked_ = 0;        // games rated since the state was last checked
  int32_t unchecked_line_ = 0;  // the line of the first of them
};

}  // namespace ratekit
