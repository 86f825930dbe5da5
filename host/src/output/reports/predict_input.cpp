#include "output/reports/predict_input.hpp"

#include <ratekit/host/output/files/outputs.hpp>

#include "output/reports/predict_header.hpp"

#include <spdlog/spdlog.h>

namespace ratekit {

namespace {

// A warning counting the appearances of new players, when there are any.
void warn_new(size_t count, const std::filesystem::path& file, double min_games) {
  if (count == 0) return;
  if (min_games > 0)
    spdlog::warn("{}: {} appearance(s) of players not rated yet or with fewer than {} rated games, predicted from the new "
                 "players' state (column new = 1)", file.string(), count, min_games);
  else
    spdlog::warn("{}: {} appearance(s) of players not rated yet, who start from the model's initial state (column new = 1)", file.string(),
                 count);
}

}  // namespace

const double* state_rows::get(std::string_view name, bool& fresh) {
  const int32_t id = b_.players.find(name);
  fresh = id < 0 || size_t(id) >= b_.columns[0].size() || (b_.games && (*b_.games)[size_t(id)] < b_.min_games);
  for (size_t f = 0; f < row_.size(); ++f) row_[f] = fresh ? b_.initial[f] : b_.columns[f][size_t(id)];
  new_players_ += fresh;
  return row_.data();
}

void append_state(std::string& out, const double* row, size_t fields, bool fresh) {
  for (size_t f = 0; f < fields; ++f) {
    out += ',';
    append_number(out, row[f]);
  }
  out += fresh ? ",1" : ",0";
}

prediction_input::prediction_input(const prediction_basis& b, const text::source& src,
                                   std::span<const text::column_spec> columns, std::string_view expected_header,
                                   std::initializer_list<std::string_view> sides,
                                   std::initializer_list<std::string_view> results)
    : basis(b), src(src), problems(src), table(src, problems, columns, expected_header, true), fields(b.rater.source().descriptor().state_count) {
  problems.throw_if_any();
  out = predict_header(table.current(), columns, predicted_columns(b.rater.source(), sides, results), problems);
  problems.throw_if_any();
  out += '\n';
}

std::string prediction_input::finish(bool rows_read, std::string_view none, size_t new_players) {
  if (!rows_read) problems.add(0, 0, std::string(none) + ": expected at least one row after the header");
  problems.throw_if_any();
  warn_new(new_players, src.file(), basis.min_games);
  return std::move(out);
}

bool row_groups::open(std::string_view group, const text::csv_table& table, size_t column, text::problem_list& problems) {
  name_ = group;
  first_line_ = table.current().number;
  entered_.clear();
  const auto [it, fresh] = began_.emplace(name_, first_line_);
  if (!fresh)
    problems.add(first_line_, table.column(column),
                 "expected the rows of " + kind_ + " " + text::quote(name_) + " together, got it again (its rows began at line " +
                     std::to_string(it->second) + ")");
  return fresh;
}

bool row_groups::first(std::string_view player, const text::csv_table& table, size_t column, text::problem_list& problems) {
  const auto [it, fresh] = entered_.emplace(player, table.current().number);
  if (!fresh)
    problems.add(table.current().number, table.column(column),
                 "expected each player once per " + kind_ + ", got " + text::quote(player) + " again in " + kind_ + " " +
                     text::quote(name_) + " (first at line " + std::to_string(it->second) + ")");
  return fresh;
}

}  // namespace ratekit
