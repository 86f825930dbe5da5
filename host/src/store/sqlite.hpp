// A thin RAII layer over the SQLite C API: a connection, prepared statements and
// a transaction that rolls back unless committed. Every SQLite failure becomes a
// user_error naming the database file.
#pragma once

#include <sqlite3.h>

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

namespace ratekit::store {

class statement;

// What the rating database stores of a number: finite, and under this in size.
// Every CHECK constraint of its schema states it, as abs(x) < 1e308 (schema.cpp).
inline constexpr double storable_limit = 1e308;

class database {
 public:
  enum class mode { read_only, read_write };
  database(const std::filesystem::path& file, mode m);
  ~database();
  database(const database&) = delete;
  database& operator=(const database&) = delete;

  void exec(const char* sql);
  statement prepare(const char* sql);
  int64_t last_id() const { return sqlite3_last_insert_rowid(db_); }
  const std::string& file() const noexcept { return file_; }
  sqlite3* handle() const noexcept { return db_; }  // for what the layer does not wrap (SQL functions)
  [[noreturn]] void fail(const std::string& what) const;

  // Hands the schema's CHECK constraints over from SQLite to the binds: each
  // number bound on this connection is checked against storable_limit as it is
  // bound, and SQLite evaluates none of them (PRAGMA ignore_check_constraints;
  // a games row has nine, a third of its insert). Other connections keep them.
  void check_numbers_when_bound();
  // False for a number a bind must refuse (NaN passes: it is stored as NULL).
  bool accepts(double v) const noexcept { return !checks_numbers_ || !(std::fabs(v) >= storable_limit); }
  // The user_error for `v`, bound as `where` (a table's column, a statement's parameter).
  [[noreturn]] void refuse_number(double v, const std::string& where) const;

 private:
  friend class statement;
  std::string why_read_only() const;  // what fail() adds to "readonly database"
  sqlite3* db_ = nullptr;
  std::string file_;
  bool checks_numbers_ = false;
};

class statement {
 public:
  statement(database& db, const char* sql);
  ~statement();
  statement(statement&& other) noexcept;
  statement(const statement&) = delete;
  statement& operator=(const statement&) = delete;

  // Parameters are 1-based; text is bound without a copy, so it must outlive step().
  statement& bind(int i, int64_t v);
  statement& bind(int i, double v);  // NaN is stored as NULL
  statement& bind(int i, std::string_view v);
  statement& bind_null(int i);
  // True while there is a row; false when done. Throws on errors.
  bool step();
  // Runs a statement that returns no rows and makes it ready to run again;
  // its parameters stay bound until bound anew.
  void run();
  void reset();

  int64_t integer(int col) const { return sqlite3_column_int64(stmt_, col); }
  double number(int col) const;  // NULL is NaN
  std::string_view text(int col) const;
  bool is_null(int col) const { return sqlite3_column_type(stmt_, col) == SQLITE_NULL; }
  // NULL (NaN) or a finite number; anything else is a damaged row, named by `where`.
  double checked_number(int col, const std::string& where) const;
  sqlite3_stmt* handle() const noexcept { return stmt_; }  // for what the layer does not wrap (pointers)

 private:
  database* db_;
  sqlite3_stmt* stmt_ = nullptr;
};

// BEGIN IMMEDIATE now; ROLLBACK when destroyed without commit().
class transaction {
 public:
  explicit transaction(database& db);
  ~transaction();
  void commit();

 private:
  database& db_;
  bool done_ = false;
};

}  // namespace ratekit::store
