// What every `ratekit predict` input shares: its table and the output's header
// line, the players' state rows, the rows of a group (an event's entries, a
// match's lineups) kept together, each player once in a group.
#pragma once

#include <ratekit/host/output/reports/predictions.hpp>

#include "input/csv.hpp"

#include <filesystem>
#include <initializer_list>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ratekit {

// A's expectation against B; a failure of the plugin (or a value that is no
// probability) names the plugin and the row, `where()`.
template <class Where>
double expectation(const model& m, const double* a, const double* b, double advantage, Where&& where) {
  try {
    return m.expect(a, b, advantage);
  } catch (const plugin_error& e) {
    throw m.source().failure(where(), e.what());
  }
}

// One player's state row: his rated state, or the initial one when unknown.
class state_rows {
 public:
  explicit state_rows(const prediction_basis& b) : b_(b), row_(b.initial.size()) {}
  // The row of `name` (valid until the next call), and whether he is new.
  const double* get(std::string_view name, bool& fresh);
  size_t new_players() const { return new_players_; }

 private:
  const prediction_basis& b_;
  std::vector<double> row_;
  size_t new_players_ = 0;
};

// `,field,...,new` of one player's state.
void append_state(std::string& out, const double* row, size_t fields, bool fresh);

// The input's table, its header checked, and the output begun with its header
// line: the input's columns, then for each of `sides` the state fields and
// `new`, then `results`.
struct prediction_input {
  prediction_input(const prediction_basis& b, const text::source& src, std::span<const text::column_spec> columns,
                   std::string_view expected_header, std::initializer_list<std::string_view> sides,
                   std::initializer_list<std::string_view> results);
  // The predictions, once every row is read: `none` ("no games") is a problem
  // when no row was read, and `new_players` appearances of new players are warned of.
  std::string finish(bool rows_read, std::string_view none, size_t new_players);
  const prediction_basis& basis;
  const text::source& src;
  text::problem_list problems;
  text::csv_table table;
  size_t fields;    // state fields per player
  std::string out;  // the predictions' CSV
};

// One group's rows as they were read, with each row's player's state.
struct group_rows {
  std::vector<std::string> lines;
  std::vector<double> states;  // fields per row
  std::vector<char> fresh;
  void add(std::string_view line, const double* state, size_t fields, bool is_new) {
    lines.emplace_back(line);
    states.insert(states.end(), state, state + fields);
    fresh.push_back(is_new);
  }
};

// Rows that come in groups of one `kind` ("event", "match"): each group's rows
// together, each player once in a group.
class row_groups {
 public:
  explicit row_groups(std::string kind) : kind_(std::move(kind)) {}
  // Whether a row of `group` starts a new group.
  bool starts(std::string_view group) const { return began_.empty() || group != name_; }
  // Opens `group` at the table's row; false, with the problem at `column`, when its rows were met before.
  bool open(std::string_view group, const text::csv_table& table, size_t column, text::problem_list& problems);
  // Whether `player` is met first in this group; else false, with the problem at `column`.
  bool first(std::string_view player, const text::csv_table& table, size_t column, text::problem_list& problems);
  bool any() const { return !began_.empty(); }
  const std::string& name() const { return name_; }
  int first_line() const { return first_line_; }

 private:
  std::string kind_, name_;
  int first_line_ = 0;
  std::map<std::string, int, std::less<>> began_, entered_;  // each group's first line; its players' lines
};

// Predictions of ranked events and of team matches (predict_groups.cpp).
std::string predict_events(const prediction_basis& b, const text::source& src);
std::string predict_matches(const prediction_basis& b, const text::source& src);

}  // namespace ratekit
