#include <ratekit/host/output/files/history_table.hpp>

#include "output/files/history_rows.hpp"

namespace ratekit {

namespace {

// history.csv's columns, empty: the names, period, date, player, opponent and adjustment as texts.
std::vector<table_column> history_columns(const rk_descriptor& d, const std::vector<size_t>& layout) {
  const std::vector<std::string> names = history_column_names(d);
  std::vector<table_column> out;
  for (const size_t c : layout) {
    const bool adjustment = c == history_adjustment_column;
    out.push_back({adjustment ? "adjustment" : names[c], adjustment || c < 4, {}, {}, {}});
  }
  return out;
}

}  // namespace

void history_row(table_rows& rows, const std::vector<size_t>& layout, std::string_view period, std::string_view date,
                 std::string_view player, std::string_view opponent, double expected, double score, double k,
                 double change, double before, double after, const double* state, std::string_view adjustment) {
  rows.start_row();
  history_cells(rows, layout, period, date, player, opponent, expected, score, k, change, before, after, state,
                adjustment);
}

history_table::history_table(const competition_config& config, const rk_descriptor& model)
    : kind_(config.period),
      layout_(history_layout(model, config.history_columns)),
      header_(history_header(model, layout_)),
      rows_(history_columns(model, layout_)) {}

void history_table::clear() {
  names_.clear();
  period_names_.clear();
  rows_.clear();
}

void history_table::take(rated_games& g) {
  for (auto& n : g.new_names) names_.push_back(std::move(n));
  for (auto& n : g.new_period_names) period_names_.push_back(std::move(n));
  history_game_rows(rows_, layout_, g, 0, g.count, {kind_, names_, period_names_});
}

std::string history_table::csv() const {
  const std::vector<table_column>& columns = rows_.columns();
  const size_t rows = columns.empty() ? 0 : columns[0].text ? columns[0].codes.size() : columns[0].numbers.size();
  std::string out = header_;
  for (size_t i = 0; i < rows; ++i) {
    csv_row row(out);
    for (const table_column& c : columns) c.text ? row.text(c.values[c.codes[i]]) : row.number(c.numbers[i]);
  }
  return out;
}

void history_table::take(rated_event& e) {
  for (auto& n : e.new_names) names_.push_back(std::move(n));
  history_event_rows(rows_, layout_, e, e.info->date > 0 ? iso_date(e.info->date) : std::string(),
                     [&](int32_t p) -> const std::string& { return names_[size_t(p)]; });
}

}  // namespace ratekit
