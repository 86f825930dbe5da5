// history.csv's header and rows, shared by the file built from a finished run
// and the one written while the games are rated (history_writer).
#pragma once

#include <ratekit/abi.h>
#include <ratekit/host/config/config.hpp>
#include <ratekit/host/engine/engine.hpp>
#include <ratekit/host/output/files/outputs.hpp>
#include <ratekit/host/text/format.hpp>

#include "plugin/names_check.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

namespace ratekit {

inline constexpr size_t history_fixed_count = std::size(history_fixed_columns);
// The `adjustment` column's place in a layout (RK_CAP_ADJUSTMENTS).
inline constexpr size_t history_adjustment_column = SIZE_MAX;

// The columns a run writes, as indexes into history_column_names(): all of
// them, or those the config's `output.history` lists, in the file's order.
inline std::vector<size_t> history_layout(const rk_descriptor& d, const std::vector<std::string>& chosen) {
  const std::vector<std::string> names = history_column_names(d);
  std::vector<size_t> out;
  for (size_t c = 0; c < names.size(); ++c)
    if (chosen.empty() || std::find(chosen.begin(), chosen.end(), names[c]) != chosen.end())
      out.push_back(names[c] == "adjustment" ? history_adjustment_column : c);
  return out;
}

inline std::string history_header(const rk_descriptor& d, const std::vector<size_t>& layout) {
  const std::vector<std::string> names = history_column_names(d);
  std::string out;
  for (const size_t c : layout) (out.empty() ? out : out += ',') += c == history_adjustment_column ? "adjustment" : names[c];
  return out += '\n';
}

// A CSV row put together in a buffer of the caller's and appended at once
// (history.csv's 11 appends a row were a fifth of its formatting).
class buffered_row {
 public:
  explicit buffered_row(char* at) : at_(at) {}
  buffered_row& text(std::string_view s) {
    separate();
    at_ = write_csv_field(at_, s);
    return *this;
  }
  buffered_row& number(double v) {
    separate();
    at_ = write_number(at_, v);
    return *this;
  }
  char* end() { return at_; }

 private:
  void separate() {
    if (!first_) *at_++ = ',';
    first_ = false;
  }
  char* at_;
  bool first_ = true;
};

// The cells of one player's row of one game (or ranked entry), the layout's
// columns only (a lean file formats no number it leaves out); `state` holds
// the shown fields (none on an adjustment's row, whose reason is `adjustment`).
// The player and opponent are texts, or what else the row takes for a name (history_table: an id).
template <class Row, class Name, class Opponent>
void history_cells(Row& row, const std::vector<size_t>& layout, std::string_view period, std::string_view date,
                   const Name& player, const Opponent& opponent, double expected, double score, double k,
                   double change, double before, double after, const double* state, std::string_view adjustment) {
  for (const size_t c : layout) switch (c) {
      case 0: row.text(period); break;
      case 1: row.text(date); break;
      case 2: row.text(player); break;
      case 3: row.text(opponent); break;
      case 4: row.number(expected); break;
      case 5: row.number(score); break;
      case 6: row.number(k); break;
      case 7: row.number(change); break;
      case 8: row.number(before); break;
      case 9: row.number(after); break;
      case history_adjustment_column: row.text(adjustment); break;
      default: row.number(state ? state[c - history_fixed_count] : NAN);
    }
}

// One player's row of one game (or ranked entry).
inline void history_row(std::string& out, const std::vector<size_t>& layout, std::string_view period,
                        std::string_view date, std::string_view player, std::string_view opponent, double expected,
                        double score, double k, double change, double before, double after, const double* state,
                        std::string_view adjustment = {}) {
  char buffer[8192];
  const size_t texts = 2 * (period.size() + date.size() + player.size() + opponent.size() + adjustment.size()) + 10;
  if (texts + layout.size() * (max_number_chars + 1) + 1 > sizeof buffer) {  // long names: cell by cell
    csv_row row(out);
    history_cells(row, layout, period, date, player, opponent, expected, score, k, change, before, after, state,
                  adjustment);
    return;
  }
  buffered_row row(buffer);
  history_cells(row, layout, period, date, player, opponent, expected, score, k, change, before, after, state,
                adjustment);
  char* end = row.end();
  *end++ = '\n';
  out.append(buffer, end);
}

// The row of a rating adjustment (ABI 1.4), after the games of its period: no opponent, expectation, score, K or
// state; the reason in the `adjustment` column. `out` is history.csv's text, or anything history_row writes into,
// with the player's name as `out` takes it (an empty Name: no opponent).
template <class Out, class Name>
void history_adjustment_row(Out& out, const std::vector<size_t>& layout, std::string_view period,
                            std::string_view date, const Name& player, const rated_adjustment& a) {
  history_row(out, layout, period, date, player, Name{}, NAN, NAN, NAN, a.delta, a.before, a.after, nullptr,
              *a.reason);
}

// What the rows of a window of games need besides the window: the run's players' and periods' names so far.
struct history_names {
  period_kind kind;
  const std::vector<std::string>& players;
  const std::vector<std::string>& periods;
};

// The rows of games [begin, end) of a window: labels and dates change only at period boundaries, so each is
// formatted once per run of equal values; each adjustment after its period's last game. `name_of(player)` gives
// a player's name as `out` takes it: his text in `names`, or his id (history_table, which resolves names once).
template <class Out, class NameOf>
void history_game_rows(Out& out, const std::vector<size_t>& layout, const rated_games& g, size_t begin, size_t end,
                       const history_names& names, NameOf&& name_of) {
  constexpr size_t prefetch_distance = 8;  // games ahead whose names are fetched
  const size_t shown = g.shown;
  std::string period, date;
  int32_t label_date = -1, label_period = -2, date_of = -1;
  auto ends_at = [&](size_t k) { return period_end_of(g.adjustments[k].game, g.ends, g.period_count); };
  size_t k = 0;
  while (k < g.adjustment_count && ends_at(k) <= begin) ++k;
  for (size_t i = begin; i < end; ++i) {
    const rk_game& game = g.games[i];
    const rk_game_out& o = g.out[i];
    if (i + prefetch_distance < end) {  // the names are read at random: a cache miss each, fetched ahead
      const rk_game& ahead = g.games[i + prefetch_distance];
      __builtin_prefetch(&names.players[size_t(ahead.a)]);
      __builtin_prefetch(&names.players[size_t(ahead.b)]);
    }
    if (names.kind == period_kind::game || g.dates[i] != label_date || g.periods[i] != label_period) {
      period = period_label(names.kind, g.dates[i], g.periods[i], names.periods, g.first + i);
      label_date = g.dates[i], label_period = g.periods[i];
    }
    if (g.dates[i] != date_of) {
      date = g.dates[i] > 0 ? iso_date(g.dates[i]) : std::string();
      date_of = g.dates[i];
    }
    const auto& a = name_of(game.a);
    const auto& b = name_of(game.b);
    const double* state = shown ? g.state + 2 * i * shown : nullptr;
    history_row(out, layout, period, date, a, b, o.expected_a, game.score_a, game.k_a, o.delta_a, g.before_a[i],
                g.after_a[i], state);
    history_row(out, layout, period, date, b, a, o.expected_b, 1 - game.score_a, game.k_b, o.delta_b, g.before_b[i],
                g.after_b[i], shown ? state + shown : nullptr);
    for (; k < g.adjustment_count && ends_at(k) == i + 1; ++k)
      history_adjustment_row(out, layout, period, date, name_of(g.adjustments[k].player), g.adjustments[k]);
  }
}

// The same, each player named by his text in `names`.
template <class Out>
void history_game_rows(Out& out, const std::vector<size_t>& layout, const rated_games& g, size_t begin, size_t end,
                       const history_names& names) {
  history_game_rows(out, layout, g, begin, end, names,
                    [&](int32_t p) -> const std::string& { return names.players[size_t(p)]; });
}

// The rows of one ranked event: one per entry the model rated; its name is the
// period, and the opponent (a team match: the player's team, with his state
// before the match after the state after it). `name_of(player)` gives a player's name.
template <class Out, class NameOf>
void history_event_rows(Out& out, const std::vector<size_t>& layout, const rated_event& e, std::string_view date,
                        NameOf&& name_of) {
  double states[2 * max_state_fields];  // the entry's shown fields after the event, then before it
  for (size_t i = 0; i < e.count; ++i) {
    const rk_entry_out& o = e.out[i];
    if (o.flags & RK_ENTRY_SKIPPED) continue;
    const std::string_view player = name_of(e.entries[i].player);
    std::string_view opponent = e.info->name;
    if (e.teams) opponent = e.info->teams.empty() ? player : std::string_view(e.info->teams[e.entries[i].team]);
    std::copy_n(e.state + i * e.shown, e.shown, states);
    std::copy_n(e.shown_before + i * e.shown, e.shown, states + e.shown);
    history_row(out, layout, e.info->name, date, player, opponent, o.expected, e.entries[i].rank, o.weight, o.delta,
                e.before[i], e.after[i], states);
  }
}

}  // namespace ratekit
