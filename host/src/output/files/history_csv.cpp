#include "output/files/run_files.hpp"

#include <ratekit/host/text/format.hpp>

#include "output/files/history_rows.hpp"

namespace ratekit {

// One row per player per game (or ranked entry); the plugin's shown state
// fields (rd, volatility, ...) after the period close each row.
std::string history_csv(const run_result& r, const competition_config& config) {
  const auto& d = r.data;
  const rk_descriptor& desc = r.source->descriptor();
  const size_t shown = r.shown_state.size();
  const std::vector<size_t> layout = history_layout(desc, config.history_columns);
  std::string out = history_header(desc, layout);
  if (!d.ranked()) {
    const double* state = r.game_state_after.data();
    const uint64_t* ends = r.period_ends.empty() ? nullptr : r.period_ends.data();
    size_t k = 0;  // the next adjustment, written after its period's last game
    r.replay_games([&](size_t i, double ba, double bb, double aa, double ab) {
      const rk_game& g = d.games[i];
      const rk_game_out& o = r.game_out[i];
      const std::string period = r.period_label(i);
      const std::string date = d.facts.date[i] > 0 ? iso_date(d.facts.date[i]) : std::string();
      history_row(out, layout, period, date, d.players.name(g.a), d.players.name(g.b), o.expected_a, g.score_a,
                  g.k_a, o.delta_a, ba, aa, state + 2 * i * shown);
      history_row(out, layout, period, date, d.players.name(g.b), d.players.name(g.a), o.expected_b, 1 - g.score_a,
                  g.k_b, o.delta_b, bb, ab, state + (2 * i + 1) * shown);
      for (; k < r.adjustments.size() && period_end_of(r.adjustments[k].game, ends, r.period_ends.size()) == i + 1; ++k)
        history_adjustment_row(out, layout, period, date, d.players.name(r.adjustments[k].player), r.adjustments[k]);
    });
    return out;
  }
  r.replay_events([&](const rated_event& e) {
    history_event_rows(out, layout, e, e.info->date > 0 ? iso_date(e.info->date) : std::string(),
                       [&](int32_t p) -> const std::string& { return d.players.name(p); });
  });
  return out;
}

}  // namespace ratekit
