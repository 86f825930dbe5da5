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

// Adds the row's game to `out` when it is sound; reports its problems otherwise.
template <class Row>
void add_game_row(Row& row, const reader_options& options, name_cache& ids, dataset& out) {
  bool ok = true;
  auto has = [&](game_field c) { return row.has(c); };
  auto field = [&](game_field c) { return row.field(c); };
  auto bad = [&](game_field c, const char* expected) {
    row.bad(c, expected);
    ok = false;
  };

  int32_t when = 0;
  if (!day(row, date, options.dates, when)) bad(date, expected_date(options.dates, field(date)).c_str());
  if (field(player_a).empty()) bad(player_a, "as a player name");
  if (field(player_b).empty()) bad(player_b, "as a player name");
  if (!field(player_a).empty() && same_text(field(player_a), field(player_b)))
    bad(player_b, "as a different player than player_a");
  // A result that is none (an unfinished game's `*`) is counted when the config names it, else refused.
  if (has(score_a) && !out.skipped_results.empty() && count_skipped(field(score_a), out.skipped_results)) return;
  double s = 0;
  if (has(score_a) && !score(row, s)) bad(score_a, "as a number from 0 to 1");
  double seed_a = nan_value, seed_b = nan_value;
  if (has(rating_a) && !rating(row, rating_a, seed_a)) bad(rating_a, "as a rating (a number), ? or empty");
  if (has(rating_b) && !rating(row, rating_b, seed_b)) bad(rating_b, "as a rating (a number), ? or empty");

  double pa = nan_value, pb = nan_value;
  if (has(points_a)) {
    if (!empty(row, points_a) && (!number(row, points_a, pa) || pa < 0)) bad(points_a, "as a number >= 0 or empty");
    if (!empty(row, points_b) && (!number(row, points_b, pb) || pb < 0)) bad(points_b, "as a number >= 0 or empty");
    if (ok && empty(row, points_a) != empty(row, points_b))
      empty(row, points_a) ? bad(points_a, "as a number, since points_b is given")
                           : bad(points_b, "as a number, since points_a is given");
    if (!has(score_a) && empty(row, points_a)) bad(points_a, "as a number (the file has no score_a)");
    if (!has(score_a)) s = pa > pb ? 1.0 : pa < pb ? 0.0 : 0.5;
  }

  int8_t home_side = options.home_side;
  if (has(home)) {
    const auto h = field(home);
    if (h == "a" || h == "A")
      home_side = 1;
    else if (h == "b" || h == "B")
      home_side = -1;
    else if (!h.empty())
      bad(home, "as a, b or empty");
  }
  uint32_t flags = 0;
  bool flag = false;
  if (has(neutral) && !field(neutral).empty()) {
    if (!parse_flag(field(neutral), flag)) bad(neutral, "as 0, 1, true or false");
    if (flag) {
      flags |= RK_GAME_NEUTRAL;
      if (has(home) && !field(home).empty()) bad(home, "empty in a neutral game");
      home_side = 0;
    }
  }
  if (has(playoff) && !field(playoff).empty()) {
    if (!parse_flag(field(playoff), flag)) bad(playoff, "as 0, 1, true or false");
    if (flag) flags |= RK_GAME_PLAYOFF;
  }
  flags |= shootout_flag(row, s, bad);
  int64_t week_number = 0;
  if (has(week) && !field(week).empty() &&
      (!parse_integer(field(week), week_number) || week_number < 0 || week_number > INT16_MAX))
    bad(week, "as a whole number from 0 to 32767");
  double stones = 0;
  if (has(handicap) && !empty(row, handicap) && !number(row, handicap, stones)) bad(handicap, "as a number of stones");
  if (has(period) && field(period).empty()) bad(period, "as a period label");
  if (has(season) && field(season).empty()) bad(season, "as a season label");
  if (!ok) return;

  const int32_t known = out.players.size();
  const int32_t a = ids.intern(field(player_a));  // A before B: ids follow the input
  const int32_t b = ids.intern(field(player_b));
  if (a < 0) bad(player_a, "as a player name without control characters");
  if (b < 0) bad(player_b, "as a player name without control characters");
  if (!ok) return;
  // The rating given with a player's first game seeds him, as a TRF's rating column does; later ones
  // are his rating elsewhere as the game went on, not where he started.
  if (a >= known) out.players.declared_rating[size_t(a)] = seed_a;
  if (b >= known) out.players.declared_rating[size_t(b)] = seed_b;
  rk_game g = make_game(a, b, s);
  g.points_a = pa;
  g.points_b = pb;
  g.handicap = stones;
  if (has(season) && field(season) != out.season) {
    // A change of label starts a season; the dataset's first one has no season before it.
    if (!out.season.empty()) flags |= RK_GAME_SEASON_START;
    out.season = field(season);
  }
  g.flags = flags;
  int32_t period_index = -1;
  if (has(period)) {
    // Consecutive rows with one label form one period.
    auto& names = out.period_names;
    const bool same = !names.empty() && out.last_period() == int32_t(names.size()) - 1 && names.back() == field(period);
    if (!same && has_control(field(period))) {  // it names the period in every output
      row.bad(period, "as a period label without control characters");
      return;
    }
    if (!same) names.emplace_back(field(period));
    period_index = int32_t(names.size()) - 1;
  }
  const uint16_t tag_index = has(tag) ? out.facts.intern_tag(field(tag)) : 0;
  if (out.keep_seeds) out.seeds.insert(out.seeds.end(), {seed_a, seed_b});
  out.add_game(g, {when, period_index, int16_t(week_number), home_side, tag_index, row.line()});
}

}  // namespace ratekit::text
