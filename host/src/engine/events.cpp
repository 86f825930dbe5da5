#include "events.hpp"

#include "checks.hpp"

#include <spdlog/spdlog.h>

namespace ratekit {

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


}  // namespace ratekit
