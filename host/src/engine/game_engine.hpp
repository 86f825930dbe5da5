// Rating a stream of pairwise games as the input hands it over in pieces.
#pragma once

#include "checks.hpp"
#include "input_stream.hpp"
#include "replay.hpp"
#include "setup.hpp"

#include <ratekit/host/engine/engine.hpp>
#include <ratekit/host/engine/metrics.hpp>

#include <optional>
#include <string>
#include <vector>

namespace ratekit {

// Rates pairwise games piece by piece as the input hands them over. The games
// wait in a window until their rating period is complete; what an output reads
// after the run is kept, the rest is dropped once rated.
class game_engine {
 public:
  game_engine(run_result& r, std::string source, std::vector<double> birth_years, settle_fn settle)
      : r_(r),
        c_(r.config),
        source_(std::move(source)),
        settle_(std::move(settle)),
        rated_(r.source->state_field("rated")),
        per_period_(c_.k.reads_player_state()),
        by_date_(c_.period == period_kind::day || c_.period == period_kind::month),
        keep_(c_.write_history || c_.write_report || c_.write_charts || !c_.output_database.empty()),
        constant_k_(constant_k()),
        replay_(r.start_ratings),
        birth_(std::move(birth_years)),
        period_count_(r.start_ratings.size(), 0) {
    if (r.source->has(RK_CAP_HOME_ADVANTAGE)) accuracy_.emplace();
  }

  void take(game_piece& piece) {
    if (piece.games.empty()) return;
    if (first_ == 0 && games_.empty() && !r_.source->has(RK_CAP_PAIRWISE)) {
      settle_();
      throw user_error(c_.file.string(), 0, 0,
                       "model '" + c_.model + "' rates ranked events, but the input holds pairwise games");
    }
    add_players(size_t(piece.players));
    if (facts_.tags.size() != piece.facts.tags.size()) facts_.tags = piece.facts.tags;
    if (games_.empty()) {  // the piece becomes the window, no copy
      games_.swap(piece.games);
      facts_.swap_columns(piece.facts);
    } else {
      append(games_, piece.games, 0, piece.games.size());
      append_columns(facts_, piece.facts, 0, piece.games.size());
    }
    rate_window(false);
  }

  void finish() {
    rate_window(true);
    if (!problems_.empty()) {
      settle_();
      throw user_error(std::move(problems_));
    }
    r_.game_count = first_;
    if (first_ == 0) return;
    const size_t n = first_;
    for (int32_t p = 0; p < int32_t(r_.state.games.size()); ++p)  // players outside the games too
      check_finite(r_, p, settle_, [&] { return after_games(0, n, first_line_, last_line_); });
    if (accuracy_) {
      const double hindsight = std::isnan(c_.home_hindsight) ? c_.home_predict : c_.home_hindsight;
      r_.metrics = accuracy_->finish(r_.state.rating(), hindsight);
    }
  }

  // Moves the games and facts kept for the outputs into `d`.
  void hand_kept(dataset& d) {
    d.games = std::move(kept_games_);
    d.facts.swap_columns(kept_facts_);
  }

 private:
  // Players who joined since the last piece start as the config says.
  void add_players(size_t count) {
    if (count <= r_.state.games.size()) return;
    engine_setup::add_players(r_.state, c_, *r_.source, count);
    r_.start_ratings.insert(r_.start_ratings.end(), r_.state.columns[0].begin() + long(r_.start_ratings.size()),
                            r_.state.columns[0].end());
    replay_.add_players(r_.start_ratings.data(), count);
    birth_.resize(count, nan_value);
    period_count_.resize(count, 0);
  }

  // Rates the window's complete periods (all of them at the end of the input)
  // and drops them from the window.
  void rate_window(bool last) {
    const size_t n = games_.size();
    size_t complete = n;
    ends_.clear();
    if (c_.period != period_kind::game) {
      find_period_ends();
      if (last) {
        if (n > 0) ends_.push_back(n);
      } else {
        complete = ends_.empty() ? 0 : size_t(ends_.back());  // the last period may go on in the next piece
      }
    }
    if (complete == 0) return;
    if (first_ == 0) first_line_ = facts_.line[0];
    last_line_ = facts_.line[complete - 1];
    if (problems_.empty()) rate(complete);
    if (keep_) {
      append(kept_games_, games_, 0, complete);
      append_columns(kept_facts_, facts_, 0, complete);
      for (const uint64_t end : ends_) r_.period_ends.push_back(first_ + end);
    }
    r_.period_count += ends_.empty() ? complete : ends_.size();
    prev_date_ = facts_.date[complete - 1];
    prev_line_ = facts_.line[complete - 1];
    games_.erase(games_.begin(), games_.begin() + long(complete));
    drop_front(facts_, complete);
    first_ += complete;
    scanned_ = games_.size();
  }

  // Period ends of the window relative to its start, checking the dates of
  // the games not seen before; a period is a run of games with one key.
  void find_period_ends() {
    auto key = [&](size_t i) -> int64_t {
      switch (c_.period) {
        case period_kind::event: return facts_.period[i];
        case period_kind::day: return facts_.date[i];
        case period_kind::month: return facts_.date[i] / 100;
        default: return int64_t(i);
      }
    };
    // Games before scanned_ are the open period left from the last piece: no end inside.
    const size_t n = games_.size();
    for (size_t i = scanned_; i < n; ++i) {
      if (by_date_) check_date(i);
      if (i > 0 && key(i) != key(i - 1)) ends_.push_back(i);
    }
    scanned_ = n;
  }

  void check_date(size_t i) {
    if (problems_.size() >= 20) return;
    const int32_t date = facts_.date[i];
    if (date == 0)
      problems_.push_back({source_, facts_.line[i], 0, "a date is needed to group games by " +
                                                          std::string(c_.period == period_kind::day ? "day" : "month")});
    const bool has_prev = i > 0 || first_ > 0;
    const int32_t prev = i > 0 ? facts_.date[i - 1] : prev_date_;
    const int32_t prev_line = i > 0 ? facts_.line[i - 1] : prev_line_;
    if (has_prev && date < prev && problems_.size() < 20)
      problems_.push_back({source_, facts_.line[i], 0,
                           "dates out of order: this game is dated before the one on line " + std::to_string(prev_line)});
  }

  // Games [0, complete) of the window: home advantage, K, the plugin, then
  // what follows the outputs (peaks, metrics), and the outputs kept.
  void rate(size_t complete) {
    if (out_.size() < complete) out_.resize(complete);
    for (size_t i = 0; i < complete; ++i) {
      rk_game& g = games_[i];
      const double home = facts_.home[i];
      g.adv_predict = home * c_.home_predict;
      g.adv_update = home * c_.home_update;
      if (constant_k_) g.k_a = g.k_b = *constant_k_;
    }
    const bool per_game = c_.period == period_kind::game;
    if (per_period_) {
      // K reads player state, so it must wait for the previous period's ratings.
      size_t begin = 0;
      for (size_t p = 0, periods = per_game ? complete : ends_.size(); p < periods; ++p) {
        const size_t end = per_game ? begin + 1 : size_t(ends_[p]);
        assign_k(begin, end);
        const uint64_t local_end = end - begin;
        call(begin, end, per_game ? nullptr : &local_end, per_game ? 0 : 1);
        begin = end;
      }
    } else {
      if (!constant_k_) assign_k(0, complete);
      call(0, complete, per_game ? nullptr : ends_.data(), ends_.size());
    }
    const peak_follower peaks(r_, rated_);
    const bool follow_peaks = !per_period_ && peaks.any();  // else peaks were followed period by period
    replay_.run(games_.data(), complete, per_game ? nullptr : ends_.data(), ends_.size(), out_.data(),
                [&](size_t i, double before_a, double before_b, double after_a, double after_b) {
                  const rk_game& g = games_[i];
                  if (follow_peaks) {
                    if (i + 16 < complete) {
                      peaks.prefetch(games_[i + 16].a);
                      peaks.prefetch(games_[i + 16].b);
                    }
                    peaks.raise(g.a, after_a);
                    peaks.raise(g.b, after_b);
                  }
                  if (accuracy_) accuracy_->add(g, facts_.home[i], before_a, before_b, out_[i].expected_a);
                });
    if (keep_) r_.game_out.insert(r_.game_out.end(), out_.begin(), out_.begin() + long(complete));
  }

  // K for the window's games [begin, end), one period, from the state at its start.
  void assign_k(size_t begin, size_t end) {
    if (constant_k_) return;
    const bool capped = c_.k.cap().has_value();
    if (capped)  // the cap needs each player's games in the period
      for (size_t i = begin; i < end; ++i) {
        ++period_count_[size_t(games_[i].a)];
        ++period_count_[size_t(games_[i].b)];
      }
    for (size_t i = begin; i < end; ++i) {
      rk_game& g = games_[i];
      g.k_a = k_for(g.a, i);
      g.k_b = k_for(g.b, i);
    }
    if (capped)
      for (size_t i = begin; i < end; ++i) period_count_[size_t(games_[i].a)] = period_count_[size_t(games_[i].b)] = 0;
  }

  // The K of a schedule that is one number for every game (no rules, or a first
  // rule without conditions or table, and no cap), so no game needs a lookup.
  std::optional<double> constant_k() const {
    const auto& k = c_.k;
    if (k.empty()) return 0.0;
    const k_rule& r = k.rules().front();
    if (k.cap() || r.games || r.rating || r.peak || r.age || r.week || r.playoff || !r.tags.empty() ||
        !r.table.empty() || !std::isfinite(r.constant) || r.constant < 0)
      return std::nullopt;
    return r.constant;
  }

  double k_for(int32_t player, size_t i) {
    const size_t p = size_t(player);
    k_context ctx;
    ctx.games = r_.state.games[p];
    ctx.rating = r_.state.rating()[p];
    ctx.peak = r_.state.peak[p];
    if (!std::isnan(birth_[p]) && facts_.date[i] > 0) ctx.age = facts_.date[i] / 10000 - birth_[p];
    ctx.week = facts_.week[i];
    ctx.playoff = games_[i].flags & RK_GAME_PLAYOFF;
    ctx.tag = &facts_.tags[facts_.tag[i]];
    ctx.period_games = std::max(1, period_count_[p]);
    const double value = c_.k.k(ctx);
    if (!std::isfinite(value) || value < 0) {
      const player_table& names = settle_();
      throw user_error(c_.file.string(), 0, 0,
                       "no k_schedule rule gives a K for " + names.name(player) + " in the game at " + where(i) +
                           " (end the schedule with a rule without `when`)");
    }
    return value;
  }

  // Window games [begin, end) in one call; `ends` are period ends relative to
  // begin (none: a period per game); out_[i] receives game i's output.
  void call(size_t begin, size_t end, const uint64_t* ends, size_t count) {
    const rk_game_batch b{sizeof(rk_game_batch), 0, games_.data() + begin, end - begin, ends, count};
    rk_state s = r_.state.view();
    try {
      r_.rater->rate_games(s, b, out_.data() + begin);
    } catch (const plugin_error& e) {
      settle_();
      const bool known = e.index() >= 0 && size_t(e.index()) < end - begin;
      const size_t i = begin + size_t(e.index());
      throw plugin_failure(r_, e, known ? "game " + std::to_string(first_ + i + 1) + " (" + where(i) + ")"
                                        : std::string("the batch"));
    }
    check_state(begin, end);
    const double* rating = r_.state.rating();
    double* played = r_.state.games.data();
    const peak_follower peaks(r_, rated_);
    for (size_t i = begin; i < end; ++i) {
      const rk_game& g = games_[i];
      if (i + 16 < end) {  // players are met at random: fetch their counts early
        __builtin_prefetch(&played[games_[i + 16].a], 1);
        __builtin_prefetch(&played[games_[i + 16].b], 1);
      }
      played[g.a] += 1;
      played[g.b] += 1;
      if (per_period_) {  // the state is this period's end
        peaks.raise(g.a, rating[g.a]);
        peaks.raise(g.b, rating[g.b]);
      }
    }
  }

  // Checks the state after window games [begin, end). When K reads the state,
  // every call is checked before the next period's K: by the batch's players
  // for a short batch, else by whole columns. Otherwise whole columns are
  // scanned once half as many games as players have gone by, so a run with
  // many players pays no random reads per game; finish() checks the rest.
  void check_state(size_t begin, size_t end) {
    const size_t players = r_.state.games.size();
    if (unchecked_ == 0) unchecked_line_ = facts_.line[begin];
    unchecked_ += end - begin;
    const size_t from = per_period_ ? first_ + begin : first_ + end - unchecked_;
    const int32_t from_line = per_period_ ? facts_.line[begin] : unchecked_line_;
    if (!per_period_ && unchecked_ * 2 < players) return;
    const bool by_players = per_period_ && (end - begin) * 2 < players;
    unchecked_ = 0;
    if (!by_players && all_finite()) return;
    // Check the batch's players, or name the first culprit in game order.
    auto after = [&] { return after_games(from, first_ + end, from_line, facts_.line[end - 1]); };
    for (size_t i = begin; i < end; ++i) {
      check_finite(r_, games_[i].a, settle_, after);
      check_finite(r_, games_[i].b, settle_, after);
    }
    if (!by_players)  // the culprit played in an earlier window only
      for (int32_t p = 0; p < int32_t(players); ++p) check_finite(r_, p, settle_, after);
  }

  bool all_finite() const {
    // v - v is 0 for a finite v and NaN otherwise; four sums keep the adds independent.
    double sum[4] = {0, 0, 0, 0};
    for (const auto& column : r_.state.columns) {
      const double* v = column.data();
      size_t i = 0;
      for (; i + 4 <= column.size(); i += 4)
        for (size_t k = 0; k < 4; ++k) sum[k] += v[i + k] - v[i + k];
      for (; i < column.size(); ++i) sum[0] += v[i] - v[i];
    }
    return sum[0] + sum[1] + sum[2] + sum[3] == 0;
  }

  // " after games 1 to 3 (games.csv:2 to line 4)" for stream games [begin, end).
  std::string after_games(size_t begin, size_t end, int32_t first_line, int32_t last_line) const {
    if (end == begin + 1) return " after game " + std::to_string(end) + " (" + source_ + ":" + std::to_string(first_line) + ")";
    return " after games " + std::to_string(begin + 1) + " to " + std::to_string(end) + " (" + source_ + ":" +
           std::to_string(first_line) + " to line " + std::to_string(last_line) + ")";
  }

  // "file:line" of window game i.
  std::string where(size_t i) const { return source_ + ":" + std::to_string(facts_.line[i]); }

  template <class T>
  static void append(std::vector<T>& to, const std::vector<T>& from, size_t begin, size_t end) {
    to.insert(to.end(), from.begin() + long(begin), from.begin() + long(end));
  }

  static void append_columns(game_facts& to, const game_facts& from, size_t begin, size_t end) {
    append(to.date, from.date, begin, end);
    append(to.period, from.period, begin, end);
    append(to.week, from.week, begin, end);
    append(to.home, from.home, begin, end);
    append(to.tag, from.tag, begin, end);
    append(to.line, from.line, begin, end);
  }

  static void drop_front(game_facts& f, size_t n) {
    auto drop = [n](auto& v) { v.erase(v.begin(), v.begin() + long(n)); };
    drop(f.date);
    drop(f.period);
    drop(f.week);
    drop(f.home);
    drop(f.tag);
    drop(f.line);
  }

  run_result& r_;
  const competition_config& c_;
  const std::string source_;  // the input file, for messages
  const settle_fn settle_;
  const int rated_;  // index of the plugin's `rated` state field, -1 when none
  const bool per_period_;  // K reads player state: the plugin is called period by period
  const bool by_date_;     // periods by day or month
  const bool keep_;        // an output reads the games and their outputs after the run
  const std::optional<double> constant_k_;  // set when every game gets the same K

  // The window: games not rated yet, the first being game first_ of the stream.
  std::vector<rk_game> games_;
  game_facts facts_;
  size_t first_ = 0, scanned_ = 0;
  std::vector<uint64_t> ends_;
  std::vector<rk_game_out> out_;
  int32_t prev_date_ = 0, prev_line_ = 0, first_line_ = 0, last_line_ = 0;
  size_t unchecked_ = 0;         // games rated since the state was last checked
  int32_t unchecked_line_ = 0;   // the line of the first of them
  std::vector<diagnostic> problems_;

  game_replay replay_;
  std::optional<accuracy_accumulator> accuracy_;
  std::vector<double> birth_;
  std::vector<int> period_count_;
  std::vector<rk_game> kept_games_;
  game_facts kept_facts_;
};

}  // namespace ratekit
