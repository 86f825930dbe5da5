// ratekit serve --snapshot: a copy of the database no run records into is read
// as it is, without the write-ahead log's index files a reader makes beside it
// otherwise (so a folder the server may not write serves it).
#include "serve/serve_support.hpp"

#include <sqlite3.h>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_serve_snapshot {

using namespace ratekit::testing;

namespace {

// A copy of the tests' database in a folder of its own, in the write-ahead log mode the runs leave.
std::filesystem::path copy_in_log_mode(const temp_dir& dir) {
  const auto copy = dir / "copy.db";
  std::filesystem::copy_file(recorded().db(), copy);
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(copy.c_str(), &db) == SQLITE_OK);
  sqlite3_exec(db, "PRAGMA journal_mode = WAL", nullptr, nullptr, nullptr);
  sqlite3_close(db);
  return copy;
}

}  // namespace

TEST_CASE("serve --snapshot: a copy is served without the log's index files beside it", "[serve]") {
  temp_dir dir;
  const auto copy = copy_in_log_mode(dir);
  REQUIRE(!std::filesystem::exists(dir / "copy.db-shm"));
  const test_server original(recorded().db());
  const std::string list = original.get("/api/competitions/cup/ratings.csv")->body;
  {
    const test_server snapshot(copy, 1, 64, "", true);
    CHECK(snapshot.get("/api/competitions/cup/ratings.csv")->body == list);
    CHECK(snapshot.get("/api/competitions/club/players/A%2FB%20Team")->status == 200);
    CHECK(!std::filesystem::exists(dir / "copy.db-shm"));
    CHECK(!std::filesystem::exists(dir / "copy.db-wal"));
  }
  // Without it, a reader of a file in the log's mode keeps the log's index beside it.
  const test_server reader(copy);
  CHECK(reader.get("/api/competitions/cup/ratings.csv")->body == list);
  CHECK(std::filesystem::exists(dir / "copy.db-shm"));
}

TEST_CASE("serve --snapshot: a PostgreSQL database is refused, naming the option", "[serve]") {
  ratekit::serve_options o;
  o.database = "postgresql://nobody@/none?host=/nonexistent";
  o.snapshot = true;
  o.port = 0;
  try {
    ratekit::server s(o, builtin());
    FAIL("not refused");
  } catch (const std::exception& e) {
    CHECK(std::string(e.what()).find("--snapshot reads a SQLite file") != std::string::npos);
  }
}

}  // namespace test_serve_snapshot
