// Replaying a run's per-game and per-entry changes, for history, reports and peaks.
#include <ratekit/host/engine.hpp>

#include <cstdio>

namespace ratekit {

game_replay::game_replay(const dataset& d, const std::vector<uint64_t>& period_ends, std::vector<double> start)
    : d_(d), period_ends_(period_ends), rating_(std::move(start)), pending_(rating_.size(), 0.0) {}

void game_replay::run(size_t begin, size_t end, const rk_game_out* out, const visitor& fn) {
  while (begin < end) {
    const size_t stop = period_ends_.empty() ? begin + 1 : size_t(period_ends_[period_++]);
    for (size_t i = begin; i < stop; ++i) {
      const rk_game& g = d_.games[i];
      pending_[size_t(g.a)] += out[i - begin].delta_a;
      pending_[size_t(g.b)] += out[i - begin].delta_b;
    }
    for (size_t i = begin; i < stop; ++i) {
      const rk_game& g = d_.games[i];
      const double ba = rating_[size_t(g.a)], bb = rating_[size_t(g.b)];
      fn(i, ba, bb, ba + pending_[size_t(g.a)], bb + pending_[size_t(g.b)]);
    }
    for (size_t i = begin; i < stop; ++i) {
      const rk_game& g = d_.games[i];
      for (int32_t q : {g.a, g.b}) {
        rating_[size_t(q)] += pending_[size_t(q)];
        pending_[size_t(q)] = 0.0;
      }
    }
    out += stop - begin;
    begin = stop;
  }
}

void run_result::replay_games(const game_replay::visitor& fn) const {
  game_replay(data, period_ends, start_ratings).run(0, data.games.size(), game_out.data(), fn);
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
