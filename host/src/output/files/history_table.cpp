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

// A player's cell of a game's row: his name's index into the column's values, his id + 1 (0 holds the empty
// opponent of an adjustment's row), so that no row looks a name up.
struct history_player_cell {
  uint32_t code = 0;
};

// A row of history_table's: texts and numbers as a CSV row takes them, a player's name as his id.
struct history_table_row {
  table_rows& rows;
  history_table_row& text(std::string_view s) {
    rows.text(s);
    return *this;
  }
  history_table_row& text(history_player_cell player) {
    rows.code(player.code);
    return *this;
  }
  history_table_row& number(double v) {
    rows.number(v);
    return *this;
  }
};

// One player's row of one game (or ranked entry): history_row's cells (history_rows.hpp).
template <class Name>
void history_row(history_table_row& row, const std::vector<size_t>& layout, std::string_view period,
                 std::string_view date, const Name& player, const Name& opponent, double expected, double score,
                 double k, double change, double before, double after, const double* state,
                 std::string_view adjustment = {}) {
  row.rows.start_row();
  history_cells(row, layout, period, date, player, opponent, expected, score, k, change, before, after, state,
                adjustment);
}

// Where column `c` of history.csv is in `layout`; npos when the layout leaves it out.
size_t place_in_layout(const std::vector<size_t>& layout, size_t c) {
  const auto at = std::find(layout.begin(), layout.end(), c);
  return at == layout.end() ? std::string::npos : size_t(at - layout.begin());
}

}  // namespace

history_table::history_table(const competition_config& config, const rk_descriptor& model)
    : kind_(config.period),
      layout_(history_layout(model, config.history_columns)),
      header_(history_header(model, layout_)),
      name_columns_{place_in_layout(layout_, 2), place_in_layout(layout_, 3)},
      rows_(history_columns(model, layout_)) {
  add_name({});  // code 0: no opponent
}

void history_table::add_name(const std::string& name) {
  for (const size_t c : name_columns_)
    if (c != std::string::npos) rows_.add_value(c, name);
}

void history_table::clear() {
  names_.clear();
  period_names_.clear();
  rows_.clear();
  add_name({});
}

void history_table::take(rated_games& g) {
  for (auto& n : g.new_names) {
    add_name(n);  // at code id + 1, as history_player_cell names him
    names_.push_back(std::move(n));
  }
  for (auto& n : g.new_period_names) period_names_.push_back(std::move(n));
  history_table_row row{rows_};
  history_game_rows(row, layout_, g, 0, g.count, {kind_, names_, period_names_},
                    [](int32_t p) { return history_player_cell{uint32_t(p) + 1}; });
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
  history_table_row row{rows_};
  history_event_rows(row, layout_, e, e.info->date > 0 ? iso_date(e.info->date) : std::string(),
                     [&](int32_t p) -> const std::string& { return names_[size_t(p)]; });
}

}  // namespace ratekit
