#include "events.hpp"

#include "checks.hpp"

#include <ratekit/host/engine/metrics.hpp>

#include <spdlog/spdlog.h>

namespace ratekit {

namespace {

// The whole state of event e's players before it, a row per entry, for the
// metrics' pairwise expectations.
void state_rows(const run_result& r, const rk_event& e, std::vector<double>& rows) {
  const size_t fields = r.state.columns.size();
  rows.resize(size_t(e.end - e.begin) * fields);
  for (size_t i = e.begin; i < e.end; ++i)
    for (size_t f = 0; f < fields; ++f)
      rows[(i - e.begin) * fields + f] = r.state.columns[f][size_t(r.data.entries[i].player)];
}

}  // namespace

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
  double total_pairs = 0;
  for (const rk_event& e : ev) total_pairs += 0.5 * double(e.end - e.begin) * double(e.end - e.begin - 1);
  pair_accumulator pairs(total_pairs);
  std::vector<double> rows;
  const size_t fields = extra + 1;
  for (size_t e = 0; e < ev.size(); ++e) {
    snapshot(ev[e], r.entry_state_before);
    state_rows(r, ev[e], rows);
    rk_event_batch b{sizeof(rk_event_batch), 0, d.entries.data(), d.entries.size(), &ev[e], 1};
    try {
      r.rater->rate_events(s, b, r.entry_out.data());
    } catch (const plugin_error& err) {
      throw plugin_failure(r, err, "event '" + d.event_infos[e].name + "' (" + d.source + ":" +
                                       std::to_string(d.event_infos[e].line) + ")");
    }
    snapshot(ev[e], r.entry_state_after);
    if (!r.event_skipped(e)) {
      const uint64_t first = ev[e].begin;
      const std::string what = "the expectations of event '" + d.event_infos[e].name + "'";
      try {
        pairs.add_event(d.entries.data(), first, ev[e].end, [&](uint64_t i, uint64_t j) {
          const double p = r.rater->expect(&rows[(i - first) * fields], &rows[(j - first) * fields], 0.0);
          if (!(p >= 0 && p <= 1)) throw plugin_error("expected score " + std::to_string(p) + " outside [0, 1]", -1);
          return p;
        });
      } catch (const plugin_error& err) {
        throw plugin_failure(r, err, what);
      }
    } else {
      spdlog::warn("event '{}' ({}:{}) was not rated: {} rounds is fewer than the model rates", d.event_infos[e].name,
                   d.source, d.event_infos[e].line, ev[e].rounds);
    }
  }
  const settle_fn names = [&]() -> const player_table& { return d.players; };
  for (int32_t p = 0; p < d.players.size(); ++p) check_finite(r, p, names, [] { return std::string(); });
  r.metrics = pairs.finish(d.entries.data(), r.state.rating());
  for (size_t i = 0; i < d.entries.size(); ++i)
    if (!(r.entry_out[i].flags & RK_ENTRY_SKIPPED)) r.state.games[size_t(d.entries[i].player)] += 1;
  const peak_follower peaks(r, r.source->state_field("rated"));
  r.replay_entries([&](size_t i, double, double after) { peaks.raise(d.entries[i].player, after); });
}

}  // namespace ratekit
