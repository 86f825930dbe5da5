#include "events.hpp"

#include "setup.hpp"

#include <ratekit/host/engine/metrics.hpp>

#include <spdlog/spdlog.h>

#include <algorithm>

namespace ratekit {

event_rater::event_rater(run_result& r, settle_fn settle, rated_games_sink* sink)
    : r_(r),
      settle_(std::move(settle)),
      streamed_(sink ? sink->streams_events() & streamable_outputs(r.config) : 0u),
      sink_(streamed_ ? sink : nullptr),
      replayed_(sink_ ? r.start_ratings : std::vector<double>{}) {}

void event_rater::add_players(size_t count, std::span<const double> declared) {
  if (count <= r_.state.games.size()) return;
  engine_setup::add_players(r_.state, r_.config, *r_.source, count, declared);
  r_.start_ratings.insert(r_.start_ratings.end(), r_.state.columns[0].begin() + long(r_.start_ratings.size()),
                          r_.state.columns[0].end());
  if (sink_) replayed_.add_players(r_.start_ratings.data(), r_.start_ratings.size());
}

void event_rater::take(game_piece& piece) {
  if (piece.events.empty()) return;
  add_players(size_t(piece.players), piece.declared);
  const size_t extra = r_.state.columns.size() - 1;
  if (piece.expected_entries > entries_.capacity()) {  // the outputs keep every entry: grown once, not doubled
    const size_t n = piece.expected_entries;
    entries_.reserve(n);
    rating_before_.reserve(n);
    r_.entry_out.reserve(n);
    r_.entry_state_before.reserve(n * extra);
    r_.entry_state_after.reserve(n * extra);
  }
  if (sink_)
    for (auto& name : piece.names) handed_.new_names.push_back(std::move(name));
  entries_.insert(entries_.end(), piece.entries.begin(), piece.entries.end());
  const size_t n = entries_.size();
  rating_before_.resize(n);
  r_.entry_out.resize(n);
  r_.entry_state_before.resize(n * extra);
  r_.entry_state_after.resize(n * extra);
  for (size_t k = 0; k < piece.events.size(); ++k) {
    events_.push_back(piece.events[k]);
    infos_.push_back(std::move(piece.event_infos[k]));
    rate(events_.size() - 1);
  }
}

void event_rater::rate(size_t e) {
  const rk_event& ev = events_[e];
  const size_t extra = r_.state.columns.size() - 1;
  auto snapshot = [&](std::vector<double>& into) {
    for (size_t i = ev.begin; i < ev.end; ++i)
      for (size_t f = 0; f < extra; ++f) into[i * extra + f] = r_.state.columns[f + 1][size_t(entries_[i].player)];
  };
  snapshot(r_.entry_state_before);
  for (size_t i = ev.begin; i < ev.end; ++i) rating_before_[i] = r_.state.rating()[entries_[i].player];
  rk_state s = r_.state.view();
  const rk_event_batch b{sizeof(rk_event_batch), 0, entries_.data(), entries_.size(), &ev, 1};
  try {
    r_.rater->rate_events(s, b, r_.entry_out.data());
  } catch (const plugin_error& err) {
    settle_();
    throw plugin_failure(r_, err, "event '" + infos_[e].name + "' (" + r_.config.input_paths.front().string() + ":" +
                                      std::to_string(infos_[e].line) + ")");
  }
  snapshot(r_.entry_state_after);
  if (sink_) hand_over(ev, infos_[e]);
  const bool skipped = std::all_of(r_.entry_out.begin() + long(ev.begin), r_.entry_out.begin() + long(ev.end),
                                   [](const rk_entry_out& o) { return (o.flags & RK_ENTRY_SKIPPED) != 0; });
  if (skipped)
    spdlog::warn("event '{}' ({}:{}) was not rated: {} rounds is fewer than the model rates", infos_[e].name,
                 r_.config.input_paths.front().string(), infos_[e].line, ev.rounds);
}

// The ratings before and after as the outputs built from the kept entries
// replay them (the bytes of each output are the same either way).
void event_rater::hand_over(const rk_event& ev, const event_info& info) {
  const size_t n = size_t(ev.end - ev.begin), shown = r_.shown_state.size();
  const rk_entry* entries = entries_.data() + ev.begin;
  const rk_entry_out* out = r_.entry_out.data() + ev.begin;
  const size_t fields = r_.state.columns.size() - 1;
  before_.resize(n), after_.resize(n), state_.resize(n * shown);
  replayed_.event(entries, out, n, before_.data(), after_.data());
  handed_.state_before = r_.entry_state_before.data() + ev.begin * fields;
  handed_.state_after = r_.entry_state_after.data() + ev.begin * fields;
  shown_fields(handed_.state_after, n, fields, r_.shown_state, state_.data());
  handed_.info = &info, handed_.first = size_t(ev.begin), handed_.count = n, handed_.entries = entries, handed_.out = out;
  handed_.before = before_.data(), handed_.after = after_.data(), handed_.state = state_.data();
  handed_.shown = shown, handed_.fields = fields;
  sink_->take(handed_);
  handed_.new_names.clear();
}

void event_rater::hand_kept(dataset& d) {
  d.entries = std::move(entries_);
  d.events = std::move(events_);
  infos_ = {};
}

void event_rater::finish() {
  const dataset& d = r_.data;
  add_players(size_t(d.players.size()));
  const auto& ev = d.events;
  double total_pairs = 0;
  for (const rk_event& e : ev) total_pairs += 0.5 * double(e.end - e.begin) * double(e.end - e.begin - 1);
  // The share of pairs sampled depends on every event's size, so the
  // expectations wait for the last event, from the states kept before each.
  pair_accumulator pairs(total_pairs);
  const size_t fields = r_.state.columns.size(), extra = fields - 1;
  std::vector<double> rows;
  for (size_t e = 0; e < ev.size(); ++e) {
    if (r_.event_skipped(e)) continue;
    const uint64_t first = ev[e].begin;
    rows.resize(size_t(ev[e].end - first) * fields);
    for (size_t i = first; i < ev[e].end; ++i) {
      double* row = &rows[(i - first) * fields];
      row[0] = rating_before_[i];
      std::copy_n(&r_.entry_state_before[i * extra], extra, row + 1);
    }
    try {
      pairs.add_event(d.entries.data(), first, ev[e].end, [&](uint64_t i, uint64_t j) {
        const double p = r_.rater->expect(&rows[(i - first) * fields], &rows[(j - first) * fields], 0.0);
        if (!(p >= 0 && p <= 1)) throw plugin_error("expected score " + std::to_string(p) + " outside [0, 1]", -1);
        return p;
      });
    } catch (const plugin_error& err) {
      throw plugin_failure(r_, err, "the expectations of event '" + d.event_infos[e].name + "'");
    }
  }
  rating_before_ = {};
  const settle_fn names = [&]() -> const player_table& { return d.players; };
  for (int32_t p = 0; p < d.players.size(); ++p) check_finite(r_, p, names, [] { return std::string(); });
  r_.metrics = pairs.finish(d.entries.data(), r_.state.rating());
  for (size_t i = 0; i < d.entries.size(); ++i)
    if (!(r_.entry_out[i].flags & RK_ENTRY_SKIPPED)) r_.state.games[size_t(d.entries[i].player)] += 1;
  const peak_follower peaks(r_, r_.source->state_field("rated"));
  r_.replay_entries([&](size_t i, double, double after) { peaks.raise(d.entries[i].player, after); });
}

}  // namespace ratekit
