// The PostgreSQL tests' server (tests/postgres/server.sh, started by ctest's
// fixture postgres_server): a schema of its own for each test, and every
// table's rows read the same way from a SQLite file or the server.
#pragma once

#include "store/database.hpp"
#include "store/postgres.hpp"

#include <catch2/catch.hpp>

#include <charconv>
#include <cstdlib>
#include <string>
#include <vector>

#include "test_support.hpp"

namespace ratekit::testing {

// The server's socket folder, from ctest (postgres_store in tests/CMakeLists.txt).
inline std::string pg_dir() {
  const char* dir = std::getenv("RATEKIT_TEST_PG_DIR");
  INFO("the PostgreSQL tests run with the server of ctest's fixture: ctest -R postgres_store");
  REQUIRE(dir != nullptr);
  return dir;
}

// As the superuser postgres, or a role of server.sh: ratekit_fast, granted SET
// on session_replication_role, and ratekit_plain, not.
inline std::string pg_server_uri(const std::string& role = "postgres") {
  return "postgresql://" + role + "@/postgres?host=" + pg_dir();
}

// A fresh, empty schema `name` that `role` owns; uri records into it as `role` (its search_path).
struct pg_schema {
  std::string name, uri;
  explicit pg_schema(const std::string& schema, const std::string& role = "postgres")
      : name(schema), uri(pg_server_uri(role) + "&application_name=" + schema + "&options=-csearch_path%3D" + schema) {
    store::postgres_database(pg_server_uri(), store::database::mode::read_write)
        .exec(("SET client_min_messages = warning;DROP SCHEMA IF EXISTS " + name + " CASCADE;CREATE SCHEMA " + name +
               " AUTHORIZATION " + role).c_str());
  }
  void exec(const std::string& sql) const {
    store::postgres_database db(uri, store::database::mode::read_write);
    db.exec(sql.c_str());
  }
  int64_t count(const std::string& table) const {
    store::postgres_database db(uri, store::database::mode::read_only);
    store::statement s = db.prepare(("SELECT count(*) FROM " + table).c_str());
    REQUIRE(s.step());
    return s.integer(0);
  }
};

// A value as text, the same from either engine: numbers in the shortest form that reads back exactly.
inline std::string shown(const store::statement& s, int col, store::value_kind kind) {
  char text[32];
  switch (kind) {
    case store::value_kind::null: return "NULL";
    case store::value_kind::integer: return std::string(text, std::to_chars(text, text + 32, s.integer(col)).ptr);
    case store::value_kind::real: return std::string(text, std::to_chars(text, text + 32, s.number(col)).ptr);
    default: return "'" + std::string(s.text(col)) + "'";
  }
}

// The history tables' columns a run of one input records the same into any
// database (not recorded_at, nor the config and its fingerprint, which name the database), in key order.
struct table_query {
  const char* table;
  const char* sql;
};
inline const std::vector<table_query>& comparable_tables() {
  static const std::vector<table_query> tables = {
      {"competitions", "SELECT id, name FROM competitions ORDER BY id"},
      {"runs", "SELECT id, competition_id, model, plugin_version, params, inputs FROM runs ORDER BY id"},
      {"periods", "SELECT * FROM periods ORDER BY id"},
      {"players", "SELECT * FROM players ORDER BY id"},
      {"ratings", "SELECT * FROM ratings ORDER BY period_id, player_id"},
      {"states", "SELECT * FROM states ORDER BY run_id, player_id, field"},
      {"games", "SELECT * FROM games ORDER BY run_id, seq"},
      {"entries", "SELECT * FROM entries ORDER BY run_id, seq"},
  };
  return tables;
}

// Each row of `sql` as "v1|v2|...", from a file or the server.
inline std::vector<std::string> table_rows(const std::string& where, const char* sql) {
  const auto db = store::open_database(where, store::database::mode::read_only);
  store::statement s = db->prepare(sql);
  std::vector<std::string> rows;
  while (s.step()) {
    std::string row;
    for (int c = 0; c < s.columns(); ++c) row += (c ? "|" : "") + shown(s, c, s.impl().kind(c));
    rows.push_back(row);
  }
  return rows;
}

// A competition config recording into `database` (a URI is quoted).
inline std::string config_into(const std::string& head, const std::string& database) {
  return head + "output: { database: \"" + database + "\" }\n";
}

// Configs of fide-logistic by month, each recording into one database, run by
// name (config NAME.yaml, outputs in out-NAME).
struct monthly_runs {
  temp_dir dir;
  std::string database;
  explicit monthly_runs(std::string into) : database(std::move(into)) {}
  void config(const std::string& name, const std::string& competition, const std::string& games_csv) const {
    write_text(dir / (name + ".yaml"),
               config_into("competition: " + competition + "\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
                           "period: month\ninput: { format: games-csv, path: " + games_csv + " }\n", database));
  }
  command_result run(const std::string& name, const std::string& flags = "") const {
    return run_cli("run '" + (dir / (name + ".yaml")).string() + "' --out '" + (dir / ("out-" + name)).string() + "'" + flags);
  }
};

}  // namespace ratekit::testing
