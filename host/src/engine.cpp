#include "engine/input_stream.hpp"
#include "engine/replay.hpp"
#include "engine/setup.hpp"

#include <ratekit/host/diagnostics.hpp>
#include <ratekit/host/engine.hpp>
#include <ratekit/host/metrics.hpp>
#include <ratekit/host/ratings_list.hpp>
#include <ratekit/host/readers.hpp>
#include <ratekit/host/store.hpp>

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cmath>
#include <optional>

namespace ratekit {

namespace {

// Waits for the whole input (its errors come first) and gives the players' names, for messages.
using settle_fn = std::function<const player_table&()>;

// Raises players' peaks; only published ratings count towards a peak. Valid
// while the state's columns keep their size.
class peak_follower {
 public:
  peak_follower(run_result& r, int rated)
      : rated_(rated >= 0 ? r.state.columns[size_t(rated)].data() : nullptr),
        peak_(r.state.peak.data()),
        players_(r.state.peak.size()) {}

  void raise(int32_t player, double rating) const {
    const size_t p = size_t(player);
    if (rated_ && rated_[p] == 0) return;
    peak_[p] = std::fmax(peak_[p], rating);
  }

  // Players are met at random: their lines are fetched a few games ahead.
  void prefetch(int32_t player) const {
    if (rated_) __builtin_prefetch(rated_ + player);
    __builtin_prefetch(peak_ + player, 1);
  }

  // False when nobody holds a published rating, so no peak can rise.
  bool any() const { return !rated_ || std::any_of(rated_, rated_ + players_, [](double r) { return r != 0; }); }

 private:
  const double* rated_;
  double* peak_;
  size_t players_;
};

// A plugin is native code we did not write: check what it hands back.
// `after` says after what, for the message.
template <class After>
void check_finite(run_result& r, int32_t player, const settle_fn& settle, After&& after) {
  const auto& columns = r.state.columns;
  for (size_t f = 0; f < columns.size(); ++f) {
    if (std::isfinite(columns[f][size_t(player)])) continue;
    const player_table& names = settle();
    throw user_error(r.source->file().string(), 0, 0,
                     "plugin '" + std::string(r.source->id()) + "' returned a non-finite " +
                         r.source->descriptor().state[f].name + " for player " + names.name(player) + after());
  }
}

user_error plugin_failure(const run_result& r, const plugin_error& e, const std::string& what) {
  return user_error(r.source->file().string(), 0, 0,
                    "plugin '" + std::string(r.source->id()) + "' failed on " + what + ": " + e.what());
}

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
    if (r_.game_count == 0 && games_.empty() && !r_.source->has(RK_CAP_PAIRWISE)) {
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
    if (r_.game_count == 0) return;
    const size_t n = r_.game_count;
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
    r_.game_count = first_;
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

void rate_events(run_result& r) {
  const dataset& d = r.data;
  const auto& ev = d.events;
  const size_t extra = r.state.columns.size() - 1;
  r.entry_out.resize(d.entries.size());
  r.entry_state_before.resize(d.entries.size() * extra);
  r.entry_state_after.resize(d.entries.size() * extra);
  auto snapshot = [&](const rk_event& e, std::vector<double>& into) {
    for (size_t i = e.begin; i < e.end; ++i)
      for (size_t f = 0; f < extra; ++f) into[i * extra + f] = r.state.columns[f + 1][size_t(d.entries[i].player)];
  };
  rk_state s = r.state.view();
  for (size_t e = 0; e < ev.size(); ++e) {
    snapshot(ev[e], r.entry_state_before);
    rk_event_batch b{sizeof(rk_event_batch), 0, d.entries.data(), d.entries.size(), &ev[e], 1};
    try {
      r.rater->rate_events(s, b, r.entry_out.data());
    } catch (const plugin_error& err) {
      throw plugin_failure(r, err, "event '" + d.event_infos[e].name + "' (" + d.source + ":" +
                                       std::to_string(d.event_infos[e].line) + ")");
    }
    snapshot(ev[e], r.entry_state_after);
    if (r.event_skipped(e))
      spdlog::warn("event '{}' ({}:{}) was not rated: {} rounds is fewer than the model rates", d.event_infos[e].name,
                   d.source, d.event_infos[e].line, ev[e].rounds);
  }
  const settle_fn names = [&]() -> const player_table& { return d.players; };
  for (int32_t p = 0; p < d.players.size(); ++p) check_finite(r, p, names, [] { return std::string(); });
  for (size_t i = 0; i < d.entries.size(); ++i)
    if (!(r.entry_out[i].flags & RK_ENTRY_SKIPPED)) r.state.games[size_t(d.entries[i].player)] += 1;
  const peak_follower peaks(r, r.source->state_field("rated"));
  r.replay_entries([&](size_t i, double, double after) { peaks.raise(d.entries[i].player, after); });
}

}  // namespace

run_result rate(const competition_config& config, const plugin_registry& plugins) {
  run_result r;
  r.config = config;
  r.source = plugins.get(config.model);
  r.rater = std::make_unique<model>(r.source, config.params);

  player_table players;
  ratings_list list;
  if (!config.initial_ratings.empty()) list = read_ratings_list(config.initial_ratings, players);
  if (!config.initial_database.empty())
    list = read_database_ratings(config.initial_database, config.competition, players);
  const reader_entry* reader = find_reader(config.input_format);
  if (!reader) throw user_error(config.file.string(), 0, 0, "unknown input format '" + config.input_format + "'");

  // A streaming reader sets no player facts, so the state can start before it does;
  // any other input is read whole first.
  std::vector<double> birth_years = players.birth_year;
  if (reader->streams) r.state = engine_setup::initial_state(config, *r.source, players, list);
  input_stream input(config, *reader, std::move(players));
  bool settled = false;
  auto settle = [&]() -> const player_table& {
    if (!settled) {
      settled = true;
      input.abandon();
      r.data = input.finish();
    }
    return r.data.players;
  };
  if (!reader->streams) {
    settled = true;
    r.data = input.finish();
    r.state = engine_setup::initial_state(config, *r.source, r.data.players, list);
    birth_years = r.data.players.birth_year;
  }
  r.start_ratings = r.state.columns[0];

  game_engine games(r, config.input_paths.front().string(), std::move(birth_years), settle);
  while (auto piece = input.next()) {
    games.take(*piece);
    input.give_back(std::move(piece));
  }
  games.finish();
  if (!settled) r.data = input.finish();
  games.hand_kept(r.data);

  if (r.game_count > 0) return r;
  if (r.data.events.empty()) throw user_error(r.data.source, 0, 0, "the input holds no games and no events");
  if (!r.source->has(RK_CAP_RANKED))
    throw user_error(config.file.string(), 0, 0,
                     "model '" + config.model + "' rates pairwise games, but the input holds ranked events");
  for (const rk_event& e : r.data.events) r.period_ends.push_back(e.end);
  r.period_count = r.data.events.size();
  rate_events(r);
  return r;
}

}  // namespace ratekit
