// A run's rows kept in memory as columns instead of written as CSV: numbers
// as doubles, texts as indexes into their distinct values (names and labels
// repeat: each is kept once). They take the cells a CSV row takes, in order.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace ratekit {

// One column of a table of rows: numbers, or texts as indexes into their distinct values.
struct table_column {
  std::string name;
  bool text = false;
  std::vector<double> numbers;      // a number column's cells, NaN where the CSV's cell is empty
  std::vector<uint32_t> codes;      // a text column's cells: indexes into `values`
  std::vector<std::string> values;  // a text column's distinct values, in the order met
};

// Rows taken cell by cell, as a CSV row takes them (text(), number()), into columns.
class table_rows {
 public:
  explicit table_rows(std::vector<table_column> columns);
  void start_row() { at_ = 0; }
  table_rows& text(std::string_view s);
  table_rows& number(double v);
  // A text cell given as its index into the column's values, which the caller adds (add_value) in that order
  // and never as text(): a player's name by his id, without a look-up.
  table_rows& code(uint32_t value) {
    columns_[at_++].codes.push_back(value);
    return *this;
  }
  void add_value(size_t column, std::string value) { columns_[column].values.push_back(std::move(value)); }
  const std::vector<table_column>& columns() const { return columns_; }
  std::vector<table_column> release() && { return std::move(columns_); }
  void clear();  // no rows

 private:
  struct text_hash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  std::vector<table_column> columns_;
  std::vector<std::unordered_map<std::string, uint32_t, text_hash, std::equal_to<>>> index_;  // a text column's values
  size_t at_ = 0;  // the column the next cell goes into
};

}  // namespace ratekit
