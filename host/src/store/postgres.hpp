// The history database on a PostgreSQL server, through libpq's C API: the
// same tables as the SQLite file, one transaction per run, rows by COPY, and a
// session advisory lock per competition, so runs of two competitions record at
// once and two runs of one take turns. The server rolls back a run whose
// connection ends (a killed process) by itself.
#pragma once

#include "store/database.hpp"

#include <libpq-fe.h>

#include <deque>
#include <string>
#include <unordered_set>
#include <vector>

namespace ratekit::store {

// The ids one foreign key's column holds in rows copied with the triggers
// skipped: what its per-row trigger would have checked (postgres_references.cpp).
struct unchecked_references {
  std::string from;           // "games.player_a"
  std::string table, column;  // what it refers to, quoted for SQL: "players", "id"
  std::unordered_set<int64_t> ids;
};

// An array literal of `items` ({1,2}, {"a","b\"c"}): many values as one parameter of a statement.
std::string array_literal(const std::vector<int64_t>& items);
std::string array_literal(const std::vector<std::string>& items);

class postgres_database final : public database {
 public:
  // `where`: a postgresql:// URI; a password in it is kept aside (store/location.hpp).
  postgres_database(const std::string& where, mode m);
  ~postgres_database() override;

  void exec(const char* sql) override;
  [[noreturn]] void fail(const std::string& what) const override;
  // The reason `result` failed, and the connection's state, as a user_error.
  [[noreturn]] void fail(const std::string& what, const PGresult* result) const;
  PGconn* handle() const noexcept { return conn_; }

  void open_for_recording(const std::string& competition, bool wait) override;
  void begin() override;
  void commit() override;
  void rollback() noexcept override;

  void upgrade_schema() override;  // postgres_schema.cpp
  void ensure_schema() override;
  void check_schema() override;
  std::string defer_indexes(const char* name) override;
  bool has_table(const char* name) override;
  void add_serve_tables();  // serve_step's tables it lacks (schema_steps.hpp), before the run's transaction
  bool has_column(const char* table, const char* column) override;
  void create_table(const table& t) override;
  void continue_numbering() override;
  bool add_players(int64_t competition, const std::vector<std::string>& names, std::vector<int64_t>& ids) override;  // postgres_players.cpp
  // Creates the tables of a database without them, in a transaction of its own.
  void create_schema();
  // Refuses the database when table `t`'s columns are not ratekit's (changed by hand).
  void check_columns(const table& t);

  std::unique_ptr<row_writer> rows_into(std::string_view insert, int columns, row_batch& rows) override;  // postgres_copy.cpp

  // Whether a recording's COPYs skip the per-row foreign key triggers
  // (session_replication_role = replica, when the role may set it): the ids
  // they refer to are then checked, and locked, set-based at the commit.
  bool skips_triggers() const noexcept { return skips_triggers_; }
  // Where a COPY records the ids of foreign key `from` it wrote unchecked; it lasts as long as the connection.
  unchecked_references& unchecked(const std::string& from, const std::string& table, const std::string& column);
  // Locks the rows those ids name FOR KEY SHARE and refuses an id that names none; commit() runs it first.
  void check_references();

 private:
  std::unique_ptr<statement_impl> make_statement(const char* sql) override;
  void lock_competition(const std::string& competition, bool wait);
  void choose_reference_checks();  // postgres_references.cpp
  void forget_references() noexcept;
  PGconn* conn_ = nullptr;
  bool skips_triggers_ = false;
  std::deque<unchecked_references> unchecked_;  // a deque: COPYs hold references into it
};

// A result freed when it goes.
struct pg_result {
  PGresult* r = nullptr;
  explicit pg_result(PGresult* result) : r(result) {}
  ~pg_result() { PQclear(r); }
  pg_result(const pg_result&) = delete;
  pg_result& operator=(const pg_result&) = delete;
};

}  // namespace ratekit::store
