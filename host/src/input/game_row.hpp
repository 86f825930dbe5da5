// One pairwise game of games-csv's columns, checked and added to a dataset: the
// rules games_csv.cpp applies to a file's line, shared with the rows a program
// hands over as columns (game_columns.cpp). A Row gives has(c), field(c) (the
// text), bad(c, expected) and line(); number(row, c, x) and day(row, c, us, d)
// read a value, from the text unless the Row overloads them with typed columns.
#pragma once

#include <ratekit/host/input/readers.hpp>
#include <ratekit/host/text/escape.hpp>

#include "input/name_cache.hpp"
#include "input/text.hpp"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace ratekit::text {

enum game_field {
  date, player_a, player_b, score_a, period, points_a, points_b, home, neutral, week, playoff, tag, handicap, season,
  rating_a, rating_b, shootout
};

// The fields read with number() below (a score, points, stones, declared ratings): a program's column of
// numbers is handed over as numbers for these (games_csv_number_columns), as text for the others.
inline constexpr game_field number_fields[] = {score_a, points_a, points_b, handicap, rating_a, rating_b};

template <class Row>
bool number(const Row& row, game_field c, double& x) {
  return parse_number(row.field(c), x);
}
template <class Row>
bool empty(const Row& row, game_field c) {
  return row.field(c).empty();
}
template <class Row>
bool day(const Row& row, game_field c, date_layout layout, int32_t& out) {
  return parse_date_as(layout, row.field(c), out);
}

// A's score as a number from 0 to 1, or a result as chess writes it.
template <class Row>
bool score(const Row& row, double& out) {
  if (number(row, score_a, out)) return out >= 0 && out <= 1;
  const std::string_view s = row.field(score_a);
  if (s == "1-0") return out = 1.0, true;
  if (s == "0-1") return out = 0.0, true;
  if (s == "1/2-1/2" || s == "\u00BD-\u00BD") return out = 0.5, true;
  return false;
}

// A rating the input gives a player (empty or PGN's `?`: none); false when it is no number.
template <class Row>
bool rating(const Row& row, game_field c, double& out) {
  out = nan_value;
  return empty(row, c) || row.field(c) == "?" || number(row, c, out);
}

// The rows of skipped result `s` counted; false when `skipped` does not name it.
inline bool count_skipped(std::string_view s, std::vector<std::pair<std::string, size_t>>& skipped) {
  for (auto& [result, rows] : skipped)
    if (result == s) return ++rows, true;
  return false;
}

// A table of games needs score_a, or points_a and points_b together: the
// problem with its columns (`mapped`: named by input.columns), or "".
inline std::string score_columns_problem(bool score, bool pa, bool pb, bool mapped, std::string_view header) {
  if (pa != pb) return "expected points_a and points_b together, got only one of them";
  if (score || pa) return "";
  return mapped ? "expected input.columns to map score_a (or points_a and points_b)"
                : "expected a column named 'score_a' (or points_a and points_b), got header " + quote(header);
}

// The flag of a drawn game's penalty shoot-out won by a or b; 0 when the cell is empty.
template <class Row, class Bad>
uint32_t shootout_flag(const Row& row, double score_a, Bad&& bad) {
  if (!row.has(shootout) || row.field(shootout).empty()) return 0;
  const auto winner = row.field(shootout);
  const bool a = winner == "a" || winner == "A";
  if (!a && winner != "b" && winner != "B") {
    bad(shootout, "as a, b or empty");
  } else if (score_a != 0.5) {
    bad(shootout, "empty, since a shoot-out decides a drawn game (score_a 0.5)");
  } else {
    return a ? RK_GAME_SHOOTOUT_A : RK_GAME_SHOOTOUT_B;
  }
  return 0;
}

// One row's values, read and checked before any is added.
struct game_values {
  int32_t when = 0;
  double score = 0, seed_a = nan_value, seed_b = nan_value, points_a = nan_value, points_b = nan_value, stones = 0;
  int8_t home_side = 0;
  uint32_t flags = 0;
  int64_t week_number = 0;
};

// A row being checked: bad() reports a problem with a field and marks the row unsound.
template <class Row>
struct row_check {
  Row& row;
  bool ok = true;
  bool has(game_field c) const { return row.has(c); }
  decltype(auto) field(game_field c) const { return row.field(c); }
  void bad(game_field c, const char* expected) {
    row.bad(c, expected);
    ok = false;
  }
};

// points_a and points_b, both or neither; A's score from them when there is no score_a.
template <class Row>
void read_points(row_check<Row>& check, game_values& v) {
  const Row& row = check.row;
  if (!check.has(points_a)) return;
  if (!empty(row, points_a) && (!number(row, points_a, v.points_a) || v.points_a < 0))
    check.bad(points_a, "as a number >= 0 or empty");
  if (!empty(row, points_b) && (!number(row, points_b, v.points_b) || v.points_b < 0))
    check.bad(points_b, "as a number >= 0 or empty");
  if (check.ok && empty(row, points_a) != empty(row, points_b))
    empty(row, points_a) ? check.bad(points_a, "as a number, since points_b is given")
                         : check.bad(points_b, "as a number, since points_a is given");
  if (!check.has(score_a) && empty(row, points_a)) check.bad(points_a, "as a number (the file has no score_a)");
  if (!check.has(score_a)) v.score = v.points_a > v.points_b ? 1.0 : v.points_a < v.points_b ? 0.0 : 0.5;
}

// The home side, the neutral and playoff flags, a shoot-out, the week, the handicap and the labels.
template <class Row>
void read_circumstances(row_check<Row>& check, const reader_options& options, game_values& v) {
  v.home_side = options.home_side;
  if (check.has(home)) {
    const auto h = check.field(home);
    if (h == "a" || h == "A")
      v.home_side = 1;
    else if (h == "b" || h == "B")
      v.home_side = -1;
    else if (!h.empty())
      check.bad(home, "as a, b or empty");
  }
  bool flag = false;
  if (check.has(neutral) && !check.field(neutral).empty()) {
    if (!parse_flag(check.field(neutral), flag)) check.bad(neutral, "as 0, 1, true or false");
    if (flag) {
      v.flags |= RK_GAME_NEUTRAL;
      if (check.has(home) && !check.field(home).empty()) check.bad(home, "empty in a neutral game");
      v.home_side = 0;
    }
  }
  if (check.has(playoff) && !check.field(playoff).empty()) {
    if (!parse_flag(check.field(playoff), flag)) check.bad(playoff, "as 0, 1, true or false");
    if (flag) v.flags |= RK_GAME_PLAYOFF;
  }
  v.flags |= shootout_flag(check.row, v.score, [&](game_field c, const char* expected) { check.bad(c, expected); });
  if (check.has(week) && !check.field(week).empty() &&
      (!parse_integer(check.field(week), v.week_number) || v.week_number < 0 || v.week_number > INT16_MAX))
    check.bad(week, "as a whole number from 0 to 32767");
  if (check.has(handicap) && !empty(check.row, handicap) && !number(check.row, handicap, v.stones))
    check.bad(handicap, "as a number of stones");
  if (check.has(period) && check.field(period).empty()) check.bad(period, "as a period label");
  if (check.has(season) && check.field(season).empty()) check.bad(season, "as a season label");
}

// The sound row's game added, its players interned (A before B: ids follow the input).
template <class Row>
void add_game_values(row_check<Row>& check, game_values& v, name_cache& ids, dataset& out) {
  const int32_t known = out.players.size();
  const int32_t a = ids.intern(check.field(player_a));
  const int32_t b = ids.intern(check.field(player_b));
  if (a < 0) check.bad(player_a, "as a player name without control characters");
  if (b < 0) check.bad(player_b, "as a player name without control characters");
  if (!check.ok) return;
  // The rating given with a player's first game seeds him, as a TRF's rating column does; later ones
  // are his rating elsewhere as the game went on, not where he started.
  if (a >= known) out.players.declared_rating[size_t(a)] = v.seed_a;
  if (b >= known) out.players.declared_rating[size_t(b)] = v.seed_b;
  rk_game g = make_game(a, b, v.score);
  g.points_a = v.points_a;
  g.points_b = v.points_b;
  g.handicap = v.stones;
  if (check.has(season) && check.field(season) != out.season) {
    // A change of label starts a season; the dataset's first one has no season before it.
    if (!out.season.empty()) v.flags |= RK_GAME_SEASON_START;
    out.season = check.field(season);
  }
  g.flags = v.flags;
  int32_t period_index = -1;
  if (check.has(period)) {
    // Consecutive rows with one label form one period.
    auto& names = out.period_names;
    const bool same = !names.empty() && out.last_period() == int32_t(names.size()) - 1 && names.back() == check.field(period);
    if (!same && has_control(check.field(period))) {  // it names the period in every output
      check.row.bad(period, "as a period label without control characters");
      return;
    }
    if (!same) names.emplace_back(check.field(period));
    period_index = int32_t(names.size()) - 1;
  }
  const uint16_t tag_index = check.has(tag) ? out.facts.intern_tag(check.field(tag)) : 0;
  if (out.keep_seeds) out.seeds.insert(out.seeds.end(), {v.seed_a, v.seed_b});
  out.add_game(g, {v.when, period_index, int16_t(v.week_number), v.home_side, tag_index, check.row.line()});
}

// Adds the row's game to `out` when it is sound; reports its problems otherwise.
template <class Row>
void add_game_row(Row& row, const reader_options& options, name_cache& ids, dataset& out) {
  row_check<Row> check{row};
  game_values v;
  if (!day(row, date, options.dates, v.when)) check.bad(date, expected_date(options.dates, row.field(date)).c_str());
  if (row.field(player_a).empty()) check.bad(player_a, "as a player name");
  if (row.field(player_b).empty()) check.bad(player_b, "as a player name");
  if (!row.field(player_a).empty() && same_text(row.field(player_a), row.field(player_b)))
    check.bad(player_b, "as a different player than player_a");
  // A result that is none (an unfinished game's `*`) is counted when the config names it, else refused.
  if (row.has(score_a) && !out.skipped_results.empty() && count_skipped(row.field(score_a), out.skipped_results)) return;
  if (row.has(score_a) && !score(row, v.score)) check.bad(score_a, "as a number from 0 to 1");
  if (row.has(rating_a) && !rating(row, rating_a, v.seed_a)) check.bad(rating_a, "as a rating (a number), ? or empty");
  if (row.has(rating_b) && !rating(row, rating_b, v.seed_b)) check.bad(rating_b, "as a rating (a number), ? or empty");
  read_points(check, v);
  read_circumstances(check, options, v);
  if (check.ok) add_game_values(check, v, ids, out);
}

}  // namespace ratekit::text
