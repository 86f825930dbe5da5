// Rating a stream of pairwise games as the input hands it over in pieces.
#pragma once

#include "checks.hpp"
#include "first_dates.hpp"
#include "input_stream.hpp"
#include "k_assigner.hpp"
#include "period_clock.hpp"
#include "period_window.hpp"
#include "replay.hpp"
#include "setup.hpp"
#include "state_checker.hpp"

#include <ratekit/host/engine/engine.hpp>
#include <ratekit/host/engine/metrics.hpp>
#include <ratekit/host/text/format.hpp>

#include <algorithm>
#include <string>
#include <vector>

namespace ratekit {

// Rates pairwise games piece by piece as the input hands them over. The games
// wait in a window until their rating period is complete; what an output reads
// after the run is kept, the rest is dropped once rated.
class game_engine {
 public:
  // With a `sink`, the outputs it streams (history.csv, the database) are its:
  // the games are handed to it as they are rated, and kept only for the others.
  // Without `metrics`, run_result::metrics stays empty.
  game_engine(run_result& r, const competition_config& config, std::string source, settle_fn settle,
              rated_games_sink* sink, bool metrics)
      : r_(r),
        c_(config),
        settle_(std::move(settle)),
        rated_(r.source->state_field("rated")),
        per_period_(c_.k.reads_player_state()),
        streamed_(sink ? sink->streams() & streamable_outputs(c_) : 0u),
        sink_(streamed_ ? sink : nullptr),
        keep_(outputs_read_after_run(c_, streamed_)),
        // The state is read after each period (a call per period) only for an output that shows it.
        shown_fields_(keep_ || (streamed_ & (streams_database | streams_report)) ||
                              ((streamed_ & streams_history) && history_shows_state(c_.history_columns))
                          ? r.shown_state.size()
                          : 0),
        shown_mask_(state_after_mask(r)),
        window_(c_.period, source),
        k_(r, config, settle_),
        checker_(r, source, settle_, per_period_),
        replay_(r.start_ratings),
        metrics_(metrics) {}

  void take(game_piece& piece) {
    if (piece.games.empty()) return;
    if (window_.first() == 0 && window_.games().empty() && !r_.source->has(RK_CAP_PAIRWISE)) {
      settle_();
      throw c_.error_at("model", "model '" + c_.model + "' rates ranked events, but the input holds pairwise games");
    }
    check_adjustment_date(c_, piece.facts, window_.first() == 0 && window_.games().empty(), window_.source(), settle_);
    anonymous_.meet(piece.names, piece.players);
    add_players(piece);
    if (sink_ && sink_->takes_names()) {
      for (auto& n : piece.names) handed_.new_names.push_back(std::move(n));
      for (auto& n : piece.period_names) handed_.new_period_names.push_back(std::move(n));
    }
    window_.add(piece);
    rate_window(false);
  }

  void finish() {
    rate_window(true);
    if (!window_.problems().empty()) {
      settle_();
      throw user_error(std::move(window_.problems()));
    }
    const size_t n = window_.first();
    r_.game_count = n;
    if (n == 0) return;
    refuse_idle_home_advantage();
    checker_.finish(n, first_line_, last_line_);
    checker_.check_reported(replay_.ratings(), n, first_line_, last_line_);
    // The rating a player holds is one he reached: the peaks followed the games'
    // changes, whose sum can differ from the model's rating in the last bits, and
    // miss a rating set at a period's end (an initial rating).
    const peak_follower peaks(r_, rated_);
    for (size_t p = 0; p < r_.state.peak.size(); ++p) peaks.raise(int32_t(p), r_.state.rating()[p]);
    const double hindsight = std::isnan(c_.home_hindsight) ? c_.home_predict : c_.home_hindsight;
    if (metrics_) r_.metrics = accuracy_.finish(r_.state.rating(), hindsight);
    anonymous_.warn();
  }

  // A home advantage that no game can use would be reported in summary.json as
  // if it had applied: refused, before anything is written.
  void refuse_idle_home_advantage() {
    const bool hindsight = !std::isnan(c_.home_hindsight) && c_.home_hindsight != 0;
    if (any_home_ || (c_.home_predict == 0 && c_.home_update == 0 && !hindsight)) return;
    settle_();
    throw c_.error_at("home_advantage", "home_advantage is set, but no game of the input has a home side (a 'home' "
                                        "column of a or b, or input.home); remove home_advantage, or say which side "
                                        "is at home");
  }

  // A handicap game rated as an even one would be rated wrong without a word.
  void refuse_handicap(const rk_game& g, size_t i) {
    settle_();
    throw user_error(window_.where(i) + ": a game with a handicap of " + format_number(std::abs(g.handicap)) +
                     ", which model '" + c_.model +
                     "' does not read (it would rate it as an even game); remove the handicaps or choose a model "
                     "that reads them (egf-go)");
  }

  // The outputs the sink wrote (streamed_output bits).
  unsigned streamed() const { return streamed_; }

  // Moves the games and facts kept for the outputs into `d`.
  void hand_kept(dataset& d) {
    d.games = std::move(kept_games_);
    d.facts.swap_columns(kept_facts_);
  }

 private:
  // Players who joined since the last piece start as the config and the input's facts say.
  void add_players(const game_piece& piece) {
    const auto count = size_t(piece.players);
    if (count <= r_.state.games.size()) return;
    engine_setup::add_players(r_, c_, count, piece.declared, piece.birth_years);
    replay_.add_players(r_.start_ratings.data(), count);
    k_.add_players(count);
  }

  // Rates the window's complete periods (all of them at the end of the input)
  // and drops them from the window.
  void rate_window(bool last) {
    const size_t complete = window_.complete(last);
    if (complete == 0) return;
    const game_facts& facts = window_.facts();
    if (window_.first() == 0) first_line_ = facts.line[0];
    last_line_ = facts.line[complete - 1];
    if (window_.problems().empty()) {
      if (sink_) check_periods(complete);
      rate(complete);
    }
    if (keep_) {
      period_window::append(kept_games_, window_.games(), 0, complete);
      kept_facts_.append(facts, 0, complete);
      for (const uint64_t end : window_.ends()) r_.period_ends.push_back(window_.first() + end);
    }
    r_.period_count += window_.ends().empty() ? complete : window_.ends().size();
    window_.drop(complete);
  }

  // Games [0, complete) of the window: home advantage, K, the plugin, then
  // what follows the outputs (peaks, metrics), and the outputs kept.
  void rate(size_t complete) {
    std::vector<rk_game>& games = window_.games();
    const game_facts& facts = window_.facts();
    const std::vector<uint64_t>& ends = window_.ends();
    if (out_.size() < complete) out_.resize(complete);
    adjusted_.clear();
    for (size_t i = 0; i < complete; ++i) {
      const double home = facts.home[i];
      any_home_ |= home != 0;
      if (games[i].handicap != 0 && !reads_handicap_) refuse_handicap(games[i], i);
      games[i].adv_predict = home * c_.home_predict;
      games[i].adv_update = home * c_.home_update;
    }
    const bool per_game = c_.period == period_kind::game;
    auto where = [&](size_t i) { return window_.where(i); };
    const size_t periods = per_game ? complete : ends.size();
    spans_.clear();
    const int64_t first = r_.first_period_number + int64_t(r_.period_count);
    if (per_game) number_games(spans_, complete, first);
    for (size_t p = 0, begin = 0; !per_game && p < periods; ++p) {
      add_period_span(spans_, c_.period, facts.date.data(), begin, size_t(ends[p]), first + int64_t(p));
      begin = size_t(ends[p]);
    }
    if (shown_fields_) state_.resize(2 * complete * shown_fields_);
    if (per_period_ || (shown_fields_ > 0 && !shown_mask_)) {
      // K reads player state, so it must wait for the previous period's ratings;
      // or the outputs show each period's state and the plugin cannot write it
      // per game (RK_CAP_STATE_AFTER), so it is read after each period.
      size_t begin = 0;
      for (size_t p = 0; p < periods; ++p) {
        const size_t end = per_game ? begin + 1 : size_t(ends[p]);
        k_.assign(games, facts, begin, end, where);
        const uint64_t local_end = end - begin;
        call(begin, end, per_game ? nullptr : &local_end, per_game ? 0 : 1, p);
        begin = end;
      }
    } else {
      k_.assign(games, facts, 0, complete, where);
      call(0, complete, per_game ? nullptr : ends.data(), ends.size(), 0);
    }
    const peak_follower peaks(r_, rated_);
    const bool follow_peaks = !per_period_ && peaks.any();  // else peaks were followed period by period
    if (sink_) ratings_.resize(4 * complete);
    replay_.run(games.data(), complete, per_game ? nullptr : ends.data(), ends.size(), out_.data(),
                [&](size_t i, double before_a, double before_b, double after_a, double after_b) {
                  const rk_game& g = games[i];
                  if (sink_) {
                    ratings_[i] = before_a, ratings_[complete + i] = before_b;
                    ratings_[2 * complete + i] = after_a, ratings_[3 * complete + i] = after_b;
                  }
                  if (follow_peaks) {
                    if (i + 16 < complete) {
                      peaks.prefetch(games[i + 16].a);
                      peaks.prefetch(games[i + 16].b);
                    }
                    peaks.raise(g.a, after_a);
                    peaks.raise(g.b, after_b);
                  }
                  if (metrics_) accuracy_.add(g, facts.home[i], out_[i]);
                },
                adjusted_);
    for (const rated_adjustment& x : adjusted_) peaks.raise(x.player, x.after);
    checker_.check_reported(games, facts, window_.first(), complete, replay_.ratings());
    if (keep_) r_.game_out.insert(r_.game_out.end(), out_.begin(), out_.begin() + long(complete));
    if (keep_)
      for (rated_adjustment x : adjusted_) x.game += window_.first(), r_.adjustments.push_back(x);
    if (keep_ && shown_fields_) r_.game_state_after.insert(r_.game_state_after.end(), state_.begin(), state_.end());
    if (sink_) hand_to_sink(complete);
  }

  // The periods of the window's games [0, complete) in handed_: what the sink is told before they are rated.
  void describe_periods(size_t complete) {
    const game_facts& facts = window_.facts();
    handed_.first = window_.first();
    handed_.count = complete;
    handed_.dates = facts.date.data();
    handed_.periods = facts.period.data();
    const bool per_game = c_.period == period_kind::game;
    handed_.ends = per_game ? nullptr : window_.ends().data();
    handed_.period_count = per_game ? complete : window_.ends().size();
  }

  // The sink may refuse the window's periods before the model rates them (a recorded period, say).
  void check_periods(size_t complete) {
    describe_periods(complete);
    try {
      sink_->before_rating(handed_);
    } catch (...) {
      settle_();
      throw;
    }
  }

  // Hands the window's rated games [0, complete) to the sink, with the names it has not seen.
  void hand_to_sink(size_t complete) {
    describe_periods(complete);
    handed_.games = window_.games().data();
    handed_.out = out_.data();
    handed_.before_a = ratings_.data(), handed_.before_b = ratings_.data() + complete;
    handed_.after_a = ratings_.data() + 2 * complete, handed_.after_b = ratings_.data() + 3 * complete;
    handed_.state = state_.data();
    handed_.shown = shown_fields_;
    handed_.rater = r_.rater.get();
    handed_.adjustments = adjusted_.data(), handed_.adjustment_count = adjusted_.size();
    sink_->take(handed_);
    handed_.new_names.clear();
    handed_.new_period_names.clear();
  }

  // Window games [begin, end) in one call; `ends` are period ends relative to
  // begin (none: a period per game), the first of them the window's period
  // `period`; out_[i] receives game i's output.
  void call(size_t begin, size_t end, const uint64_t* ends, size_t count, size_t period) {
    std::vector<rk_game>& games = window_.games();
    const int32_t* dates = window_.facts().date.data() + begin;
    const bool per_game = c_.period == period_kind::game;  // each game's period spans its date
    const bool state_after = shown_fields_ && shown_mask_;
    const rk_game_batch b{sizeof(rk_game_batch), 0, games.data() + begin, end - begin, ends, count,
                          dates, spans_.number.data() + period,
                          per_game ? dates : spans_.first_date.data() + period,
                          per_game ? dates : spans_.last_date.data() + period,
                          state_after ? state_.data() + 2 * begin * shown_fields_ : nullptr,
                          state_after ? shown_mask_ : 0};
    rk_state s = r_.state.view();
    try {
      r_.rater->rate_games(s, b, out_.data() + begin);
    } catch (const plugin_error& e) {
      settle_();
      const bool known = e.index() >= 0 && size_t(e.index()) < end - begin;
      const size_t i = begin + size_t(e.index());
      throw plugin_failure(r_, e, known ? "game " + std::to_string(window_.first() + i + 1) + " (" + window_.where(i) + ")"
                                        : std::string("the batch"));
    }
    take_adjustments(begin);
    checker_.check_outputs(out_.data(), window_.facts(), window_.first(), begin, end);
    checker_.after_call(games, window_.facts(), window_.first(), begin, end);
    count_games(games, begin, end);
    anonymous_.count(games.data() + begin, end - begin);
    if (!state_after) keep_state(games, begin, end);
  }

  // The adjustments the plugin reported in its call on window games from
  // `begin` (ABI 1.4), kept by game for the replay and the outputs.
  void take_adjustments(size_t begin) {
    const adjustment_log& log = r_.rater->adjustments();
    if (log.list().empty()) return;
    const size_t from = adjusted_.size();
    for (const rating_adjustment& a : log.list())
      adjusted_.push_back({begin + size_t(a.game), a.player, a.delta, 0, 0, &log.reason(a.reason)});
    std::stable_sort(adjusted_.begin() + long(from), adjusted_.end(),
                     [](const rated_adjustment& x, const rated_adjustment& y) { return x.game < y.game; });
  }

  // The shown state fields of both sides of window games [begin, end) after
  // their period, for the outputs (state_, then run_result::game_state_after),
  // when the plugin does not write them itself.
  void keep_state(const std::vector<rk_game>& games, size_t begin, size_t end) {
    if (shown_fields_ == 0) return;
    double* kept = state_.data() + 2 * begin * shown_fields_;
    for (size_t i = begin; i < end; ++i)
      for (const int32_t who : {games[i].a, games[i].b})
        for (const uint32_t f : r_.shown_state) *kept++ = r_.state.columns[f][size_t(who)];
  }

  // The bits of the shown state fields when the plugin writes them per game
  // (ABI 1.2, RK_CAP_STATE_AFTER); 0 when the host reads them after each period.
  static uint64_t state_after_mask(const run_result& r) {
    uint64_t mask = 0;
    for (const uint32_t f : r.shown_state)
      if (f < 64) mask |= uint64_t(1) << f;
      else return 0;
    return r.source->has(RK_CAP_STATE_AFTER) ? mask : 0;
  }

  // Games played, and the peaks when K reads the state (it is this period's end).
  void count_games(const std::vector<rk_game>& games, size_t begin, size_t end) {
    const double* rating = r_.state.rating();
    double* played = r_.state.games.data();
    const peak_follower peaks(r_, rated_);
    for (size_t i = begin; i < end; ++i) {
      const rk_game& g = games[i];
      if (i + 16 < end) {  // players are met at random: fetch their counts early
        __builtin_prefetch(&played[games[i + 16].a], 1);
        __builtin_prefetch(&played[games[i + 16].b], 1);
      }
      played[g.a] += 1;
      played[g.b] += 1;
      if (per_period_) {
        peaks.raise(g.a, rating[g.a]);
        peaks.raise(g.b, rating[g.b]);
      }
    }
  }

  run_result& r_;
  const competition_config& c_;
  const settle_fn settle_;
  const int rated_;        // index of the plugin's `rated` state field, -1 when none
  const bool per_period_;  // K reads player state: the plugin is called period by period
  bool any_home_ = false;   // some game has a home side
  const bool reads_handicap_ = r_.source->has(RK_CAP_HANDICAP);
  const unsigned streamed_;       // the outputs the sink writes (streamed_output bits)
  rated_games_sink* const sink_;  // they are written as the games are rated; nullptr: none is
  const bool keep_;        // an output reads the games and their outputs after the run
  const size_t shown_fields_;  // state fields the outputs show per game: 0 when none are kept
  const uint64_t shown_mask_;  // their bits when the plugin writes them per game, else 0

  period_window window_;
  k_assigner k_;
  state_checker checker_;
  std::vector<rk_game_out> out_;
  std::vector<rated_adjustment> adjusted_;  // the window's rating adjustments, by game
  period_spans spans_;  // the numbers and dates of the periods being rated
  int32_t first_line_ = 0, last_line_ = 0;

  std::vector<double> state_;    // the window's shown state fields after each game's period
  std::vector<double> ratings_;  // the window's ratings before and after, for the sink
  rated_games handed_;           // what the sink is handed, names gathered between windows

  anonymous_games anonymous_;
  game_replay replay_;
  const bool metrics_;  // run_result::metrics are computed
  accuracy_accumulator accuracy_;
  std::vector<rk_game> kept_games_;
  game_facts kept_facts_;
};

}  // namespace ratekit
