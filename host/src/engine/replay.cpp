// Replaying a run's per-game and per-entry changes, for history, reports and peaks.
#include "replay.hpp"

#include <ratekit/host/text/format.hpp>
#include <ratekit/host/engine/engine.hpp>

#include <cstdio>

namespace ratekit {

void run_result::replay_games(const std::function<void(size_t, double, double, double, double)>& fn) const {
  game_replay(start_ratings)
      .run(data.games.data(), data.games.size(), period_ends.empty() ? nullptr : period_ends.data(), period_ends.size(),
           game_out.data(), fn);
}

void run_result::replay_entries(const std::function<void(size_t, double, double)>& fn) const {
  std::vector<double> rating = start_ratings;
  for (const rk_event& ev : data.events) {
    for (size_t i = ev.begin; i < ev.end; ++i) {
      const double before = rating[size_t(data.entries[i].player)];
      fn(i, before, before + entry_out[i].delta);
    }
    for (size_t i = ev.begin; i < ev.end; ++i) rating[size_t(data.entries[i].player)] += entry_out[i].delta;
  }
}

bool run_result::event_skipped(size_t e) const {
  const rk_event& ev = data.events[e];
  for (size_t i = ev.begin; i < ev.end; ++i)
    if (!(entry_out[i].flags & RK_ENTRY_SKIPPED)) return false;
  return true;
}

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
  return ratekit::period_label(config.period, data.facts.date[i], data.facts.period[i], data.period_names, i);
}

}  // namespace ratekit
