// games-csv: one pairwise game per row, columns found by header name, or by the
// names `input.columns` maps them to.
#include "input/name_cache.hpp"
#include "input/text.hpp"

#include <array>
#include <cmath>
#include <cstdint>

namespace ratekit {

const std::array<std::string_view, 16> games_csv_columns{
    "date",    "player_a", "player_b", "score_a", "period",   "points_a", "points_b", "home",
    "neutral", "week",     "playoff",  "tag",     "handicap", "season",   "rating_a", "rating_b"};

namespace {

enum column {
  date, player_a, player_b, score_a, period, points_a, points_b, home, neutral, week, playoff, tag, handicap, season,
  rating_a, rating_b
};

// The header names to look for: the reader's own; or, with `input.columns`,
// the mapped ones (which must then be present), the required columns under
// their own names when not mapped, and no other.
std::array<text::column_spec, 16> header_spec(const reader_options& options) {
  std::array<text::column_spec, 16> spec;
  for (size_t c = 0; c < spec.size(); ++c) {
    const bool required = c == date || c == player_a || c == player_b;
    spec[c] = {options.columns.empty() || required ? games_csv_columns[c] : "", required};
  }
  for (const auto& [name, header] : options.columns)
    for (size_t c = 0; c < spec.size(); ++c)
      if (games_csv_columns[c] == name) spec[c] = {header, true};
  return spec;
}

// A rating the file gives a player (empty or PGN's `?`: none); false when it is no number.
bool parse_rating(std::string_view s, double& out) {
  out = nan_value;
  return s.empty() || s == "?" || text::parse_number(s, out);
}

// The rows of skipped result `s` counted; false when `skip` does not name it.
bool count_skipped(std::string_view s, std::vector<std::pair<std::string, size_t>>& skipped) {
  for (auto& [result, rows] : skipped)
    if (result == s) return ++rows, true;
  return false;
}

}  // namespace

void read_games_csv(const std::filesystem::path& file, const reader_options& options, dataset& out) {
  const text::source src(file, options);
  text::problem_list problems(src);
  const auto columns = header_spec(options);
  text::csv_table table(src, problems, columns, "a header line naming the columns", !options.columns.empty());
  text::name_cache ids(out.players);

  if (table.has(points_a) != table.has(points_b))
    problems.add(table.current().number, 1, "expected points_a and points_b together, got only one of them");
  else if (!table.has(score_a) && !table.has(points_a))
    problems.add(table.current().number, 1,
                 options.columns.empty()
                     ? "expected a column named 'score_a' (or points_a and points_b), got header " +
                           text::quote(table.current().text)
                     : std::string("expected input.columns to map score_a (or points_a and points_b)"));
  if (!options.skip_results.empty() && !table.has(score_a))
    problems.add(table.current().number, 1, "expected a score_a column, since input.skip_results names results to skip");
  problems.throw_if_any();
  if (out.skipped_results.empty())
    for (const auto& result : options.skip_results) out.skipped_results.emplace_back(result, 0);

  const size_t first = out.game_count();
  out.reserve_games(table.estimated_rows());
  if (out.source.empty()) out.source = src.file();

  while (table.next_row()) {
    // The next row's name slots load while this row is parsed.
    ids.prefetch(table.peek(player_a));
    ids.prefetch(table.peek(player_b));
    bool ok = true;
    auto has = [&](column c) { return table.has(c); };
    auto field = [&](column c) { return table.field(c); };
    auto bad = [&](column c, std::string_view expected) {
      table.bad(c, expected);
      ok = false;
    };

    int32_t day = 0;
    if (!text::parse_date_as(options.dates, field(date), day)) bad(date, text::expected_date(options.dates));
    if (field(player_a).empty()) bad(player_a, "as a player name");
    if (field(player_b).empty()) bad(player_b, "as a player name");
    if (!field(player_a).empty() && text::same_text(field(player_a), field(player_b)))
      bad(player_b, "as a different player than player_a");
    // A result that is none (an unfinished game's `*`) is counted when the config names it, else refused.
    if (has(score_a) && !out.skipped_results.empty() && count_skipped(field(score_a), out.skipped_results)) continue;
    double score = 0;
    if (has(score_a) && !text::parse_score(field(score_a), score))
      bad(score_a, "as a number from 0 to 1");
    double seed_a = nan_value, seed_b = nan_value;
    if (has(rating_a) && !parse_rating(field(rating_a), seed_a)) bad(rating_a, "as a rating (a number), ? or empty");
    if (has(rating_b) && !parse_rating(field(rating_b), seed_b)) bad(rating_b, "as a rating (a number), ? or empty");

    double pa = nan_value, pb = nan_value;
    if (has(points_a)) {
      if (!field(points_a).empty() && (!text::parse_number(field(points_a), pa) || pa < 0))
        bad(points_a, "as a number >= 0 or empty");
      if (!field(points_b).empty() && (!text::parse_number(field(points_b), pb) || pb < 0))
        bad(points_b, "as a number >= 0 or empty");
      if (ok && field(points_a).empty() != field(points_b).empty())
        field(points_a).empty() ? bad(points_a, "as a number, since points_b is given")
                                : bad(points_b, "as a number, since points_a is given");
      if (!has(score_a) && field(points_a).empty()) bad(points_a, "as a number (the file has no score_a)");
      if (!has(score_a)) score = pa > pb ? 1.0 : pa < pb ? 0.0 : 0.5;
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
      if (!text::parse_flag(field(neutral), flag)) bad(neutral, "as 0, 1, true or false");
      if (flag) {
        flags |= RK_GAME_NEUTRAL;
        if (has(home) && !field(home).empty()) bad(home, "empty in a neutral game");
        home_side = 0;
      }
    }
    if (has(playoff) && !field(playoff).empty()) {
      if (!text::parse_flag(field(playoff), flag)) bad(playoff, "as 0, 1, true or false");
      if (flag) flags |= RK_GAME_PLAYOFF;
    }
    int64_t week_number = 0;
    if (has(week) && !field(week).empty() &&
        (!text::parse_integer(field(week), week_number) || week_number < 0 || week_number > INT16_MAX))
      bad(week, "as a whole number from 0 to 32767");
    double stones = 0;
    if (has(handicap) && !field(handicap).empty() && !text::parse_number(field(handicap), stones))
      bad(handicap, "as a number of stones");
    if (has(period) && field(period).empty()) bad(period, "as a period label");
    if (has(season) && field(season).empty()) bad(season, "as a season label");
    if (!ok) continue;

    const int32_t known = out.players.size();
    const int32_t a = ids.intern(field(player_a));  // A before B: ids follow the file
    const int32_t b = ids.intern(field(player_b));
    if (a < 0) bad(player_a, "as a player name without control characters");
    if (b < 0) bad(player_b, "as a player name without control characters");
    if (!ok) continue;
    // The rating given with a player's first game seeds him, as a TRF's rating column does; later ones
    // are his rating elsewhere as the game went on, not where he started.
    if (a >= known) out.players.declared_rating[size_t(a)] = seed_a;
    if (b >= known) out.players.declared_rating[size_t(b)] = seed_b;
    rk_game g = make_game(a, b, score);
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
      const bool same = !names.empty() && out.last_period() == int32_t(names.size()) - 1 &&
                        names.back() == field(period);
      if (!same && has_control(field(period))) {  // it names the period in every output
        table.bad(period, "as a period label without control characters");
        continue;
      }
      if (!same) names.emplace_back(field(period));
      period_index = int32_t(names.size()) - 1;
    }
    const uint16_t tag_index = has(tag) ? out.facts.intern_tag(field(tag)) : 0;
    out.add_game(g, {day, period_index, int16_t(week_number), home_side, tag_index, table.current().number});
  }
  if (problems.empty() && out.game_count() == first)
    problems.add(0, 0, "no games: expected at least one row after the header");
  problems.throw_if_any();
}

}  // namespace ratekit
