// games-csv: one pairwise game per row, columns found by header name.
#include "input/name_cache.hpp"
#include "input/text.hpp"

#include <array>
#include <cstdint>

namespace ratekit {
namespace {

enum column {
  date, player_a, player_b, score_a, period, points_a, points_b, home, neutral, week, playoff, tag, handicap
};

constexpr std::array<text::column_spec, 13> columns{{
    {"date", true},
    {"player_a", true},
    {"player_b", true},
    {"score_a", true},
    {"period", false},
    {"points_a", false},
    {"points_b", false},
    {"home", false},
    {"neutral", false},
    {"week", false},
    {"playoff", false},
    {"tag", false},
    {"handicap", false},
}};

}  // namespace

void read_games_csv(const std::filesystem::path& file, const reader_options& options, dataset& out) {
  const text::source src(file, options);
  text::problem_list problems(src.file());
  text::csv_table table(src, problems, columns, "a header line naming the columns");
  text::name_cache ids(out.players);

  if (table.has(points_a) != table.has(points_b))
    problems.add(table.current().number, 1, "expected points_a and points_b together, got only one of them");
  problems.throw_if_any();

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
    auto bad = [&](column c, const char* expected) {
      table.bad(c, expected);
      ok = false;
    };

    int32_t day = 0;
    if (!text::parse_date(field(date), day)) bad(date, "as a valid date YYYY-MM-DD");
    if (field(player_a).empty()) bad(player_a, "as a player name");
    if (field(player_b).empty()) bad(player_b, "as a player name");
    if (!field(player_a).empty() && text::same_text(field(player_a), field(player_b)))
      bad(player_b, "as a different player than player_a");
    double score = 0;
    if (!text::parse_number(field(score_a), score) || score < 0 || score > 1)
      bad(score_a, "as a number from 0 to 1");

    double pa = nan_value, pb = nan_value;
    if (has(points_a)) {
      if (!field(points_a).empty() && (!text::parse_number(field(points_a), pa) || pa < 0))
        bad(points_a, "as a number >= 0 or empty");
      if (!field(points_b).empty() && (!text::parse_number(field(points_b), pb) || pb < 0))
        bad(points_b, "as a number >= 0 or empty");
      if (ok && field(points_a).empty() != field(points_b).empty())
        field(points_a).empty() ? bad(points_a, "as a number, since points_b is given")
                                : bad(points_b, "as a number, since points_a is given");
    }

    int8_t home_side = 0;
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
        if (home_side != 0) bad(home, "empty in a neutral game");
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
    if (!ok) continue;

    const int32_t a = ids.intern(field(player_a));  // A before B: ids follow the file
    rk_game g = make_game(a, ids.intern(field(player_b)), score);
    g.points_a = pa;
    g.points_b = pb;
    g.handicap = stones;
    g.flags = flags;
    int32_t period_index = -1;
    if (has(period)) {
      // Consecutive rows with one label form one period.
      auto& names = out.period_names;
      const bool same = !names.empty() && out.last_period() == int32_t(names.size()) - 1 &&
                        names.back() == field(period);
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
