#include "setup.hpp"

#include <ratekit/host/diagnostics.hpp>
#include <ratekit/host/readers.hpp>

#include <algorithm>
#include <cmath>

namespace ratekit {

rk_state player_state::view() {
  pointers_.clear();
  for (auto& c : columns) pointers_.push_back(c.data());
  return rk_state{sizeof(rk_state), uint32_t(columns.size()), uint64_t(columns[0].size()), pointers_.data()};
}

namespace engine_setup {

dataset read_input(const competition_config& c, player_table players) {
  dataset d;
  d.players = std::move(players);
  const reader_entry* reader = find_reader(c.input_format);
  if (!reader) throw user_error(c.file.string(), 0, 0, "unknown input format '" + c.input_format + "'");
  for (const auto& path : c.input_paths) {
    if (d.source.empty()) d.source = path.string();
    reader->read(path, c.input_options, d);
  }
  return d;
}

player_state initial_state(const competition_config& c, const plugin& p, const dataset& d, const ratings_list& list) {
  const rk_descriptor& desc = p.descriptor();
  const size_t n = size_t(d.players.size());
  player_state s;
  for (uint32_t f = 0; f < desc.state_count; ++f) s.columns.emplace_back(n, desc.state[f].initial);
  if (std::isfinite(c.initial_rating)) std::fill(s.columns[0].begin(), s.columns[0].end(), c.initial_rating);
  s.games.assign(n, 0.0);
  const int rated = p.state_field("rated");
  for (size_t i = 0; i < n; ++i) {
    const double declared = d.players.declared_rating[i];
    if (std::isnan(declared)) continue;
    s.columns[0][i] = declared;
    s.games[i] = c.initial_games;
    if (rated >= 0) s.columns[size_t(rated)][i] = 1.0;
  }
  for (size_t row = 0; row < list.ids.size(); ++row) {
    const size_t id = size_t(list.ids[row]);
    for (uint32_t f = 0; f < desc.state_count; ++f) {
      const int col = list.column(desc.state[f].name);
      if (col >= 0 && !std::isnan(list.values[row][size_t(col)])) s.columns[f][id] = list.values[row][size_t(col)];
    }
    if (rated >= 0 && list.column("rated") < 0) s.columns[size_t(rated)][id] = 1.0;
    if (const int g = list.column("games"); g >= 0 && !std::isnan(list.values[row][size_t(g)]))
      s.games[id] = list.values[row][size_t(g)];
  }
  // An unrated player's placeholder rating is no peak.
  s.peak = s.columns[0];
  if (rated >= 0)
    for (size_t i = 0; i < n; ++i)
      if (s.columns[size_t(rated)][i] == 0) s.peak[i] = NAN;
  for (size_t row = 0; row < list.ids.size(); ++row)
    if (const int pk = list.column("peak"); pk >= 0 && !std::isnan(list.values[row][size_t(pk)]))
      s.peak[size_t(list.ids[row])] = std::fmax(s.peak[size_t(list.ids[row])], list.values[row][size_t(pk)]);
  return s;
}

std::string where(const dataset& d, size_t game) {
  return d.source + ":" + std::to_string(d.facts.line[game]);
}

std::vector<uint64_t> game_periods(const competition_config& c, const dataset& d) {
  std::vector<uint64_t> ends;
  const size_t n = d.games.size();
  if (c.period == period_kind::game) return ends;
  std::vector<diagnostic> problems;
  auto key = [&](size_t i) -> int64_t {
    switch (c.period) {
      case period_kind::event: return d.facts.period[i];
      case period_kind::day: return d.facts.date[i];
      case period_kind::month: return d.facts.date[i] / 100;
      default: return int64_t(i);
    }
  };
  const bool by_date = c.period == period_kind::day || c.period == period_kind::month;
  for (size_t i = 0; i < n; ++i) {
    if (by_date && d.facts.date[i] == 0 && problems.size() < 20)
      problems.push_back({d.source, d.facts.line[i], 0, "a date is needed to group games by " +
                                                          std::string(c.period == period_kind::day ? "day" : "month")});
    if (i > 0 && by_date && d.facts.date[i] < d.facts.date[i - 1] && problems.size() < 20)
      problems.push_back({d.source, d.facts.line[i], 0, "dates out of order: this game is dated before the one on line " +
                                                          std::to_string(d.facts.line[i - 1])});
    if (i > 0 && key(i) != key(i - 1)) ends.push_back(i);
  }
  if (!problems.empty()) throw user_error(std::move(problems));
  ends.push_back(n);
  return ends;
}

}  // namespace engine_setup
}  // namespace ratekit
