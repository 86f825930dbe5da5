// Rows inserted a batch at a time. Binding and running an INSERT per row costs
// as much as the insert itself, so rows are held in memory and go in by the
// engine's bulk insert per batch (database::rows_into): SQLite's
// `INSERT ... SELECT` from a table-valued function over them, PostgreSQL's COPY.
#pragma once

#include "store/database.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ratekit::store {

// "INSERT INTO t (a, b, c)" taken apart: t, and a, b, c (both empty for other text).
struct insert_target {
  std::string table;
  std::vector<std::string> columns;
};
insert_target target_of(std::string_view insert);

class row_batch {
 public:
  static constexpr int max_columns = 16;

  // `insert`: "INSERT INTO t (a, b, c)", naming `columns` columns; rows are
  // inserted when `capacity` are held and at flush().
  row_batch(database& db, std::string_view insert, int columns, size_t capacity = 4096);
  row_batch(const row_batch&) = delete;
  row_batch& operator=(const row_batch&) = delete;

  // The values of the row being built, 1-based like statement's parameters;
  // a value not bound is NULL. Text is copied.
  row_batch& bind(int i, int64_t v);
  row_batch& bind(int i, double v);  // NaN is stored as NULL; checked as database::check_numbers_when_bound says
  row_batch& bind(int i, std::string_view v);
  row_batch& bind_null(int i);
  // The row is complete; the batch goes in when full. A constraint a row
  // breaks is reported then, or by flush().
  void run();
  void flush();  // inserts the rows held
  size_t held() const { return rows_; }
  int columns() const { return columns_; }

  // What the engine's row_writer reads.
  struct value {
    enum kind : uint8_t { null, integer, real, text } kind = null;
    uint32_t size = 0;  // of text
    union {
      int64_t i;
      double r;
      size_t offset;  // of text in text_
    };
  };
  const value* row(size_t r) const { return &values_[r * size_t(columns_)]; }
  const char* text_at(size_t offset) const { return text_.data() + offset; }

 private:
  value& at(int i);

  const database& db_;
  const std::string into_;  // "INSERT INTO t (a, b, c)": names a number the connection refuses
  const int columns_;
  const size_t capacity_;
  std::vector<value> values_;
  std::string text_;
  size_t rows_ = 0;
  std::unique_ptr<row_writer> writer_;
};

}  // namespace ratekit::store
