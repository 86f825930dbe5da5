// The history database as the store sees it, whichever engine holds it: a
// connection, statements with numbered parameters (?1, ?2, ...), a transaction
// that rolls back unless committed, and the schema. Two implementations: a
// SQLite file (sqlite.hpp, the default) and a PostgreSQL server (postgres.hpp),
// chosen by the location: a postgresql:// URI or a file path (open_database).
// Every failure becomes a user_error naming the location, never a password.
#pragma once

#include <ratekit/host/input/ratings_list.hpp>

#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace ratekit::store {

class statement;
class row_batch;
struct table;

// What the rating database stores of a number: finite, and under this in size.
// Every CHECK constraint of its schema states it, as abs(x) < 1e308 (schema_tables.hpp).
inline constexpr double storable_limit = 1e308;

// What a result column holds, for the checks of a value read back.
enum class value_kind { null, integer, real, text, blob };

// One engine's prepared statement (statement wraps it).
class statement_impl {
 public:
  virtual ~statement_impl() = default;
  virtual void bind(int i, int64_t v) = 0;
  virtual void bind(int i, double v) = 0;  // finite, checked by statement
  virtual void bind(int i, std::string_view v) = 0;
  virtual void bind_null(int i) = 0;
  virtual bool step() = 0;
  virtual void rewind() = 0;  // ready to run again, parameters kept
  virtual void clear() = 0;   // ready to run again, parameters NULL
  virtual value_kind kind(int col) const = 0;
  virtual int64_t integer(int col) const = 0;
  virtual double number(int col) const = 0;  // NULL is NaN
  virtual std::string_view text(int col) const = 0;
  virtual std::string sql() const = 0;
  virtual int columns() const = 0;  // of its result
};

// Where a row_batch's rows go when it flushes: one engine's bulk insert.
class row_writer {
 public:
  virtual ~row_writer() = default;
  virtual void write(const row_batch& rows) = 0;
};

class database {
 public:
  // snapshot: a SQLite file no run records into, read as it is (immutable: no lock, no -shm beside it).
  enum class mode { read_only, read_write, snapshot };
  virtual ~database() = default;
  database(const database&) = delete;
  database& operator=(const database&) = delete;

  virtual void exec(const char* sql) = 0;
  statement prepare(const char* sql);
  // The file, or the URI without its password: what messages name.
  const std::string& file() const noexcept { return file_; }
  [[noreturn]] virtual void fail(const std::string& what) const = 0;

  // Set up to record a run of `competition`, before its transaction: the
  // schema upgraded, the connection tuned for bulk inserts, and on a server
  // the competition locked (waiting for a run recording it, or refused when
  // not `wait`). A file is locked whole by its recorder (output/database.cpp).
  virtual void open_for_recording(const std::string& competition, bool wait) = 0;

  // The transaction's steps (transaction calls them).
  virtual void begin() = 0;
  virtual void commit() = 0;
  virtual void rollback() noexcept = 0;

  // The schema (schema_tables.hpp holds its tables, each engine writes them in its dialect).
  virtual void upgrade_schema() = 0;  // an older layout to the current one, in its own transaction
  virtual void ensure_schema() = 0;   // the tables when there are none; refuses another layout
  virtual void check_schema() = 0;    // refuses a database that is not ratekit's (reading)
  // Drops table `name`'s indexes when it holds no row and returns the SQL that
  // builds them again (a bulk import builds them once at the end), or "".
  virtual std::string defer_indexes(const char* name) = 0;
  // After a run added `rows_added` games or entries: when building the indexes of ratings, games and
  // entries at its end would cost less than keeping them up for the rest of the run (SQLite, a run large
  // beside the rows held), drops them and returns the SQL that builds them again; else "".
  virtual std::string rebuild_indexes_after(int64_t /*rows_added*/) { return ""; }
  virtual bool has_table(const char* name) = 0;
  virtual bool has_column(const char* table, const char* column) = 0;
  // Creates table `t` (schema_tables.hpp) in the open transaction unless it is there (a schema step's).
  virtual void create_table(const table& t) = 0;
  // After rows came in with their ids given (copy_history): new rows' ids follow them.
  virtual void continue_numbering() {}
  // The ids of competition `competition`'s players `names` appended to `ids`
  // in order, each one it lacks inserted without facts; or false, and the
  // caller looks up and inserts one name at a time (db_rows::player_rows). A
  // server does it in one statement: a round trip a player was most of a first run's time.
  virtual bool add_players(int64_t, const std::vector<std::string>&, std::vector<int64_t>&) { return false; }

  // Where a row_batch of `columns` values for "INSERT INTO t (a, b, c)" goes.
  virtual std::unique_ptr<row_writer> rows_into(std::string_view insert, int columns, row_batch& rows) = 0;

  // Each number bound on this connection is checked against storable_limit as
  // it is bound (the engine may then skip the schema's CHECK constraints).
  virtual void check_numbers_when_bound() { checks_numbers_ = true; }
  // False for a number a bind must refuse (NaN passes: it is stored as NULL).
  bool accepts(double v) const noexcept { return !checks_numbers_ || !(std::fabs(v) >= storable_limit); }
  // The user_error for `v`, bound as `where` (a table's column, a statement's parameter).
  [[noreturn]] void refuse_number(double v, const std::string& where) const;

 protected:
  explicit database(std::string shown) : file_(std::move(shown)) {}
  virtual std::unique_ptr<statement_impl> make_statement(const char* sql) = 0;

 private:
  std::string file_;
  bool checks_numbers_ = false;
};

// A file path or a postgresql:// URI (store/location.hpp), opened by its engine.
std::unique_ptr<database> open_database(const std::string& where, database::mode m);

class statement {
 public:
  statement(database& db, std::unique_ptr<statement_impl> impl) : db_(&db), impl_(std::move(impl)) {}

  // Parameters are 1-based; text is bound without a copy, so it must outlive step().
  statement& bind(int i, int64_t v);
  statement& bind(int i, double v);  // NaN is stored as NULL
  statement& bind(int i, std::string_view v);
  statement& bind_null(int i);
  // True while there is a row; false when done. Throws on errors.
  bool step() { return impl_->step(); }
  // Runs a statement that returns no rows and makes it ready to run again;
  // its parameters stay bound until bound anew.
  void run();
  void reset() { impl_->clear(); }

  int64_t integer(int col) const { return impl_->integer(col); }
  double number(int col) const { return impl_->number(col); }  // NULL is NaN
  std::string_view text(int col) const { return impl_->text(col); }
  bool is_null(int col) const { return impl_->kind(col) == value_kind::null; }
  int columns() const { return impl_->columns(); }
  // NULL (NaN) or a finite number; anything else is a damaged row, named by `where`.
  double checked_number(int col, const std::string& where) const;
  statement_impl& impl() { return *impl_; }

 private:
  database* db_;
  std::unique_ptr<statement_impl> impl_;
};

// begin() now; rollback() when destroyed without commit().
class transaction {
 public:
  explicit transaction(database& db) : db_(db) { db_.begin(); }
  ~transaction() {
    if (!done_) db_.rollback();
  }
  transaction(const transaction&) = delete;
  transaction& operator=(const transaction&) = delete;
  void commit() {
    db_.commit();
    done_ = true;
  }

 private:
  database& db_;
  bool done_ = false;
};

// read_database_ratings on an open connection: inside its transaction, what it has written so far counts.
// Whether `db` holds a run of `competition`.
bool holds_competition(database& db, const std::string& competition);
ratings_list read_ratings(database& db, const std::string& competition, player_table& players, int64_t before_run);

}  // namespace ratekit::store
