// Replaying a run's per-game and per-entry changes, for history, reports and peaks.
#include "replay.hpp"

#include <ratekit/host/text/format.hpp>
#include <ratekit/host/engine/engine.hpp>

#include <cstdio>

namespace ratekit {

void run_result::replay_games(const std::function<void(size_t, double, double, double, double)>& fn) const {
  std::vector<rated_adjustment> adjusted = adjustments;  // filled again, to the same values
  game_replay(start_ratings)
      .run(data.games.data(), data.games.size(), period_ends.empty() ? nullptr : period_ends.data(), period_ends.size(),
           game_out.data(), fn, adjusted);
}

void run_result::replay_events(const std::function<void(const rated_event&)>& fn) const {
  const size_t fields = source->descriptor().state_count - 1, shown = shown_state.size();
  entry_replay replay(start_ratings);
  std::vector<double> before, after, state;
  rated_event e;
  e.shown = shown, e.fields = fields, e.teams = source->has(RK_CAP_TEAMS);
  for (size_t k = 0; k < data.events.size(); ++k) {
    const rk_event& ev = data.events[k];
    const size_t n = size_t(ev.end - ev.begin);
    before.resize(n), after.resize(n), state.resize(2 * n * shown);
    e.info = &data.event_infos[k], e.first = size_t(ev.begin), e.count = n;
    e.entries = data.entries.data() + ev.begin, e.out = entry_out.data() + ev.begin;
    replay.event(e.entries, e.out, n, before.data(), after.data());
    e.state_before = entry_state_before.data() + ev.begin * fields;
    e.state_after = entry_state_after.data() + ev.begin * fields;
    shown_fields(e.state_after, n, fields, shown_state, state.data());
    shown_fields(e.state_before, n, fields, shown_state, state.data() + n * shown);
    e.before = before.data(), e.after = after.data(), e.state = state.data(), e.shown_before = state.data() + n * shown;
    fn(e);
  }
}

bool run_result::event_skipped(size_t e) const { return skipped[e]; }

std::string period_label(period_kind kind, int32_t date, int32_t period, const std::vector<std::string>& period_names,
                         size_t game_index) {
  switch (kind) {
    case period_kind::event:
      return period >= 0 ? period_names[size_t(period)] : "";
    case period_kind::day:
      return iso_date(date);
    case period_kind::month:
      return iso_month(date);
    case period_kind::year:
      return std::to_string(date / 10000);
    default:
      return std::to_string(game_index + 1);
  }
}

std::string run_result::period_label(size_t i) const {
  if (data.ranked()) return data.event_infos[i].name;
  return ratekit::period_label(period, data.facts.date[i], data.facts.period[i], data.period_names, i);
}

}  // namespace ratekit
