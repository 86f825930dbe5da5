// The pieces of `ratekit serve` that need no server: names folded for the
// search, the date a period counts at, the path's segments.
#include "serve/serve_support.hpp"

#include "serve/http_reply.hpp"
#include "serve/list_query.hpp"
#include "serve/name_search.hpp"
#include "store/period_dates.hpp"

#include <sqlite3.h>
#include <unistd.h>

#include <cstdlib>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_serve_parts {

using namespace ratekit::serve;
using ratekit::store::period_date;
using namespace ratekit::testing;

TEST_CASE("serve: the name search folds case and the accents of Latin letters", "[serve]") {
  CHECK(folded("\u017dofia \u0106osi\u0107") == "zofia cosic");
  CHECK(folded("\u00c9MILE \u00d8stergaard \u0141ukasz") == "emile ostergaard lukasz");
  CHECK(folded("\u00d7") == "\u00d7");  // a sign, no letter: kept
  CHECK(name_matches("Short, Nigel", "nig"));
  CHECK(name_matches("Short, Nigel", "short, n"));
  CHECK(!name_matches("Short, Nigel", "hort"));
  CHECK(name_matches("Jean-Luc Picard", "luc"));
  CHECK(!name_matches("Ab", "abc"));
}

TEST_CASE("serve: a period counts at the last day its label names, else at its run's day", "[serve]") {
  CHECK(period_date("2024-02-05", "2025-01-01T00:00:00Z") == 20240205);
  CHECK(period_date("2024-02", "2025-01-01T00:00:00Z") == 20240229);
  CHECK(period_date("2023-02", "") == 20230228);
  CHECK(period_date("2024-12", "") == 20241231);
  CHECK(period_date("1958", "") == 19581231);
  CHECK(period_date("2024-01-05..2024-01-19", "") == 20240119);
  CHECK(period_date("Club night", "2024-11-21T06:20:11Z") == 20241121);
  CHECK(period_date("2024-13", "2024-11-21T06:20:11Z") == 20241121);
  CHECK(period_date("open.egd", "") == 0);
}

TEST_CASE("serve: the path's segments are decoded one by one, below the base only", "[serve]") {
  bool below = false;
  CHECK(path_segments("/api/competitions/cup/players/A%2FB%20Team/games?page=2", "", below) ==
        std::vector<std::string>{"api", "competitions", "cup", "players", "A/B Team", "games"});
  CHECK(below);
  CHECK(path_segments("/ratings/api/competitions", "/ratings", below) == std::vector<std::string>{"api", "competitions"});
  CHECK(below);
  path_segments("/ratingsx/api", "/ratings", below);
  CHECK(!below);
  CHECK_THROWS_AS(path_segments("/a%2", "", below), bad_request);
  CHECK_THROWS_AS(path_segments("/a%C3%28", "", below), bad_request);
  CHECK_THROWS_AS(path_segments("/a%0Ab", "", below), bad_request);
  CHECK(http_date("2024-11-21T06:20:11Z") == "Thu, 21 Nov 2024 06:20:11 GMT");
}

namespace {

// The first column of each row `sql` gives in the SQLite file `db`.
std::vector<std::string> first_column(const std::filesystem::path& db, const char* sql) {
  sqlite3* h = nullptr;
  REQUIRE(sqlite3_open(db.string().c_str(), &h) == SQLITE_OK);
  sqlite3_stmt* s = nullptr;
  REQUIRE(sqlite3_prepare_v2(h, sql, -1, &s, nullptr) == SQLITE_OK);
  std::vector<std::string> out;
  while (sqlite3_step(s) == SQLITE_ROW) out.emplace_back(reinterpret_cast<const char*>(sqlite3_column_text(s, 0)));
  sqlite3_finalize(s);
  sqlite3_close(h);
  return out;
}

const char* const player_indexes =
    "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name IN ('games', 'entries') ORDER BY name";

}  // namespace

TEST_CASE("serve: a player's games and events have indexes by player, which a run adds to a file recorded before them", "[serve]") {
  recorded_database db;
  const std::vector<std::string> all{"entries_by_player", "games_by_player_a", "games_by_player_b"};
  CHECK(first_column(db.db(), player_indexes) == all);  // made after the first run's games went in
  for (const auto& index : all) first_column(db.db(), ("DROP INDEX " + index).c_str());
  REQUIRE(first_column(db.db(), player_indexes).empty());
  write_text(db.dir / "mar.csv", "date,player_a,player_b,score_a\n2024-03-02,\"Short, Nigel\",A/B Team,1\n");
  db.run("club.yaml --input mar.csv --out club-mar");
  CHECK(first_column(db.db(), player_indexes) == all);
  // A reader learns of nothing it cannot use: the file keeps the layout it had.
  CHECK(first_column(db.db(), "PRAGMA user_version") == std::vector<std::string>{"7"});
}

TEST_CASE("serve: a run records through the write-ahead log, and the file holds it all when the run ends", "[serve]") {
  const recorded_database db;  // its own: no server has read it
  CHECK_FALSE(std::filesystem::exists(db.db().string() + "-wal"));
  CHECK(first_column(db.db(), "PRAGMA journal_mode") == std::vector<std::string>{"wal"});
}

// As root the reader is another user (root may create anything); else the folder is closed to its owner.
TEST_CASE("serve: a reader who may not create the write-ahead log's index beside a file is told why", "[serve]") {
  const recorded_database db;
  const bool root = ::geteuid() == 0;
  const std::string as_other = root ? "runuser -u nobody -- " : "";
  if (root && std::system((as_other + "test -x " + RATEKIT_EXE).c_str()) != 0) {
    WARN("skipped: user nobody cannot run " RATEKIT_EXE " (the build is in a folder closed to others)");
    return;
  }
  std::filesystem::permissions(db.db(), std::filesystem::perms(0644));
  std::filesystem::permissions(db.dir.path(), root ? std::filesystem::perms(0755) : std::filesystem::perms(0555));
  const auto r = run_cli("history " + db.db().string() + " Brazil", as_other);
  std::filesystem::permissions(db.dir.path(), std::filesystem::perms(0755));
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("ratings.db: rating database: attempt to write a readonly database: this user may not "
                                    "create files in its folder " + db.dir.path().string() +
                                    ", where SQLite keeps the index of the write-ahead log"));
}

}  // namespace test_serve_parts
