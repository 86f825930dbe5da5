// nfl-csv: NFL results in the spreadspoke layout (season, week, playoff, gameday,
// home_id, away_id, home_score, away_score, neutral, ...), columns found by header name.
// A is the home team; a season change flags the first game of the new season.
#include <ratekit/host/text/escape.hpp>
#include "input/text.hpp"

#include <algorithm>
#include <array>
#include <cctype>

namespace ratekit {
// Named for the file: its column names are bare enumerators, apart from other files' in a unity batch.
namespace nfl_csv {
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

// One row's values, read and checked.
struct nfl_row {
  int64_t year = 0, week_number = 0, points_home = 0, points_away = 0;
  int32_t day = 0;
  bool new_season = false, is_playoff = false, is_neutral = false;
};

// The rows, one at a time, into games; seasons as periods.
class nfl_reader {
 public:
  nfl_reader(text::csv_table& table, dataset& out) : table_(table), out_(out) {
    // The season of the dataset's last game, so a second file continues the count.
    if (out.last_period() >= 0) {
      const std::string& name = out.period_names[size_t(out.last_period())];
      if (!text::parse_integer(name, current_season_)) current_season_ = INT64_MIN;
    }
  }

  void read() {
    while (table_.next_row()) {
      nfl_row r;
      ok_ = true;
      read_row(r);
      if (ok_) add_game(r);
    }
  }

 private:
  std::string_view field(column c) const { return table_.field(c); }
  void bad(column c, const std::string& expected) {
    table_.bad(c, expected);
    ok_ = false;
  }

  void read_row(nfl_row& r) {
    if (!text::parse_integer(field(season), r.year) || r.year < 1900 || r.year > 9999)
      bad(season, "as a season year");
    else if (current_season_ != INT64_MIN && r.year < current_season_)
      bad(season, "in chronological order (not before " + std::to_string(current_season_) + ")");
    r.new_season = ok_ && r.year != current_season_;
    if (!text::parse_date(field(gameday), r.day)) bad(gameday, "as a valid date YYYY-MM-DD");
    else if (r.day < previous_day_) bad(gameday, "in chronological order (not before the previous game)");
    if (!text::parse_flag(field(playoff), r.is_playoff)) bad(playoff, "as 0, 1, true or false");
    if (!text::parse_flag(field(neutral), r.is_neutral)) bad(neutral, "as 0, 1, true or false");
    read_week(r);
    if (field(home_id).empty() || has_control(field(home_id))) bad(home_id, "as a team id without control characters");
    if (field(away_id).empty() || has_control(field(away_id))) bad(away_id, "as a team id without control characters");
    if (!field(home_id).empty() && field(home_id) == field(away_id)) bad(away_id, "as a team other than home_id");
    if (!text::parse_integer(field(home_score), r.points_home) || r.points_home < 0)
      bad(home_score, "as a whole number of points >= 0");
    if (!text::parse_integer(field(away_score), r.points_away) || r.points_away < 0)
      bad(away_score, "as a whole number of points >= 0");
  }

  // A week number, or a named playoff round counted on from the season's last regular week.
  void read_week(nfl_row& r) {
    const int base = r.new_season ? 0 : regular_weeks_;
    if (const int round = round_offset(field(week)); round > 0) {
      r.week_number = (base > 0 ? base : default_regular_weeks) + round;
      if (!r.is_playoff) bad(week, "numbered in a regular-season game (playoff is 0)");
    } else if (!text::parse_integer(field(week), r.week_number) || r.week_number < 1 || r.week_number > 99) {
      bad(week, "as a week number or a playoff round (Wildcard, Division, Conference, Superbowl)");
    }
  }

  void add_game(const nfl_row& r) {
    if (r.new_season) {
      out_.period_names.emplace_back(field(season));
      out_.season = field(season);
      current_season_ = r.year;
      regular_weeks_ = 0;
    }
    if (!r.is_playoff) regular_weeks_ = std::max(regular_weeks_, int(r.week_number));
    previous_day_ = r.day;
    const double score = r.points_home > r.points_away ? 1.0 : r.points_home < r.points_away ? 0.0 : 0.5;
    rk_game g = make_game(out_.players.intern(field(home_id)), out_.players.intern(field(away_id)), score);
    g.points_a = double(r.points_home);
    g.points_b = double(r.points_away);
    if (r.is_neutral) g.flags |= RK_GAME_NEUTRAL;
    if (r.is_playoff) g.flags |= RK_GAME_PLAYOFF;
    if (r.new_season && out_.period_names.size() > 1) g.flags |= RK_GAME_SEASON_START;
    const uint16_t tag_index = table_.has(game_type) ? out_.facts.intern_tag(field(game_type)) : 0;
    out_.add_game(g, {r.day, int32_t(out_.period_names.size()) - 1, int16_t(r.week_number), int8_t(r.is_neutral ? 0 : 1),
                      tag_index, table_.current().number});
  }

  text::csv_table& table_;
  dataset& out_;
  bool ok_ = true;
  int64_t current_season_ = INT64_MIN;
  int regular_weeks_ = 0;  // highest numbered week of the current season
  int32_t previous_day_ = 0;
};

}  // namespace
}  // namespace nfl_csv

void read_nfl_csv(const std::filesystem::path& file, const reader_options& options, dataset& out) {
  text::csv_input in(file, options, nfl_csv::columns, "a header line naming the columns");
  text::read_table(in, out, false, "no games", [&] { nfl_csv::nfl_reader(in.table, out).read(); });
}

}  // namespace ratekit
