#include "output/run_files.hpp"

#include <ratekit/host/text/format.hpp>

#include "output/history_rows.hpp"

namespace ratekit {

// One row per player per game (or ranked entry); the plugin's shown state
// fields (rd, volatility, ...) after the period close each row.
std::string history_csv(const run_result& r) {
  const auto& d = r.data;
  const rk_descriptor& desc = r.source->descriptor();
  const size_t shown = r.shown_state.size();
  const std::vector<size_t> layout = history_layout(desc, r.config.history_columns);
  std::string out = history_header(desc, layout);
  if (!d.ranked()) {
    const double* state = r.game_state_after.data();
    r.replay_games([&](size_t i, double ba, double bb, double aa, double ab) {
      const rk_game& g = d.games[i];
      const rk_game_out& o = r.game_out[i];
      const std::string period = r.period_label(i);
      const std::string date = d.facts.date[i] > 0 ? iso_date(d.facts.date[i]) : std::string();
      history_row(out, layout, period, date, d.players.name(g.a), d.players.name(g.b), o.expected_a, g.score_a,
                  g.k_a, o.delta_a, ba, aa, state + 2 * i * shown);
      history_row(out, layout, period, date, d.players.name(g.b), d.players.name(g.a), o.expected_b, 1 - g.score_a,
                  g.k_b, o.delta_b, bb, ab, state + (2 * i + 1) * shown);
    });
    return out;
  }
  const size_t extra = desc.state_count - 1;  // entry_state_after holds every field besides the rating
  std::vector<double> state;                  // the entry's shown state fields
  size_t event = 0;
  r.replay_entries([&](size_t i, double before, double after) {
    while (i >= d.events[event].end) ++event;
    const rk_entry_out& o = r.entry_out[i];
    if (o.flags & RK_ENTRY_SKIPPED) return;
    state.clear();
    for (const uint32_t f : r.shown_state) state.push_back(r.entry_state_after[i * extra + f - 1]);
    const int32_t date = d.event_infos[event].date;
    history_row(out, layout, r.period_label(event), date > 0 ? iso_date(date) : std::string(),
                d.players.name(d.entries[i].player), d.event_infos[event].name, o.expected, d.entries[i].rank,
                o.weight, o.delta, before, after, state.data());
  });
  return out;
}

}  // namespace ratekit
