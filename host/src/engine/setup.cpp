#include "setup.hpp"

#include "period_clock.hpp"

#include <ratekit/host/text/diagnostics.hpp>

#include <algorithm>
#include <cmath>

namespace ratekit {

rk_state player_state::view() {
  pointers_.clear();
  for (auto& c : columns) pointers_.push_back(c.data());
  return rk_state{sizeof(rk_state), uint32_t(columns.size()), uint64_t(columns[0].size()), pointers_.data(),
                  last_period.data(), last_date.data(), birth_year.data()};
}

namespace engine_setup {

namespace {

// Peaks of players [from, end) from their ratings: an unrated player's
// placeholder rating is no peak.
void start_peaks(player_state& s, int rated, size_t from) {
  s.peak.resize(s.games.size());
  for (size_t i = from; i < s.peak.size(); ++i)
    s.peak[i] = rated >= 0 && s.columns[size_t(rated)][i] == 0 ? NAN : s.columns[0][i];
}

// When listed players were last rated, so that a model reading elapsed time
// goes on across runs: `last_played` (yyyymmdd, the last date of his last rated
// period) gives calendar periods their number; event and game periods need the
// `last_period` a history database keeps, else the player starts as never rated.
void start_last_rated(player_state& s, const competition_config& c, const ratings_list& list) {
  const int date_col = list.column("last_played"), period_col = list.column("last_period");
  for (size_t row = 0; row < list.ids.size(); ++row) {
    const size_t id = size_t(list.ids[row]);
    const double v = list.value(row, date_col);
    const int32_t date = std::isnan(v) ? 0 : int32_t(v);  // a date or 0, as the list's reader checked
    const double recorded = list.value(row, period_col);
    int64_t number = 0;
    if (is_calendar(c.period) ? !(date != 0 && calendar_number(c.period, date, number)) : std::isnan(recorded)) continue;
    if (!is_calendar(c.period)) number = int64_t(recorded);
    s.last_period[id] = number;
    s.last_date[id] = date;
  }
}

// Player i starts from the rating the input declares (NaN: none), credited with initial.games.
void declare(player_state& s, const competition_config& c, int rated, size_t i, double declared) {
  if (std::isnan(declared)) return;
  s.columns[0][i] = declared;
  s.games[i] = c.initial_games;
  if (rated >= 0) s.columns[size_t(rated)][i] = 1.0;
}

}  // namespace

void add_players(player_state& s, const competition_config& c, const model& m, size_t count,
                 std::span<const double> declared, std::span<const double> births) {
  const plugin& p = m.source();
  const rk_descriptor& desc = p.descriptor();
  if (s.columns.empty()) s.columns.resize(desc.state_count);
  const size_t from = s.games.size();
  if (count <= from) return;
  for (uint32_t f = 0; f < desc.state_count; ++f) s.columns[f].resize(count, m.new_player()[f]);
  if (std::isfinite(c.initial_rating)) std::fill(s.columns[0].begin() + long(from), s.columns[0].end(), c.initial_rating);
  for (const auto& [name, value] : c.initial_state) {  // initial.state: checked to be the model's fields
    auto& column = s.columns[size_t(p.state_field(name))];
    std::fill(column.begin() + long(from), column.end(), value);
  }
  s.games.resize(count, 0.0);
  s.last_period.resize(count, RK_NEVER_RATED);
  s.last_date.resize(count, 0);
  s.birth_year.resize(count, NAN);
  for (size_t i = std::max(from, count - std::min(count, births.size())); i < count; ++i)
    s.birth_year[i] = births[births.size() - (count - i)];
  const int rated = p.state_field("rated");
  for (size_t i = std::max(from, count - std::min(count, declared.size())); i < count; ++i)
    declare(s, c, rated, i, declared[declared.size() - (count - i)]);
  start_peaks(s, rated, from);
}

void add_players(run_result& r, const competition_config& c, size_t count, std::span<const double> declared,
                 std::span<const double> births) {
  add_players(r.state, c, *r.rater, count, declared, births);
  const size_t from = r.start_ratings.size();
  r.start_ratings.insert(r.start_ratings.end(), r.state.columns[0].begin() + long(from), r.state.columns[0].end());
  r.start_games.insert(r.start_games.end(), r.state.games.begin() + long(from), r.state.games.end());
  if (const int f = deviation_field(*r.source); f >= 0)
    r.start_spread.insert(r.start_spread.end(), r.state.columns[size_t(f)].begin() + long(from),
                          r.state.columns[size_t(f)].end());
}

player_state initial_state(const competition_config& c, const model& m, const player_table& players,
                           const ratings_list& list) {
  const plugin& p = m.source();
  const rk_descriptor& desc = p.descriptor();
  const size_t n = size_t(players.size());
  player_state s;
  add_players(s, c, m, n, {}, players.birth_year);
  const int rated = p.state_field("rated");
  for (size_t i = 0; i < n; ++i) declare(s, c, rated, i, players.declared_rating[i]);
  for (size_t row = 0; row < list.ids.size(); ++row) {
    const size_t id = size_t(list.ids[row]);
    for (uint32_t f = 0; f < desc.state_count; ++f) {
      const int col = list.column(desc.state[f].name);
      if (!std::isnan(list.value(row, col))) s.columns[f][id] = list.value(row, col);
    }
    if (c.initial_adjustment) s.columns[0][id] = c.initial_adjustment->apply(s.columns[0][id]);
    if (rated >= 0 && list.column("rated") < 0) s.columns[size_t(rated)][id] = 1.0;
    if (const double g = list.value(row, list.column("games")); !std::isnan(g)) s.games[id] = g;
  }
  start_last_rated(s, c, list);
  start_peaks(s, rated, 0);  // again: declared ratings and the list changed ratings and flags
  for (size_t row = 0; row < list.ids.size(); ++row)
    if (const double pk = list.value(row, list.column("peak")); !std::isnan(pk))
      s.peak[size_t(list.ids[row])] = std::fmax(s.peak[size_t(list.ids[row])], pk);
  return s;
}

int64_t first_period_number(const competition_config& c, const ratings_list& list) {
  const int col = list.column("last_period");
  int64_t next = 0;
  if (col < 0 || is_calendar(c.period)) return 0;
  for (size_t row = 0; row < list.ids.size(); ++row)
    if (const double v = list.value(row, col); !std::isnan(v)) next = std::max(next, int64_t(v) + 1);
  return next;
}

}  // namespace engine_setup
}  // namespace ratekit
