// games-csv: one pairwise game per row, columns found by header name, or by the
// names `input.columns` maps them to.
#include "input/game_row.hpp"

#include <array>
#include <cstdint>

namespace ratekit {

const std::array<std::string_view, 17> games_csv_columns{
    "date",    "player_a", "player_b", "score_a", "period",   "points_a", "points_b", "home",    "neutral",
    "week",    "playoff",  "tag",      "handicap", "season",  "rating_a", "rating_b", "shootout"};

namespace {

using namespace text;

// The file's table as add_game_row reads a row.
struct csv_row {
  csv_table& table;
  bool has(game_field c) const { return table.has(c); }
  std::string_view field(game_field c) const { return table.field(c); }
  void bad(game_field c, const char* expected) { table.bad(c, expected); }
  int line() const { return table.current().number; }
};

// The header names to look for: the reader's own; or, with `input.columns`,
// the mapped ones (which must then be present), the required columns under
// their own names when not mapped, and no other.
std::array<column_spec, 17> header_spec(const reader_options& options) {
  std::array<column_spec, 17> spec;
  for (size_t c = 0; c < spec.size(); ++c) {
    const bool required = c == date || c == player_a || c == player_b;
    spec[c] = {options.columns.empty() || required ? games_csv_columns[c] : "", required};
  }
  return mapped(spec, games_csv_columns, options);
}

}  // namespace

void read_games_csv(const std::filesystem::path& file, const reader_options& options, dataset& out) {
  const auto columns = header_spec(options);
  text::csv_input in(file, options, columns, "a header line naming the columns", !options.columns.empty());
  // References by name, not a structured binding: clang 14 (the fuzzers' compiler)
  // cannot capture a binding in a lambda.
  auto& problems = in.problems;
  auto& table = in.table;
  text::name_cache ids(out.players);

  if (const std::string why = score_columns_problem(table.has(score_a), table.has(points_a), table.has(points_b),
                                                     !options.columns.empty(), table.current().text);
      !why.empty())
    problems.add(table.current().number, 1, why);
  if (!options.skip_results.empty() && !table.has(score_a))
    problems.add(table.current().number, 1, "expected a score_a column, since input.skip_results names results to skip");
  problems.throw_if_any();
  if (out.skipped_results.empty())
    for (const auto& result : options.skip_results) out.skipped_results.emplace_back(result, 0);

  text::read_table(in, out, false, "no games", [&] {
    csv_row row{table};
    while (table.next_row()) {
      // The next row's name slots load while this row is parsed.
      ids.prefetch(table.peek(player_a));
      ids.prefetch(table.peek(player_b));
      add_game_row(row, options, ids, out);
    }
  });
}

}  // namespace ratekit
