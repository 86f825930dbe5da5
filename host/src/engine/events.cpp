#include "events.hpp"

#include "setup.hpp"
#include "plugin/team_chances.hpp"

#include <ratekit/host/text/stop.hpp>
#include <ratekit/host/text/format.hpp>

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cmath>

namespace ratekit {

event_rater::event_rater(run_result& r, const competition_config& config, settle_fn settle, rated_games_sink* sink,
                         bool metrics)
    : r_(r),
      c_(config),
      settle_(std::move(settle)),
      stop_(stop_flag()),
      streamed_(sink ? sink->streams_events() & streamable_outputs(config) : 0u),
      sink_(streamed_ ? sink : nullptr),
      keep_(outputs_read_after_run(config, streamed_)),
      metrics_(metrics),
      replayed_(r.start_ratings),
      peak_seen_(r.start_ratings.size(), -HUGE_VAL) {}

void event_rater::add_players(size_t count, std::span<const double> declared, std::span<const double> births) {
  if (count <= r_.state.games.size()) return;
  engine_setup::add_players(r_, c_, count, declared, births);
  replayed_.add_players(r_.start_ratings.data(), r_.start_ratings.size());
  peak_seen_.resize(count, -HUGE_VAL);
}

void event_rater::take(game_piece& piece) {
  if (piece.events.empty()) return;
  add_players(size_t(piece.players), piece.declared, piece.birth_years);
  if (piece.weights.empty())  // single players: each entry is a team of its own
    for (const rk_event& ev : piece.events)
      for (uint64_t i = ev.begin; i < ev.end; ++i) piece.entries[size_t(i - entry_count_)].team = uint32_t(i - ev.begin);
  if (keep_) {
    const size_t extra = r_.state.columns.size() - 1;
    if (piece.expected_entries > entries_.capacity()) {  // grown once, not doubled
      const size_t n = piece.expected_entries;
      entries_.reserve(n);
      r_.entry_out.reserve(n);
      r_.entry_state_before.reserve(n * extra);
      r_.entry_state_after.reserve(n * extra);
    }
    entries_.insert(entries_.end(), piece.entries.begin(), piece.entries.end());
    const size_t n = entries_.size();
    r_.entry_out.resize(n);
    r_.entry_state_before.resize(n * extra);
    r_.entry_state_after.resize(n * extra);
  }
  if (sink_ && sink_->takes_names())
    for (auto& name : piece.names) handed_.new_names.push_back(std::move(name));
  for (size_t k = 0; k < piece.events.size(); ++k) {
    throw_if_stopped(stop_);  // a piece can hold thousands of events, or one of 30,000 teams
    events_.push_back(piece.events[k]);
    infos_.push_back(std::move(piece.event_infos[k]));
    check_order(infos_.back());
    const size_t at = size_t(piece.events[k].begin - entry_count_);
    rate(events_.size() - 1, piece.entries.data() + at, piece.weights.empty() ? nullptr : piece.weights.data() + at);
  }
  entry_count_ += piece.entries.size();
}

void event_rater::check_order(const event_info& info) {
  if (info.date == 0) return;
  if (info.date >= latest_.date) {
    latest_ = info;
    return;
  }
  settle_();  // the input's own errors come first
  throw user_error(c_.input_paths.front().string(), info.line, 0,
                   "dates out of order: event '" + info.name + "' is dated before event '" + latest_.name +
                       "' on line " + std::to_string(latest_.line) + "; sort the events by date, oldest first");
}

void event_rater::rate(size_t e, const rk_entry* entries, const double* weights) {
  const rk_event& ev = events_[e];
  const size_t n = size_t(ev.end - ev.begin), extra = r_.state.columns.size() - 1;
  // Where the event's outputs go: the run's arrays when kept, else this event's.
  if (!keep_) out_.assign(n, rk_entry_out{}), state_before_.resize(n * extra), state_after_.resize(n * extra);
  rk_entry_out* out = keep_ ? r_.entry_out.data() + ev.begin : out_.data();
  double* state_before = keep_ ? r_.entry_state_before.data() + ev.begin * extra : state_before_.data();
  double* state_after = keep_ ? r_.entry_state_after.data() + ev.begin * extra : state_after_.data();
  snapshot(entries, n, state_before, &rows_);
  rk_state s = r_.state.view();
  const rk_event event{0, n, ev.rounds};  // the entries are the event's own
  const rk_event_batch b{sizeof(rk_event_batch), 0, entries, n, &event, 1, weights};
  try {
    r_.rater->rate_events(s, b, out);
  } catch (const plugin_error& err) {
    settle_();
    throw plugin_failure(r_, err, "event '" + infos_[e].name + "' (" + c_.input_paths.front().string() + ":" +
                                      std::to_string(infos_[e].line) + ")");
  }
  snapshot(entries, n, state_after);
  count_played(entries, out, n);
  const bool skipped =
      std::all_of(out, out + n, [](const rk_entry_out& o) { return (o.flags & RK_ENTRY_SKIPPED) != 0; });
  r_.skipped.push_back(skipped);
  if (!skipped && metrics_ && weights) forecast_teams(e, entries, weights, n);
  else if (!skipped && metrics_) forecast(e, entries, n);
  if (sink_) hand_over(ev, infos_[e], entries, out, state_before, state_after);
  if (skipped)
    spdlog::warn("event '{}' ({}:{}) was not rated: it had {}, fewer than the model rates", infos_[e].name,
                 c_.input_paths.front().string(), infos_[e].line, counted(ev.rounds, "round"));
}

void event_rater::snapshot(const rk_entry* entries, size_t n, double* states, std::vector<double>* rows) {
  const size_t fields = r_.state.columns.size(), extra = fields - 1;
  if (rows) rows->resize(n * fields);
  for (size_t i = 0; i < n; ++i) {
    const size_t p = size_t(entries[i].player);
    for (size_t f = 1; f < fields; ++f) states[i * extra + f - 1] = r_.state.columns[f][p];
    if (!rows) continue;
    (*rows)[i * fields] = r_.state.columns[0][p];
    std::copy_n(states + i * extra, extra, rows->data() + i * fields + 1);
  }
}

void event_rater::count_played(const rk_entry* entries, const rk_entry_out* out, size_t n) {
  before_.resize(n), after_.resize(n);
  replayed_.event(entries, out, n, before_.data(), after_.data());
  for (size_t i = 0; i < n; ++i) {
    const size_t p = size_t(entries[i].player);
    peak_seen_[p] = std::fmax(peak_seen_[p], after_[i]);
    if (!(out[i].flags & RK_ENTRY_SKIPPED)) r_.state.games[p] += 1;
  }
}

void event_rater::forecast(size_t e, const rk_entry* entries, size_t n) {
  try {
    if (!forecasts_) forecasts_.emplace(r_.source, c_.params, r_.state.columns.size());
    forecasts_->add(e, entries, events_[e].begin, n, rows_.data());
  } catch (const pair_forecasts::failure& f) {
    forecast_failed(f);
  }
}

void event_rater::forecast_teams(size_t e, const rk_entry* entries, const double* weights, size_t n) {
  team_matches_ = true;
  teams_.resize(n);
  for (size_t i = 0; i < n; ++i) teams_[i] = entries[i].team;
  const size_t t = size_t(teams_[n - 1]) + 1;
  std::vector<double>& rank = team_ranks_;
  rank.assign(t, 0.0);
  for (size_t i = 0; i < n; ++i) rank[entries[i].team] = entries[i].rank;
  // Team i's expected score against team j, a draw counting half, against its
  // result: the pairs of the run's sample, each team a row.
  try {
    match_chances chances(*r_.rater, rows_.data(), teams_.data(), weights, n);
    for (size_t i = 0; i < t; ++i) {
      throw_if_stopped(stop_);  // a large match's sample is seconds of calls
      team_pairs_.add_row(events_[e].begin, t, i, [&](size_t j) {
        const team_pair_chances c = chances.pair(i, j);
        forecast_sums one;
        one.add(c.ahead + 0.5 * c.tie, c.behind + 0.5 * c.tie, rank[i] < rank[j] ? 1.0 : rank[i] > rank[j] ? 0.0 : 0.5);
        return one;
      });
    }
  } catch (const plugin_error& err) {
    forecast_failed(pair_forecasts::failure{e, err});
  }
}

void event_rater::forecast_failed(const pair_forecasts::failure& f) {
  const bool rating = !infos_.empty();  // else the input is read and handed over
  const std::string name = (rating ? infos_ : r_.data.event_infos)[f.event].name;
  if (rating) settle_();
  throw plugin_failure(r_, f.error, "the expectations of event '" + name + "'");
}

// The ratings before and after as the outputs built from the kept entries
// replay them (the bytes of each output are the same either way).
void event_rater::hand_over(const rk_event& ev, const event_info& info, const rk_entry* entries,
                            const rk_entry_out* out, const double* state_before, const double* state_after) {
  const size_t n = size_t(ev.end - ev.begin), shown = r_.shown_state.size();
  const size_t fields = r_.state.columns.size() - 1;
  state_.resize(2 * n * shown);
  shown_fields(state_after, n, fields, r_.shown_state, state_.data());
  shown_fields(state_before, n, fields, r_.shown_state, state_.data() + n * shown);
  handed_.shown_before = state_.data() + n * shown;
  handed_.teams = r_.source->has(RK_CAP_TEAMS);
  handed_.state_before = state_before, handed_.state_after = state_after;
  handed_.info = &info, handed_.first = size_t(ev.begin), handed_.count = n, handed_.entries = entries, handed_.out = out;
  handed_.before = before_.data(), handed_.after = after_.data(), handed_.state = state_.data();
  handed_.shown = shown, handed_.fields = fields;
  sink_->take(handed_);
  handed_.new_names.clear();
}

void event_rater::hand_kept(dataset& d) {
  if (keep_) d.entries = std::move(entries_);
  d.events = std::move(events_);
  r_.entry_count = size_t(entry_count_);
  infos_ = {};
}

void event_rater::finish() {
  const dataset& d = r_.data;
  add_players(size_t(d.players.size()));
  const settle_fn names = [&]() -> const player_table& { return d.players; };
  for (int32_t p = 0; p < d.players.size(); ++p) check_finite(r_, p, names, [] { return std::string(); });
  const double* rating = r_.state.rating();
  for (int32_t p = 0; p < d.players.size(); ++p)
    if (!adds_up(replayed_.ratings()[size_t(p)], rating[p]))
      throw unreported_change(r_, d.players, p, replayed_.ratings()[size_t(p)], " after the events");
  try {
    if (team_matches_) r_.metrics = team_pairs_.counted().json(-1, "team pairs");  // forecast only with metrics_
    else if (metrics_) r_.metrics = forecasts_ ? forecasts_->finish(r_.state.rating()) : pair_accumulator().finish(r_.state.rating());
  } catch (const pair_forecasts::failure& f) {
    forecast_failed(f);
  }
  if (forecasts_)
    spdlog::debug("ranked metrics: {} pairs forecast, {} counted (level {})", forecasts_->drawn(),
                  r_.metrics["foresight"]["pairs"].get<int64_t>(), forecasts_->level());
  const peak_follower peaks(r_, r_.source->state_field("rated"));
  for (size_t p = 0; p < peak_seen_.size(); ++p) peaks.raise(int32_t(p), peak_seen_[p]);
}

}  // namespace ratekit
