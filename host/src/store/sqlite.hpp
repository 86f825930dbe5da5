// The history database in a SQLite file: a thin RAII layer over the SQLite C
// API. Every SQLite failure becomes a user_error naming the database file.
#pragma once

#include "store/database.hpp"

#include <sqlite3.h>

#include <filesystem>

namespace ratekit::store {

class sqlite_database final : public database {
 public:
  sqlite_database(const std::filesystem::path& file, mode m);
  ~sqlite_database() override;

  void exec(const char* sql) override;
  [[noreturn]] void fail(const std::string& what) const override;
  sqlite3* handle() const noexcept { return db_; }  // for what the layer does not wrap (SQL functions)

  void open_for_recording(const std::string& competition, bool wait) override;
  void begin() override;
  void commit() override;
  void rollback() noexcept override;

  void upgrade_schema() override;  // sqlite_schema.cpp
  void ensure_schema() override;
  void check_schema() override;
  std::string defer_indexes(const char* name) override;
  std::string rebuild_indexes_after(int64_t rows_added) override;
  bool has_table(const char* name) override;
  bool has_column(const char* table, const char* column) override;
  void create_table(const table& t) override;

  std::unique_ptr<row_writer> rows_into(std::string_view insert, int columns, row_batch& rows) override;  // sqlite_rows.cpp

  // SQLite evaluates none of the CHECK constraints on this connection (PRAGMA
  // ignore_check_constraints; a games row has nine, a third of its insert):
  // the binds check every number. Other connections keep them.
  void check_numbers_when_bound() override;

 private:
  std::unique_ptr<statement_impl> make_statement(const char* sql) override;
  std::string why_read_only() const;  // what fail() adds to "readonly database"
  sqlite3* db_ = nullptr;
};

// The recording connection's page cache, 8 MB: the pages of the tables' ends stay in memory while rows go in.
inline constexpr const char* recording_cache = "PRAGMA cache_size = -8192;";
// An index built at a run's end sorts its rows in pieces as large as the page cache: pieces of 2 MB
// (SQLite's default cache) stay in the processor's caches, a quarter less CPU in all than pieces of 8 MB
// (docs/performance.md, "The indexes by player at a run's end").
inline constexpr const char* index_build_cache = "PRAGMA cache_size = -2048;";

// Makes the row source of rows_into known to a connection (the constructor does).
void add_row_source(sqlite3* db);

}  // namespace ratekit::store
