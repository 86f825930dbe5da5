// `ratekit serve` over a PostgreSQL database answers what it answers over the
// SQLite file the database was copied from, byte for byte.
#include "serve/serve_support.hpp"

#include "pg_support.hpp"
#include "serve/months_support.hpp"

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_serve_postgres {

using namespace ratekit::testing;

TEST_CASE("serve: a PostgreSQL database is served as the SQLite file it was copied from", "[.][postgres]") {
  const pg_schema schema("serve_copy");
  const auto copied = run_cli("db copy " + recorded().db().string() + " '" + schema.uri + "'");
  INFO(copied.out);
  REQUIRE(copied.status == 0);
  const test_server file(recorded().db());
  const test_server server(schema.uri);
  for (const char* target :
       {"/api/competitions", "/api/competitions/cup/ratings?per_page=500", "/api/competitions/cup/ratings?as_of=2006-12-31&sort=player",
        "/api/competitions/club/ratings?q=%C3%A9m", "/api/competitions/cup/ratings.csv", "/api/competitions/club/ratings.csv",
        "/api/competitions/cup/players/Brazil", "/api/competitions/cup/players/Brazil/history",
        "/api/competitions/cup/players/Brazil/games?per_page=500", "/api/competitions/club/players/Short%2C%20Nigel/games",
        "/api/competitions/cup/expect?a=Brazil&b=Qatar", "/competitions/cup", "/competitions/club/players/A%2FB%20Team"}) {
    INFO(target);
    const auto expected = file.get(target);
    const auto answer = server.get(target);
    CHECK(answer->status == 200);
    CHECK(answer->body == expected->body);
  }
  CHECK(server.get("/api/competitions/cup/players/'%20OR%201=1--")->status == 404);
}

TEST_CASE("serve: the list each run keeps on PostgreSQL", "[.][postgres]") {
  const pg_schema schema("serve_standings"), fresh("serve_standings_fresh");
  check_months(schema.uri, fresh.uri);
}

// A database of layout 5 as a server held it before the indexes by player and
// the tables beside the layout: the next run upgrades it, makes the indexes and
// the tables, and the server shows the list and games that run left.
TEST_CASE("serve: a PostgreSQL database of before the indexes, then a run, then serve", "[.][postgres]") {
  const pg_schema schema("serve_older");
  temp_dir dir;
  const std::string config = "competition: club\nmodel: glicko\ninput: { format: games-csv }\nperiod: month\n"
                             "initial: { rating: 1500, database: \"" + schema.uri + "\" }\n"
                             "output: { history: false, database: \"" + schema.uri + "\" }\n";
  write_text(dir / "club.yaml", config);
  write_text(dir / "jan.csv", "date,player_a,player_b,score_a\n2024-01-05,A,B,1\n2024-01-06,C,D,0.5\n");
  write_text(dir / "feb.csv", "date,player_a,player_b,score_a\n2024-02-03,A,B,1\n2024-02-10,B,E,1\n");
  const auto run = [&](const std::string& args) {
    const auto r = run_cli("run " + args, "cd " + dir.path().string() + " && ");
    INFO(r.out);
    REQUIRE(r.status == 0);
  };
  run("club.yaml --input jan.csv --out out-jan");
  schema.exec("DROP INDEX games_by_player_a, games_by_player_b, entries_by_player;DROP TABLE standings, period_dates, player_records;"
              "ALTER TABLE entries DROP COLUMN team;UPDATE ratekit_schema SET version = 5");
  run("club.yaml --input feb.csv --out out-feb");
  CHECK(schema.count("pg_indexes WHERE schemaname = 'serve_older' AND indexname IN "
                     "('games_by_player_a', 'games_by_player_b', 'entries_by_player')") == 3);
  CHECK(schema.count("ratekit_schema WHERE version = 7") == 1);
  CHECK(schema.count("standings") == 5);
  CHECK(schema.count("period_dates") == 1);  // February's: January's dates were recorded by none
  const test_server server(schema.uri);
  CHECK(server.get("/api/competitions/club/ratings.csv")->body == read_text(dir / "out-feb" / "ratings.csv"));
  CHECK(server.get_json("/api/competitions/club/ratings?active_since=2024-02-01")["total"] == 3);
  const json games = server.get_json("/api/competitions/club/players/B/games");
  REQUIRE(games["total"] == 3);
  CHECK(games["games"][0]["opponent"] == "E");
  CHECK(games["games"][0]["date"] == "2024-02-29");
  CHECK(games["games"][2]["opponent"] == "A");
  CHECK(games["games"][2]["date"] == "2024-01-31");
}

// PostgreSQL's columns are typed: a hand edit leaves no text where a number belongs, but may leave a count of no
// games, a damaged list row, or (once a constraint is dropped) NULL or an infinity; each is refused as on SQLite.
TEST_CASE("serve: a damaged row of a PostgreSQL database answers 500 naming it", "[.][postgres]") {
  const pg_schema schema("serve_damaged");
  REQUIRE(run_cli("db copy " + recorded().db().string() + " '" + schema.uri + "'").status == 0);
  const test_server server(schema.uri);
  const std::string nigel = "(SELECT id FROM players WHERE name = 'Short, Nigel')";
  const std::string in_january = " WHERE player_id = " + nigel + " AND period_id = (SELECT id FROM periods WHERE label = '2024-01')";
  const std::string row = "damaged rating database: table ratings, player 'Short, Nigel', period '2024-01', ";
  const auto refused = [&](const std::string& target) {
    const auto r = server.get(target);
    INFO(target << " -> " << r->body);
    CHECK(r->status == 500);
    return json::parse(r->body)["error"].get<std::string>();
  };
  const std::string history = "/api/competitions/club/players/Short%2C%20Nigel/history";
  schema.exec("UPDATE ratings SET games = -2" + in_january);
  CHECK(refused(history) == row + "games: expected a whole number of games, 0 or more, found -2");
  schema.exec("UPDATE ratings SET games = 1" + in_january);
  REQUIRE(server.get(history)->status == 200);
  schema.exec("ALTER TABLE ratings DROP CONSTRAINT ratings_rating_check, ALTER COLUMN rating DROP NOT NULL");
  schema.exec("UPDATE ratings SET rating = 'Infinity'" + in_january);
  CHECK(refused(history) == row + "rating: expected a finite number, found inf");
  CHECK(refused("/competitions/club?as_of=2024-01-31") == row + "rating: expected a finite number, found inf");
  schema.exec("UPDATE ratings SET rating = NULL" + in_january);
  CHECK(refused("/competitions/club/players/Short%2C%20Nigel") == row + "rating: expected a finite number, found NULL");
  CHECK(server.get("/api/competitions/cup/players/Brazil/history")->status == 200);
  schema.exec("UPDATE standings SET state = 'null' WHERE player_id = " + nigel +
              "; UPDATE runs SET recorded_at = '2030-01-01T00:00:00Z' WHERE id = (SELECT max(id) FROM runs)");
  CHECK(refused("/api/competitions/club/ratings") ==
        "damaged rating database: table standings, player 'Short, Nigel', state: expected a JSON object of state "
        "fields, found 'null'");
}

}  // namespace test_serve_postgres
