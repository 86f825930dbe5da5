#include "store/sqlite.hpp"

#include "store/schema_tables.hpp"

#include <ratekit/host/text/diagnostics.hpp>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <utility>

#include <unistd.h>

namespace ratekit::store {

namespace {

// Told before SQLite's first use: without the memory statistics, its
// allocations take no global mutex (a few percent of a bulk insert).
void configure_sqlite() {
  static const int done = sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
  (void)done;  // SQLITE_MISUSE when something else started SQLite first: only slower
}

// The journal SQLite keeps beside the file: beside the file a symbolic link names, as SQLite follows it.
std::string journal_of(const std::string& file) {
  std::error_code ec;
  if (!std::filesystem::is_symlink(file, ec)) return file + "-journal";
  const std::filesystem::path real = std::filesystem::canonical(file, ec);
  return (ec ? file : real.string()) + "-journal";
}

// A run killed while recording leaves its journal beside the file, which only a
// connection that may write can roll back (a read-only one fails on it): one
// does, where it may, before a read-only connection opens. A journal of a run
// still recording is not rolled back: SQLite sees its lock.
void roll_back_interrupted(const std::string& file) {
  std::error_code ec;
  if (!std::filesystem::exists(journal_of(file), ec)) return;
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(file.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nullptr) == SQLITE_OK) {
    sqlite3_busy_timeout(db, 5000);
    sqlite3_exec(db, "SELECT count(*) FROM sqlite_master", nullptr, nullptr, nullptr);
  }
  sqlite3_close_v2(db);
}

// Whether the file records through a write-ahead log (its header's byte 18 is 2).
bool write_ahead_log(const std::string& file) {
  std::FILE* f = std::fopen(file.c_str(), "rb");
  unsigned char header[19] = {};
  const bool read = f && std::fread(header, 1, sizeof header, f) == sizeof header;
  if (f) std::fclose(f);
  return read && header[18] == 2;
}

// The file as SQLite's URI that opens it immutable: SQLite takes no lock and
// keeps no index of a write-ahead log, trusting that nothing changes the file.
std::string immutable_uri(const std::string& file) {
  std::error_code ec;
  const std::string path = std::filesystem::absolute(file, ec).string();
  std::string uri = "file:";
  for (const char c : ec ? file : path) {
    if (c != '%' && c != '?' && c != '#') {
      uri += c;
      continue;
    }
    char escaped[4];
    std::snprintf(escaped, sizeof escaped, "%%%02X", static_cast<unsigned>(static_cast<unsigned char>(c)));
    uri += escaped;
  }
  return uri + "?immutable=1";
}

}  // namespace

sqlite_database::sqlite_database(const std::filesystem::path& file, mode m) : database(file.string()) {
  configure_sqlite();
  if (m != mode::read_write && !std::filesystem::is_regular_file(file))
    throw user_error(this->file(), 0, 0, "rating database not found");
  if (m == mode::read_only) roll_back_interrupted(this->file());
  // A connection is used by one thread at a time: SQLite need not lock it on every call.
  const int flags = (m == mode::read_write ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READONLY) |
                    (m == mode::snapshot ? SQLITE_OPEN_URI : 0) | SQLITE_OPEN_NOMUTEX;
  const std::string name = m == mode::snapshot ? immutable_uri(this->file()) : this->file();
  if (sqlite3_open_v2(name.c_str(), &db_, flags, nullptr) != SQLITE_OK) fail("cannot open the rating database");
  sqlite3_busy_timeout(db_, 5000);  // another run may be recording
  exec("PRAGMA foreign_keys = ON");
  add_row_source(db_);
}

sqlite_database::~sqlite_database() { sqlite3_close_v2(db_); }

void sqlite_database::fail(const std::string& what) const {
  if (!db_) throw user_error(file(), 0, 0, what + ": out of memory");
  std::string text = what + ": " + sqlite3_errmsg(db_);
  // SQLite's "disk I/O error" says what failed, the system's error why (a full disk, a size limit).
  const int code = sqlite3_extended_errcode(db_) & 0xff;
  // SQLite reads errno again when it reports, which later calls may have reset:
  // the file's own record of its last failure is the steadier source.
  int system = sqlite3_system_errno(db_);
  if (system == 0) sqlite3_file_control(db_, "main", SQLITE_FCNTL_LAST_ERRNO, &system);
  // A run's pages go to the write-ahead log: its failure is that file's.
  sqlite3_file* log = nullptr;
  if (system == 0 && sqlite3_file_control(db_, "main", SQLITE_FCNTL_JOURNAL_POINTER, &log) == SQLITE_OK && log &&
      log->pMethods)
    log->pMethods->xFileControl(log, SQLITE_FCNTL_LAST_ERRNO, &system);
  if ((code == SQLITE_IOERR || code == SQLITE_FULL || code == SQLITE_CANTOPEN) && system != 0)
    text += " (" + std::string(std::strerror(system)) + ")";
  if (sqlite3_extended_errcode(db_) == SQLITE_READONLY_ROLLBACK)
    text += ": it holds the journal of a run that was interrupted (" + journal_of(file()) +
            "), which only a program allowed to write the database can roll back; a ratekit run that "
            "records into it does";
  else if (code == SQLITE_READONLY)
    text += why_read_only();
  throw user_error(file(), 0, 0, text);
}

// SQLite says "readonly database" for a folder where it may not create its
// journal too, or, for a reader of a file recorded through a write-ahead log,
// the log's index: the user is told that the folder is the cause.
std::string sqlite_database::why_read_only() const {
  const std::string parent = std::filesystem::path(journal_of(file())).parent_path().string();
  const std::string folder = parent.empty() ? std::string(".") : parent;  // not assigned: GCC 12 warns falsely
  const bool folder_open = ::access(folder.c_str(), W_OK | X_OK) == 0;
  if (::access(file().c_str(), W_OK) != 0 && !folder_open && write_ahead_log(file()))
    return ": this user may not create files in its folder " + folder +
           ", where SQLite keeps the index of the write-ahead log the runs record through (the -shm and -wal files "
           "beside the file) while the file is open; a reader needs them (" + std::strerror(errno) + ")";
  if (::access(file().c_str(), W_OK) != 0 || folder_open) return "";
  return ": this user may not create files in its folder " + folder +
         ", where a run writes its journal beside the file (" + std::strerror(errno) + ")";
}

void sqlite_database::check_numbers_when_bound() {
  exec("PRAGMA ignore_check_constraints = ON");
  database::check_numbers_when_bound();
}

void sqlite_database::exec(const char* sql) {
  // Through fail(): a statement run here (an upgrade, the commit) names the system's reason too.
  if (sqlite3_exec(db_, sql, nullptr, nullptr, nullptr) != SQLITE_OK) fail("rating database");
}

namespace {

class sqlite_statement final : public statement_impl {
 public:
  sqlite_statement(sqlite_database& db, const char* sql) : db_(db) {
    if (sqlite3_prepare_v2(db.handle(), sql, -1, &stmt_, nullptr) != SQLITE_OK) db.fail("rating database");
  }
  ~sqlite_statement() override { sqlite3_finalize(stmt_); }

  void bind(int i, int64_t v) override { check(sqlite3_bind_int64(stmt_, i, v)); }
  void bind(int i, double v) override { check(sqlite3_bind_double(stmt_, i, v)); }
  void bind(int i, std::string_view v) override {
    check(sqlite3_bind_text(stmt_, i, v.data(), int(v.size()), SQLITE_STATIC));
  }
  void bind_null(int i) override { check(sqlite3_bind_null(stmt_, i)); }

  bool step() override {
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    sqlite3_reset(stmt_);  // keeps the error message for fail()
    db_.fail("rating database");
  }
  void rewind() override { sqlite3_reset(stmt_); }
  void clear() override {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
  }

  value_kind kind(int col) const override {
    switch (sqlite3_column_type(stmt_, col)) {
      case SQLITE_NULL: return value_kind::null;
      case SQLITE_INTEGER: return value_kind::integer;
      case SQLITE_FLOAT: return value_kind::real;
      case SQLITE_BLOB: return value_kind::blob;
      default: return value_kind::text;
    }
  }
  int64_t integer(int col) const override { return sqlite3_column_int64(stmt_, col); }
  double number(int col) const override {
    return sqlite3_column_type(stmt_, col) == SQLITE_NULL ? NAN : sqlite3_column_double(stmt_, col);
  }
  std::string_view text(int col) const override {
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, col));
    return p ? std::string_view(p, size_t(sqlite3_column_bytes(stmt_, col))) : std::string_view();
  }
  std::string sql() const override { return sqlite3_sql(stmt_); }
  int columns() const override { return sqlite3_column_count(stmt_); }

 private:
  void check(int rc) const {
    if (rc != SQLITE_OK) db_.fail("rating database");
  }
  sqlite_database& db_;
  sqlite3_stmt* stmt_ = nullptr;
};

}  // namespace

std::unique_ptr<statement_impl> sqlite_database::make_statement(const char* sql) {
  return std::make_unique<sqlite_statement>(*this, sql);
}

void sqlite_database::open_for_recording(const std::string&, bool) {
  exec("PRAGMA page_size = 16384");  // a new file's: rows go in by the million, fewer and larger pages
  upgrade_schema();
  if (has_table("games")) {
    exec(player_indexes().c_str());  // a file recorded before them gets them once
    // A run's pages go to the write-ahead log, not into the file: readers (ratekit serve) keep reading
    // the database as it was, however much the run writes before it commits. Not a new file's first
    // run: no one reads it yet, and switching writes the file at once (an empty file a failed run leaves as it was).
    exec("PRAGMA journal_mode = WAL");
  }
  // The host writes every reference itself: checking each row's would cost more than the rows.
  exec("PRAGMA foreign_keys = OFF");
  // Every number is checked as it is bound, against the rule the CHECK constraints state, so SQLite need not.
  check_numbers_when_bound();
  exec(recording_cache);
}

void sqlite_database::begin() { exec("BEGIN IMMEDIATE"); }

void sqlite_database::commit() { exec("COMMIT"); }

void sqlite_database::rollback() noexcept {
  try {
    exec("ROLLBACK");
  } catch (...) {  // SQLite may already have rolled back; nothing is left to undo
  }
  // After a failed write (a full disk, a size limit) the connection keeps its
  // journal: a read makes SQLite roll the file back from it now, so no reader
  // meets a hot journal it may not roll back itself.
  try {
    exec("SELECT count(*) FROM sqlite_master");
  } catch (...) {  // the journal stays; the next connection that may write rolls it back
  }
}

}  // namespace ratekit::store
