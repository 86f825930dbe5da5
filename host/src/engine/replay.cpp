// Replaying a run's per-game and per-entry changes, for history, reports and peaks.
#include <ratekit/host/engine.hpp>

#include <cstdio>

namespace ratekit {

void run_result::replay_games(const std::function<void(size_t, double, double, double, double)>& fn) const {
  std::vector<double> rating = start_ratings;
  std::vector<double> pending(rating.size(), 0.0);
  const size_t n = data.games.size();
  size_t begin = 0;
  const size_t periods = period_ends.empty() ? n : period_ends.size();
  for (size_t p = 0; p < periods; ++p) {
    const size_t end = period_ends.empty() ? begin + 1 : size_t(period_ends[p]);
    for (size_t i = begin; i < end; ++i) {
      const rk_game& g = data.games[i];
      pending[size_t(g.a)] += game_out[i].delta_a;
      pending[size_t(g.b)] += game_out[i].delta_b;
    }
    for (size_t i = begin; i < end; ++i) {
      const rk_game& g = data.games[i];
      const double ba = rating[size_t(g.a)], bb = rating[size_t(g.b)];
      fn(i, ba, bb, ba + pending[size_t(g.a)], bb + pending[size_t(g.b)]);
    }
    for (size_t i = begin; i < end; ++i) {
      const rk_game& g = data.games[i];
      for (int32_t q : {g.a, g.b}) {
        rating[size_t(q)] += pending[size_t(q)];
        pending[size_t(q)] = 0.0;
      }
    }
    begin = end;
  }
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

std::string run_result::period_label(size_t i) const {
  if (data.ranked()) return data.event_infos[i].name;
  char buf[16];
  const int32_t date = data.facts.date[i];
  switch (config.period) {
    case period_kind::event:
      return data.facts.period[i] >= 0 ? data.period_names[size_t(data.facts.period[i])] : "";
    case period_kind::day:
      std::snprintf(buf, sizeof buf, "%04d-%02d-%02d", date / 10000, date / 100 % 100, date % 100);
      return buf;
    case period_kind::month:
      std::snprintf(buf, sizeof buf, "%04d-%02d", date / 10000, date / 100 % 100);
      return buf;
    default:
      return std::to_string(i + 1);
  }
}

}  // namespace ratekit
