#include "store/row_batch.hpp"

#include <cmath>
#include <stdexcept>

namespace ratekit::store {
namespace {

int checked_width(int columns) {
  if (columns < 1 || columns > row_batch::max_columns) throw std::invalid_argument("row_batch: 1 to 16 columns");
  return columns;
}

// "table.column" of value i (1-based) of "INSERT INTO table (a, b, c)": what a refused number is named by.
std::string column_of(std::string_view insert, int i) {
  const insert_target target = target_of(insert);
  if (target.table.empty() || size_t(i) > target.columns.size())
    return "value " + std::to_string(i) + " of " + std::string(insert);
  return target.table + "." + target.columns[size_t(i - 1)];
}

}  // namespace

insert_target target_of(std::string_view insert) {
  const size_t into = insert.find("INTO "), open = insert.find('('), close = insert.rfind(')');
  if (into == std::string_view::npos || open == std::string_view::npos || close < open) return {};
  auto trim = [](std::string_view s) {
    const size_t b = s.find_first_not_of(' '), e = s.find_last_not_of(' ');
    return std::string(b == std::string_view::npos ? std::string_view() : s.substr(b, e - b + 1));
  };
  insert_target target{trim(insert.substr(into + 5, open - into - 5)), {}};
  std::string_view columns = insert.substr(open + 1, close - open - 1);
  while (true) {
    const size_t comma = columns.find(',');
    target.columns.push_back(trim(columns.substr(0, comma)));
    if (comma == std::string_view::npos) return target;
    columns.remove_prefix(comma + 1);
  }
}

row_batch::row_batch(database& db, std::string_view insert, int columns, size_t capacity)
    : db_(db),
      into_(insert),
      columns_(checked_width(columns)),
      capacity_(capacity),
      values_(capacity * size_t(columns)),
      writer_(db.rows_into(insert, columns, *this)) {}

row_batch::value& row_batch::at(int i) { return values_[rows_ * size_t(columns_) + size_t(i - 1)]; }

row_batch& row_batch::bind(int i, int64_t v) {
  value& x = at(i);
  x.kind = value::integer;
  x.i = v;
  return *this;
}

row_batch& row_batch::bind(int i, double v) {
  if (std::isnan(v)) return bind_null(i);
  if (!db_.accepts(v)) db_.refuse_number(v, column_of(into_, i));
  value& x = at(i);
  x.kind = value::real;
  x.r = v;
  return *this;
}

row_batch& row_batch::bind(int i, std::string_view v) {
  value& x = at(i);
  x.kind = value::text;
  x.size = uint32_t(v.size());
  x.offset = text_.size();
  text_.append(v);
  return *this;
}

row_batch& row_batch::bind_null(int i) {
  at(i).kind = value::null;
  return *this;
}

void row_batch::run() {
  if (++rows_ == capacity_) flush();
}

void row_batch::flush() {
  if (rows_ == 0) return;
  writer_->write(*this);
  // The next rows start unbound: NULL.
  std::for_each(values_.begin(), values_.begin() + long(rows_ * size_t(columns_)), [](value& v) { v.kind = value::null; });
  rows_ = 0;
  text_.clear();
}

}  // namespace ratekit::store
