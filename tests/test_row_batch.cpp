// store::row_batch: rows held in memory and inserted a batch at a time, each
// value exactly as bound, at the capacity exactly, and nothing reachable from SQL.
#include "store/row_batch.hpp"
#include "store/sqlite.hpp"

#include "test_support.hpp"

#include <ratekit/host/text/diagnostics.hpp>

#include <catch2/catch.hpp>

#include <cfloat>
#include <climits>
#include <cmath>
#include <string>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_row_batch {

using namespace ratekit;
using store::row_batch;

namespace {

struct scratch_db {
  testing::temp_dir dir;
  store::sqlite_database db{dir / "rows.db", store::database::mode::read_write};
  scratch_db() { db.exec("CREATE TABLE t (a ANY, b ANY, c ANY) STRICT"); }

  int64_t count() {
    store::statement s = db.prepare("SELECT count(*) FROM t");
    s.step();
    return s.integer(0);
  }
  // A number as SQLite's quote() shows it, from SQLite's own binding of it.
  std::string quote(double v) {
    store::statement s = db.prepare("SELECT quote(?1)");
    s.bind(1, v).step();
    return std::string(s.text(0));
  }
  // Each row as "type:value|type:value|type:value", in insertion order.
  std::vector<std::string> rows() {
    std::vector<std::string> out;
    store::statement s = db.prepare(
        "SELECT typeof(a) || ':' || quote(a) || '|' || typeof(b) || ':' || quote(b) || '|' || typeof(c) || ':' || "
        "quote(c) FROM t ORDER BY rowid");
    while (s.step()) out.emplace_back(s.text(0));
    return out;
  }
};

}  // namespace

TEST_CASE("a row batch stores each value as bound: integers, reals, text, NaN and unbound as NULL", "[store]") {
  scratch_db s;
  row_batch rows(s.db, "INSERT INTO t (a, b, c)", 3);
  rows.bind(1, int64_t(INT64_MIN)).bind(2, int64_t(INT64_MAX)).bind(3, int64_t(0)).run();
  rows.bind(1, 0.1 + 0.2).bind(2, -1e-300).bind(3, 1.7976931348623157e308).run();
  rows.bind(1, NAN).bind(2, std::string_view("")).bind(3, std::string_view("Ötzi, \"quoted\"")).run();
  rows.bind(1, int64_t(7)).run();  // b and c never bound
  rows.bind_null(1).bind(2, std::string_view("x")).bind_null(3).run();
  CHECK(s.count() == 0);  // held until flushed
  rows.flush();
  CHECK(s.rows() == std::vector<std::string>{
                        "integer:-9223372036854775808|integer:9223372036854775807|integer:0",
                        "real:" + s.quote(0.1 + 0.2) + "|real:-1.0e-300|real:" + s.quote(1.7976931348623157e308),
                        "null:NULL|text:''|text:'Ötzi, \"quoted\"'",
                        "integer:7|null:NULL|null:NULL",
                        "null:NULL|text:'x'|null:NULL",
                    });
  // Exact, not only as quote() prints them.
  store::statement r = s.db.prepare("SELECT a, b, c FROM t WHERE rowid = 2");
  REQUIRE(r.step());
  CHECK(r.number(0) == 0.1 + 0.2);
  CHECK(r.number(1) == -1e-300);
  CHECK(r.number(2) == 1.7976931348623157e308);
}

TEST_CASE("a row batch goes in when it holds its capacity, not a row before, flush inserts the rest", "[store]") {
  scratch_db s;
  row_batch rows(s.db, "INSERT INTO t (a, b, c)", 3, 4);
  for (int64_t i = 1; i <= 3; ++i) rows.bind(1, i).bind(2, i * 10).bind(3, std::string_view("r" + std::to_string(i))).run();
  CHECK(s.count() == 0);
  CHECK(rows.held() == 3);
  rows.bind(1, int64_t(4)).bind(2, int64_t(40)).bind(3, std::string_view("r4")).run();
  CHECK(s.count() == 4);
  CHECK(rows.held() == 0);
  rows.flush();  // nothing held: nothing inserted
  CHECK(s.count() == 4);
  // After a batch, a value not bound is NULL again in every row, whatever the last batch held there.
  rows.bind(1, int64_t(5)).run();
  rows.flush();
  CHECK(s.count() == 5);
  CHECK(s.rows().back() == "integer:5|null:NULL|null:NULL");
  CHECK(s.rows()[2] == "integer:3|integer:30|text:'r3'");
  for (int64_t i = 6; i <= 9; ++i) rows.bind(1, i).run();  // a full batch again
  const auto all = s.rows();
  REQUIRE(all.size() == 9);
  for (size_t r = 5; r < 9; ++r) CHECK(all[r] == "integer:" + std::to_string(r + 1) + "|null:NULL|null:NULL");
}

TEST_CASE("a row batch copies text: later rows and a reused buffer leave it as bound, over several batches", "[store]") {
  scratch_db s;
  row_batch rows(s.db, "INSERT INTO t (a, b, c)", 3, 3);
  std::string buffer;
  for (int i = 0; i < 10; ++i) {
    buffer = std::string(size_t(i) * 7 + 1, char('a' + i));  // grows: the text store moves
    rows.bind(1, int64_t(i)).bind(2, std::string_view(buffer)).bind(3, std::string_view(buffer).substr(0, 1)).run();
    buffer.assign(buffer.size(), '#');
  }
  rows.flush();
  const auto all = s.rows();
  REQUIRE(all.size() == 10);
  for (int i = 0; i < 10; ++i) {
    const std::string text(size_t(i) * 7 + 1, char('a' + i));
    CHECK(all[size_t(i)] == "integer:" + std::to_string(i) + "|text:'" + text + "'|text:'" + text.substr(0, 1) + "'");
  }
}

TEST_CASE("a row a table refuses fails its batch with the database named, and none of the batch is kept", "[store]") {
  scratch_db s;
  s.db.exec("CREATE TABLE checked (v REAL CHECK (abs(v) < 1e308)) STRICT");
  row_batch rows(s.db, "INSERT INTO checked (v)", 1, 8);
  rows.bind(1, 1.0).run();
  rows.bind(1, INFINITY).run();
  rows.bind(1, 2.0).run();
  try {
    rows.flush();
    FAIL("the infinity was inserted");
  } catch (const user_error& e) {
    CHECK_THAT(e.what(), Catch::Contains("rows.db") && Catch::Contains("CHECK constraint failed"));
  }
  store::statement n = s.db.prepare("SELECT count(*) FROM checked");
  n.step();
  CHECK(n.integer(0) == 0);
}

TEST_CASE("ratekit_rows reads nothing SQL text can name: no batch, no rows", "[store][security]") {
  scratch_db s;
  row_batch rows(s.db, "INSERT INTO t (a, b, c)", 3);
  rows.bind(1, int64_t(1)).run();  // held, and not visible below
  for (const char* sql : {"SELECT count(*) FROM ratekit_rows(1)", "SELECT count(*) FROM ratekit_rows('x')",
                          "SELECT count(*) FROM ratekit_rows(NULL)"}) {
    store::statement q = s.db.prepare(sql);
    REQUIRE(q.step());
    CHECK(q.integer(0) == 0);
  }
  CHECK_THROWS_AS(s.db.prepare("SELECT * FROM ratekit_rows"), user_error);  // the batch is required
  CHECK_THROWS_AS(s.db.exec("CREATE VIRTUAL TABLE v USING ratekit_rows"), user_error);  // never part of a schema
}

TEST_CASE("a connection that checks numbers as bound refuses them at the schema's limit, naming the column, and "
          "leaves CHECK constraints to other connections",
          "[store]") {
  scratch_db s;
  s.db.exec("CREATE TABLE checked (id INTEGER, v REAL CHECK (abs(v) < 1e308), w REAL CHECK (w > 0)) STRICT");
  s.db.check_numbers_when_bound();
  row_batch rows(s.db, "INSERT INTO checked (id, v)", 2, 4);
  const double largest = std::nextafter(store::storable_limit, 0.0);
  int64_t id = 0;
  for (const double v : {largest, -largest, 0.0, double(NAN)}) rows.bind(1, ++id).bind(2, v).run();
  for (const double v : {store::storable_limit, -store::storable_limit, double(INFINITY), -double(INFINITY), DBL_MAX}) {
    INFO(v);
    try {
      rows.bind(2, v);
      FAIL("a number the schema refuses was bound");
    } catch (const user_error& e) {
      CHECK_THAT(e.what(), Catch::Contains("rows.db") && Catch::Contains("as checked.v:") &&
                               Catch::Contains("finite numbers under 1e308 in size"));
    }
  }
  rows.flush();
  store::statement stored = s.db.prepare("SELECT count(*), max(v), min(v), count(v) FROM checked");
  REQUIRE(stored.step());
  CHECK(stored.integer(0) == 4);
  CHECK(stored.number(1) == largest);
  CHECK(stored.number(2) == -largest);
  CHECK(stored.integer(3) == 3);  // NaN as NULL

  store::statement one = s.db.prepare("INSERT INTO checked (id, v) VALUES (?1, ?2)");
  CHECK_NOTHROW(one.bind(1, int64_t(9)).bind(2, largest).run());
  CHECK_THROWS_WITH(one.bind(2, -double(INFINITY)),
                    Catch::Contains("cannot store -inf as parameter 2 of INSERT INTO checked (id, v)"));
  // SQLite evaluates no CHECK on this connection: the binds are the guard.
  CHECK_NOTHROW(s.db.exec("INSERT INTO checked (id, w) VALUES (10, -1)"));
  // Another connection to the file keeps every constraint.
  store::sqlite_database other(s.dir / "rows.db", store::database::mode::read_write);
  CHECK_THROWS_WITH(other.exec("INSERT INTO checked (id, w) VALUES (11, -1)"), Catch::Contains("CHECK constraint failed"));
  store::statement plain = other.prepare("INSERT INTO checked (id, v) VALUES (12, ?1)");
  CHECK_THROWS_WITH(plain.bind(1, double(INFINITY)).run(), Catch::Contains("CHECK constraint failed"));
}

TEST_CASE("every CHECK constraint of the schema is the rule the binds check: a REAL column under storable_limit",
          "[store]") {
  // A recording connection leaves its CHECKs to the binds (check_numbers_when_bound): a constraint of any other
  // kind added to the schema would go unchecked there.
  testing::temp_dir dir;
  store::sqlite_database db(dir / "new.db", store::database::mode::read_write);
  db.ensure_schema();
  CHECK(store::storable_limit == 1e308);  // the literal the schema's constraints state
  store::statement tables = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table'");
  int checks = 0, reals = 0;
  while (tables.step()) {
    const std::string table(tables.text(0)), sql(tables.text(1));
    INFO(sql);
    for (size_t at = sql.find("CHECK"); at != std::string::npos; at = sql.find("CHECK", at + 1)) ++checks;
    store::statement columns = db.prepare(("SELECT name, type FROM pragma_table_info('" + table + "')").c_str());
    while (columns.step()) {
      const std::string column(columns.text(0));
      const bool real = columns.text(1) == "REAL";
      reals += real;
      CHECK((sql.find(" " + column + " REAL NOT NULL CHECK (abs(" + column + ") < 1e308)") != std::string::npos ||
             sql.find(" " + column + " REAL CHECK (abs(" + column + ") < 1e308)") != std::string::npos) == real);
    }
  }
  CHECK(checks == reals);
  CHECK(reals == 18);  // players 1, ratings 2, states 1, games 9, entries 5
}

}  // namespace test_row_batch
