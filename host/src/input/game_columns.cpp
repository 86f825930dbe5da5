// Games from columns in memory: a row of them as add_game_row reads a line.
#include <ratekit/host/input/game_columns.hpp>
#include <ratekit/host/text/format.hpp>

#include "input/csv.hpp"
#include "input/game_row.hpp"

#include <cmath>

namespace ratekit {
namespace text {
namespace {

struct column_row {
  const game_columns& in;
  problem_list& problems;
  size_t i = 0;
  mutable std::string shown;  // a number or date as text, for field()

  const ratekit::game_column& col(game_field c) const { return in.columns[size_t(c)]; }
  bool has(game_field c) const { return col(c).present; }
  std::string_view field(game_field c) const {
    const ratekit::game_column& k = col(c);
    if (k.text) return k.text[i];
    if (k.number) shown = std::isnan(k.number[i]) ? "" : format_number(k.number[i]);
    else shown = k.day[i] ? iso_date(k.day[i]) : "";
    return shown;
  }
  void bad(game_field c, std::string_view expected) {
    problems.add(0, 0, "row " + std::to_string(i) + ", column '" + col(c).name + "': expected " +
                           std::string(games_csv_columns[size_t(c)]) + " " + std::string(expected) + ", got " +
                           quote(field(c)));
  }
  int line() const { return int(i + 1); }  // a game's facts count lines from 1
};

// Typed columns are read as they are; text columns as a file's fields.
bool number(const column_row& row, game_field c, double& x) {
  const ratekit::game_column& k = row.col(c);
  if (!k.number) return parse_number(row.field(c), x);
  x = k.number[row.i];
  return std::isfinite(x);
}
bool empty(const column_row& row, game_field c) {
  const ratekit::game_column& k = row.col(c);
  return k.number ? std::isnan(k.number[row.i]) : row.field(c).empty();
}
bool day(const column_row& row, game_field c, date_layout layout, int32_t& out) {
  const ratekit::game_column& k = row.col(c);
  if (!k.day) return parse_date_as(layout, row.field(c), out);
  out = k.day[row.i];
  return out != 0;
}

}  // namespace
}  // namespace text

std::vector<std::string_view> games_csv_number_columns() {
  std::vector<std::string_view> names;
  for (const text::game_field c : text::number_fields) names.push_back(games_csv_columns[size_t(c)]);
  return names;
}

void read_game_columns(const game_columns& in, const reader_options& options, dataset& out) {
  using namespace text;
  problem_list problems(in.source);
  const std::vector<std::string> known(games_csv_columns.begin(), games_csv_columns.end());
  for (const std::string& name : in.unknown) problems.add(0, 0, unknown_column(name, known));
  for (const game_field c : {date, player_a, player_b})
    if (!in.columns[c].present)
      problems.add(0, 0, "expected a column '" + std::string(games_csv_columns[c]) + "'");
  const auto has = [&](game_field c) { return in.columns[c].present; };
  std::string names;
  for (const auto& c : in.columns)
    if (c.present) names += (names.empty() ? "" : ",") + c.name;
  if (const std::string why =
          score_columns_problem(has(score_a), has(points_a), has(points_b), !options.columns.empty(), names);
      !why.empty())
    problems.add(0, 0, why);
  if (!options.skip_results.empty() && !has(score_a))
    problems.add(0, 0, "expected a score_a column, since input.skip_results names results to skip");
  problems.throw_if_any();
  if (out.skipped_results.empty())
    for (const auto& result : options.skip_results) out.skipped_results.emplace_back(result, 0);
  if (in.rows == 0) problems.add(0, 0, "no games: expected at least one row");
  problems.throw_if_any();
  if (out.source.empty()) out.source = in.source;
  out.reserve_games(in.rows);
  name_cache ids(out.players);
  // A program's names lie apart in its memory: each row's name texts load
  // two strides ahead and their table slots one stride ahead, as the file
  // reader's lookahead does.
  constexpr size_t stride = 8;
  const std::string_view* sides[2] = {in.columns[player_a].text, in.columns[player_b].text};
  column_row row{in, problems, 0, {}};
  for (; row.i < in.rows; ++row.i) {
    for (const std::string_view* name : sides) {
      if (!name) continue;
      if (row.i + 2 * stride < in.rows) __builtin_prefetch(name[row.i + 2 * stride].data());
      if (row.i + stride < in.rows) ids.prefetch(name[row.i + stride]);
    }
    add_game_row(row, options, ids, out);
  }
  problems.throw_if_any();
}

}  // namespace ratekit
