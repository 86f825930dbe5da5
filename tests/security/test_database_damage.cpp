// The history database holds numbers where numbers belong: STRICT tables refuse
// text and infinities on writing, and a damaged value read back is an error
// naming the table, player and field. Layout-1 files are upgraded in place.
#include "test_support.hpp"

#include <ratekit/host/input/dataset.hpp>
#include <ratekit/host/store/store.hpp>
#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/text/format.hpp>

#include <catch2/catch.hpp>

#include <sqlite3.h>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_database_damage {

using namespace ratekit;
using ratekit::player_table;  // not the playerratings tests' table of the same name
namespace fs = std::filesystem;

namespace {

int exec(const fs::path& db, const std::string& sql, std::string* error = nullptr) {
  sqlite3* h = nullptr;
  REQUIRE(sqlite3_open(db.c_str(), &h) == SQLITE_OK);
  char* message = nullptr;
  const int rc = sqlite3_exec(h, sql.c_str(), nullptr, nullptr, &message);
  if (error && message) *error = message;
  sqlite3_free(message);
  sqlite3_close(h);
  return rc;
}

struct recorded {
  testing::temp_dir dir;
  recorded() {
    testing::write_text(dir / "games.csv", "date,player_a,player_b,score_a\n2024-01-01,A,B,1\n");
    testing::write_text(dir / "c.yaml", "competition: club\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
                                        "input: { format: games-csv, path: games.csv }\noutput: { database: c.db }\n");
    REQUIRE(testing::run_cli("run " + (dir / "c.yaml").string() + " --out " + (dir / "out").string()).status == 0);
  }
  std::string read_back() const {
    player_table players;
    try {
      read_database_ratings(dir / "c.db", "club", players);
      return "";
    } catch (const user_error& e) {
      return e.what();
    }
  }
};

// Layout 1, as ratekit wrote it before layout 2: the same tables, not STRICT.
const char* layout_1 = R"sql(
CREATE TABLE competitions (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE runs (id INTEGER PRIMARY KEY, competition_id INTEGER NOT NULL REFERENCES competitions(id),
  recorded_at TEXT NOT NULL, model TEXT NOT NULL, plugin_version TEXT NOT NULL, params TEXT NOT NULL,
  inputs TEXT NOT NULL, config_file TEXT NOT NULL, config_text TEXT NOT NULL);
CREATE TABLE periods (id INTEGER PRIMARY KEY, competition_id INTEGER NOT NULL REFERENCES competitions(id),
  run_id INTEGER NOT NULL REFERENCES runs(id), label TEXT NOT NULL, UNIQUE (competition_id, label));
CREATE TABLE players (id INTEGER PRIMARY KEY, competition_id INTEGER NOT NULL REFERENCES competitions(id),
  name TEXT NOT NULL, external_id TEXT, federation TEXT, birth_year REAL, UNIQUE (competition_id, name));
CREATE INDEX players_by_name ON players (name);
CREATE INDEX players_by_external_id ON players (external_id);
CREATE TABLE ratings (period_id INTEGER NOT NULL REFERENCES periods(id), player_id INTEGER NOT NULL
  REFERENCES players(id), rating REAL NOT NULL, change REAL NOT NULL, games INTEGER NOT NULL,
  PRIMARY KEY (player_id, period_id)) WITHOUT ROWID;
CREATE TABLE states (run_id INTEGER NOT NULL REFERENCES runs(id), player_id INTEGER NOT NULL REFERENCES players(id),
  field TEXT NOT NULL, value REAL, PRIMARY KEY (player_id, run_id, field)) WITHOUT ROWID;
CREATE TABLE games (run_id INTEGER NOT NULL REFERENCES runs(id), seq INTEGER NOT NULL,
  period_id INTEGER NOT NULL REFERENCES periods(id), player_a INTEGER NOT NULL REFERENCES players(id),
  player_b INTEGER NOT NULL REFERENCES players(id), score_a REAL NOT NULL, expected_a REAL, expected_b REAL,
  k_a REAL, k_b REAL, change_a REAL, change_b REAL, rating_a REAL, rating_b REAL, PRIMARY KEY (run_id, seq))
  WITHOUT ROWID;
CREATE TABLE entries (run_id INTEGER NOT NULL REFERENCES runs(id), seq INTEGER NOT NULL,
  period_id INTEGER NOT NULL REFERENCES periods(id), player_id INTEGER NOT NULL REFERENCES players(id),
  rank REAL NOT NULL, expected REAL, weight REAL, change REAL, rating REAL, skipped INTEGER NOT NULL,
  PRIMARY KEY (run_id, seq)) WITHOUT ROWID;
INSERT INTO competitions VALUES (1, 'club');
INSERT INTO runs VALUES (1, 1, '2024-01-31T00:00:00Z', 'fide-logistic', '1.0.0', '{}', '[]', 'c.yaml', '');
INSERT INTO periods VALUES (1, 1, 1, '2023-12');
INSERT INTO players VALUES (1, 1, 'A', NULL, NULL, NULL), (2, 1, 'B', NULL, NULL, NULL);
INSERT INTO ratings VALUES (1, 1, 1612.5, 12.5, 3), (1, 2, 1387.5, -12.5, 3);
INSERT INTO states VALUES (1, 1, 'rating', 1612.5), (1, 2, 'rating', 1387.5);
PRAGMA user_version = 1;
)sql";

}  // namespace

TEST_CASE("text and infinities are refused by the database's tables", "[security][store]") {
  const recorded r;
  std::string error;
  CHECK(exec(r.dir / "c.db", "UPDATE states SET value = 'abc'", &error) != SQLITE_OK);
  CHECK_THAT(error, Catch::Contains("cannot store TEXT value in REAL column states.value"));
  CHECK(exec(r.dir / "c.db", "UPDATE ratings SET rating = 9e999", &error) != SQLITE_OK);
  CHECK_THAT(error, Catch::Contains("CHECK constraint failed"));
  CHECK(exec(r.dir / "c.db", "UPDATE games SET expected_a = -9e999", &error) != SQLITE_OK);
  CHECK(exec(r.dir / "c.db", "UPDATE ratings SET rating = 1e307") == SQLITE_OK);  // large but finite
  CHECK(r.read_back() == "");
}

TEST_CASE("a damaged value read back names its table, player and field", "[security][store]") {
  // Layout 1 had no STRICT tables: a hand edit could leave text where a rating was.
  const testing::temp_dir dir;
  REQUIRE(exec(dir / "old.db", layout_1) == SQLITE_OK);
  REQUIRE(exec(dir / "old.db", "UPDATE states SET value = 'lots' WHERE player_id = 2") == SQLITE_OK);
  player_table players;
  CHECK_THROWS_WITH(read_database_ratings(dir / "old.db", "club", players),
                    Catch::Contains("old.db: damaged rating database: table states, player 'B', field 'rating': "
                                    "expected a finite number, found text 'lots'"));
  REQUIRE(exec(dir / "old.db", "UPDATE states SET value = 9e999 WHERE player_id = 2") == SQLITE_OK);
  player_table again;
  CHECK_THROWS_WITH(read_database_ratings(dir / "old.db", "club", again), Catch::Contains("found inf"));
}

TEST_CASE("the host's values in a database are checked as a ratings list's are", "[security][store][readers]") {
  const testing::temp_dir dir;
  REQUIRE(exec(dir / "old.db", layout_1) == SQLITE_OK);
  const auto read_with = [&](const std::string& field, const std::string& value) {
    REQUIRE(exec(dir / "old.db", "DELETE FROM states WHERE field = '" + field + "'") == SQLITE_OK);
    // A's too, sound: a run records every field for every player, so a field only B has is damage of its own.
    REQUIRE(exec(dir / "old.db", "INSERT INTO states VALUES (1, 1, '" + field + "', " + (field == "games" ? "0" : "NULL") +
                                     "), (1, 2, '" + field + "', " + value + ")") == SQLITE_OK);
    player_table players;
    try {
      read_database_ratings(dir / "old.db", "club", players);
      return std::string();
    } catch (const user_error& e) {
      return std::string(e.what());
    }
  };
  const std::string where = "damaged rating database: table states, player 'B', field '";
  for (const std::string bad : {"2.5", "-1", "1e15"})
    CHECK_THAT(read_with("games", bad), Catch::Contains(where + "games': expected a whole number of games, 0 or more, found "));
  CHECK(read_with("games", "0") == "");
  CHECK(read_with("games", "999999999999999") == "");
  for (const std::string bad : {"20241399", "20230229", "2024010.5"})
    CHECK_THAT(read_with("last_played", bad), Catch::Contains(where + "last_played': expected a date written yyyymmdd, or 0"));
  CHECK(read_with("last_played", "20240229") == "");
  for (const std::string bad : {"9007199254740992", "1.5", "1e300"})
    CHECK_THAT(read_with("last_period", bad), Catch::Contains(where + "last_period': expected a whole period number within 2^53"));
  CHECK(read_with("last_period", "9007199254740991") == "");
  CHECK(read_with("last_period", "NULL") == "");
  REQUIRE(exec(dir / "old.db", "UPDATE players SET birth_year = 0 WHERE name = 'B'") == SQLITE_OK);
  CHECK_THAT(read_with("games", "3"), Catch::Contains("damaged rating database: table players, player 'B', birth_year: "
                                                      "expected a birth year from 1 to 9999, found 0"));
  REQUIRE(exec(dir / "old.db", "UPDATE players SET birth_year = 1990 WHERE name = 'B'") == SQLITE_OK);
  CHECK(read_with("games", "3") == "");
}

TEST_CASE("a damaged state object read back by `ratekit history` names its table, player and period", "[security][store]") {
  const recorded r;
  REQUIRE(testing::run_cli("history " + (r.dir / "c.db").string() + " A").status == 0);
  REQUIRE(exec(r.dir / "c.db", R"(UPDATE ratings SET state = '{"rated":"many"}' WHERE player_id = 1)") == SQLITE_OK);
  const auto shown = testing::run_cli("history " + (r.dir / "c.db").string() + " A");
  CHECK(shown.status != 0);
  CHECK_THAT(shown.out, Catch::Contains("c.db: damaged rating database: table ratings, player 'A', period "
                                        "'2024-01-01..2024-01-01', state: expected a finite number or null for "
                                        "field 'rated'"));
}

TEST_CASE("`ratekit history` refuses a damaged rating, change or games, naming the row", "[security][store]") {
  // Layout 1's ratings table is not STRICT, and history reads it as it is: a hand edit (or damaged bytes) can
  // leave text, an infinity, a NULL or a count of no games where ratekit wrote numbers.
  const auto read_after = [](const std::string& damage) {
    const testing::temp_dir dir;
    REQUIRE(exec(dir / "old.db", layout_1) == SQLITE_OK);
    REQUIRE(exec(dir / "old.db", "PRAGMA writable_schema = ON; UPDATE sqlite_master SET sql = "
                                 "replace(sql, 'rating REAL NOT NULL', 'rating REAL') WHERE name = 'ratings'") == SQLITE_OK);
    REQUIRE(exec(dir / "old.db", "UPDATE ratings SET " + damage + " WHERE player_id = 2") == SQLITE_OK);
    try {
      const auto points = player_history(dir / "old.db", "B", std::nullopt);
      return "read: " + format_number(points.at(0).rating) + " " + std::to_string(points.at(0).games);
    } catch (const user_error& e) {
      return std::string(e.what());
    }
  };
  const std::string row = "old.db: damaged rating database: table ratings, player 'B', period '2023-12', ";
  CHECK_THAT(read_after("rating = 'x'"), Catch::Contains(row + "rating: expected a finite number, found text 'x'"));
  CHECK_THAT(read_after("rating = NULL"), Catch::Contains(row + "rating: expected a finite number, found NULL"));
  CHECK_THAT(read_after("change = -9e999"), Catch::Contains(row + "change: expected a finite number, found -inf"));
  for (const std::string bad : {"-1", "2.5"})
    CHECK_THAT(read_after("games = " + bad),
               Catch::Contains(row + "games: expected a whole number of games, 0 or more, found " + bad));
  CHECK_THAT(read_after("games = 'three'"), Catch::Contains(row + "games: expected a finite number, found text 'three'"));
  CHECK(read_after("games = 0") == "read: 1387.5 0");
  CHECK(read_after("change = -12.5") == "read: 1387.5 3");
}

TEST_CASE("a layout-1 database is read, and upgraded by the next run that records into it", "[store]") {
  const testing::temp_dir dir;
  REQUIRE(exec(dir / "old.db", layout_1) == SQLITE_OK);
  player_table players;
  const ratings_list list = read_database_ratings(dir / "old.db", "club", players);
  REQUIRE(list.ids.size() == 2);
  testing::write_text(dir / "games.csv", "date,player_a,player_b,score_a\n2024-01-01,A,B,1\n");
  testing::write_text(dir / "c.yaml", "competition: club\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
                                      "period: month\ninitial: { database: old.db }\n"
                                      "input: { format: games-csv, path: games.csv }\noutput: { database: old.db }\n");
  // (--new-model: the old run's parameters were written by hand as {})
  const auto r = testing::run_cli("run " + (dir / "c.yaml").string() + " --out " + (dir / "out").string() + " --new-model");
  REQUIRE(r.status == 0);
  // A at 1612.5 beats B at 1387.5: E = 1 / (1 + 10^(-225/400)) = 0.7849..., A gains 20 * 0.2150...
  const auto history = player_history(dir / "old.db", "A", std::nullopt);
  REQUIRE(history.size() == 2);
  CHECK(history[0].rating == 1612.5);
  CHECK(history[1].rating == Approx(1612.5 + 20 * (1 - 1 / (1 + std::pow(10, -225.0 / 400)))).epsilon(1e-12));
  std::string error;
  CHECK(exec(dir / "old.db", "UPDATE states SET value = 'abc'", &error) != SQLITE_OK);  // STRICT now
  CHECK(exec(dir / "old.db", "SELECT fingerprint FROM runs") == SQLITE_OK);
}

}  // namespace test_database_damage
