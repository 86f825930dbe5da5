// Reading and changing a rating database straight through SQLite, for the tests
// that check what a run stored.
#pragma once

#include <catch2/catch.hpp>
#include <sqlite3.h>

#include <filesystem>
#include <string>

namespace ratekit::testing {

// Runs fn on a connection to `db`, closed after it.
template <class F>
auto with_db(const std::filesystem::path& db, F fn) {
  sqlite3* h = nullptr;
  REQUIRE(sqlite3_open(db.c_str(), &h) == SQLITE_OK);
  const struct closer {
    sqlite3* h;
    ~closer() { sqlite3_close(h); }
  } close{h};
  return fn(h);
}

// The first value of `sql`'s first row on `db`, as text or as a number (exactly).
inline std::string sql_text(const std::filesystem::path& db, const std::string& sql) {
  return with_db(db, [&](sqlite3* h) {
    sqlite3_stmt* s = nullptr;
    REQUIRE(sqlite3_prepare_v2(h, sql.c_str(), -1, &s, nullptr) == SQLITE_OK);
    REQUIRE(sqlite3_step(s) == SQLITE_ROW);
    const unsigned char* text = sqlite3_column_text(s, 0);
    std::string v = text ? reinterpret_cast<const char*>(text) : "NULL";
    sqlite3_finalize(s);
    return v;
  });
}

inline double sql_number(const std::filesystem::path& db, const std::string& sql) {
  return with_db(db, [&](sqlite3* h) {
    sqlite3_stmt* s = nullptr;
    REQUIRE(sqlite3_prepare_v2(h, sql.c_str(), -1, &s, nullptr) == SQLITE_OK);
    REQUIRE(sqlite3_step(s) == SQLITE_ROW);
    const double v = sqlite3_column_double(s, 0);
    sqlite3_finalize(s);
    return v;
  });
}

inline void sql_exec(const std::filesystem::path& db, const std::string& sql) {
  with_db(db, [&](sqlite3* h) {
    char* error = nullptr;
    const int rc = sqlite3_exec(h, sql.c_str(), nullptr, nullptr, &error);
    INFO((error ? error : ""));
    sqlite3_free(error);
    REQUIRE(rc == SQLITE_OK);
  });
}

}  // namespace ratekit::testing
