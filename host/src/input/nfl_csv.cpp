// nfl-csv: NFL results in the spreadspoke layout (season, week, playoff, gameday,
// home_id, away_id, home_score, away_score, neutral, ...), columns found by header name.
// A is the home team; a season change flags the first game of the new season.
#include <ratekit/host/text/escape.hpp>
#include "input/text.hpp"

#include <algorithm>
#include <array>
#include <cctype>

namespace ratekit {
namespace {

enum column {
  season, week, playoff, gameday, home_id, away_id, home_score, away_score, neutral,
  game_type, home_team, away_team, stadium
};

// The last four are read for tags or accepted for information only.
constexpr std::array<text::column_spec, 13> columns{{
    {"season", true},     {"week", true},       {"playoff", true},    {"gameday", true},
    {"home_id", true},    {"away_id", true},    {"home_score", true}, {"away_score", true},
    {"neutral", true},    {"game_type", false}, {"home_team", false}, {"away_team", false},
    {"stadium", false},
}};

// Playoff rounds named instead of numbered count on from the season's last regular week,
// as nflverse numbers them (2009: Wildcard 18 .. Superbowl 21; from 2021: 19 .. 22).
int round_offset(std::string_view w) {
  // Case and spaces do not matter: "Wildcard", "WildCard", "Super Bowl".
  auto is = [w](std::string_view word) {
    size_t k = 0;
    for (const char c : w) {
      if (c == ' ') continue;
      if (k == word.size() || std::tolower(static_cast<unsigned char>(c)) != word[k]) return false;
      ++k;
    }
    return k == word.size();
  };
  if (is("wildcard")) return 1;
  if (is("division") || is("divisional")) return 2;
  if (is("conference")) return 3;
  if (is("superbowl")) return 4;
  return 0;
}

// The week a season's first named round follows when no numbered week came before it.
constexpr int default_regular_weeks = 17;

}  // namespace

void read_nfl_csv(const std::filesystem::path& file, const reader_options& options, dataset& out) {
  text::csv_input in(file, options, columns, "a header line naming the columns");
  // References by name, not a structured binding: clang 14 (the fuzzers' compiler)
  // cannot capture a binding in a lambda.
  auto& src = in.src;
  auto& problems = in.problems;
  auto& table = in.table;
  problems.throw_if_any();

  const size_t first = out.game_count();
  out.reserve_games(table.estimated_rows());
  if (out.source.empty()) out.source = src.file();

  // The season of the dataset's last game, so a second file continues the count.
  int64_t current_season = INT64_MIN;
  if (out.last_period() >= 0) {
    const std::string& name = out.period_names[size_t(out.last_period())];
    if (!text::parse_integer(name, current_season)) current_season = INT64_MIN;
  }
  int regular_weeks = 0;  // highest numbered week of the current season
  int32_t previous_day = 0;

  while (table.next_row()) {
    bool ok = true;
    auto field = [&](column c) { return table.field(c); };
    auto bad = [&](column c, const std::string& expected) {
      table.bad(c, expected);
      ok = false;
    };

    int64_t year = 0;
    if (!text::parse_integer(field(season), year) || year < 1900 || year > 9999)
      bad(season, "as a season year");
    else if (current_season != INT64_MIN && year < current_season)
      bad(season, "in chronological order (not before " + std::to_string(current_season) + ")");
    const bool new_season = ok && year != current_season;

    int32_t day = 0;
    if (!text::parse_date(field(gameday), day)) bad(gameday, "as a valid date YYYY-MM-DD");
    else if (day < previous_day) bad(gameday, "in chronological order (not before the previous game)");

    bool is_playoff = false, is_neutral = false;
    if (!text::parse_flag(field(playoff), is_playoff)) bad(playoff, "as 0, 1, true or false");
    if (!text::parse_flag(field(neutral), is_neutral)) bad(neutral, "as 0, 1, true or false");

    int64_t week_number = 0;
    const int base = new_season ? 0 : regular_weeks;
    if (const int round = round_offset(field(week)); round > 0) {
      week_number = (base > 0 ? base : default_regular_weeks) + round;
      if (!is_playoff) bad(week, "numbered in a regular-season game (playoff is 0)");
    } else if (!text::parse_integer(field(week), week_number) || week_number < 1 || week_number > 99) {
      bad(week, "as a week number or a playoff round (Wildcard, Division, Conference, Superbowl)");
    }

    if (field(home_id).empty() || has_control(field(home_id))) bad(home_id, "as a team id without control characters");
    if (field(away_id).empty() || has_control(field(away_id))) bad(away_id, "as a team id without control characters");
    if (!field(home_id).empty() && field(home_id) == field(away_id)) bad(away_id, "as a team other than home_id");
    int64_t points_home = 0, points_away = 0;
    if (!text::parse_integer(field(home_score), points_home) || points_home < 0)
      bad(home_score, "as a whole number of points >= 0");
    if (!text::parse_integer(field(away_score), points_away) || points_away < 0)
      bad(away_score, "as a whole number of points >= 0");
    if (!ok) continue;

    if (new_season) {
      out.period_names.emplace_back(field(season));
      out.season = field(season);
      current_season = year;
      regular_weeks = 0;
    }
    if (!is_playoff) regular_weeks = std::max(regular_weeks, int(week_number));
    previous_day = day;

    const double score = points_home > points_away ? 1.0 : points_home < points_away ? 0.0 : 0.5;
    rk_game g = make_game(out.players.intern(field(home_id)), out.players.intern(field(away_id)), score);
    g.points_a = double(points_home);
    g.points_b = double(points_away);
    if (is_neutral) g.flags |= RK_GAME_NEUTRAL;
    if (is_playoff) g.flags |= RK_GAME_PLAYOFF;
    if (new_season && out.period_names.size() > 1) g.flags |= RK_GAME_SEASON_START;
    const uint16_t tag_index = table.has(game_type) ? out.facts.intern_tag(field(game_type)) : 0;
    out.add_game(g, {day, int32_t(out.period_names.size()) - 1, int16_t(week_number), int8_t(is_neutral ? 0 : 1),
                     tag_index, table.current().number});
  }
  if (problems.empty() && out.game_count() == first)
    problems.add(0, 0, "no games: expected at least one row after the header");
  problems.throw_if_any();
}

}  // namespace ratekit
