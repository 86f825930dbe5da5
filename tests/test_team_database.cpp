// Team matches in the history database: each entry keeps the team its player
// played for (layout 6), `ratekit history` says it, a layout-5 file gains the
// column when a run upgrades it.
#include "sql_support.hpp"
#include "test_support.hpp"

#include <catch2/catch.hpp>

#include <string>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_team_database {

using namespace ratekit::testing;

namespace {

// Two 2 v 2 matches with the sides mixed, recorded in dir/r.db.
command_result record(const temp_dir& dir, const std::string& model, const std::string& matches) {
  write_text(dir / "m.csv", matches);
  write_text(dir / "c.yaml", "competition: league\nmodel: " + model +
                                 "\ninput: { format: team-csv, path: m.csv }\noutput: { dir: out, database: r.db }\n");
  return run_cli("run -q " + (dir / "c.yaml").string());
}

const std::string two_matches =
    "match,date,team,player,rank\n"
    "m1,2024-01-01,red,A,1\nm1,2024-01-01,red,B,1\nm1,2024-01-01,blue,C,2\nm1,2024-01-01,blue,D,2\n"
    "m2,2024-01-08,green,A,2\nm2,2024-01-08,green,C,2\nm2,2024-01-08,gold,B,1\nm2,2024-01-08,gold,D,1\n";

// Every entry as player:team in the run's order.
std::string entry_teams(const temp_dir& dir) {
  return sql_text(dir / "r.db",
                  "SELECT group_concat(x, ' ') FROM (SELECT p.name || ':' || coalesce(e.team, 'NULL') AS x "
                  "FROM entries e JOIN players p ON p.id = e.player_id ORDER BY e.run_id, e.seq)");
}

}  // namespace

TEST_CASE("the database keeps each team match entry's team, and ratekit history says it", "[teams][store]") {
  for (const std::string model : {"trueskill", "weng-lin"}) {
    INFO(model);
    temp_dir dir;
    REQUIRE(record(dir, model, two_matches).status == 0);
    CHECK(entry_teams(dir) == "A:red B:red C:blue D:blue A:green C:green B:gold D:gold");
    const auto history = run_cli("history " + (dir / "r.db").string() + " A");
    REQUIRE(history.status == 0);
    // Each match's date, from the input (its label is no date), then the team.
    CHECK_THAT(history.out, Catch::StartsWith("competition period date       team "));
    CHECK_THAT(history.out, Catch::Contains("\nleague      m1     2024-01-01 red  "));
    CHECK_THAT(history.out, Catch::Contains("\nleague      m2     2024-01-08 green"));
    const auto json = run_cli("history --json " + (dir / "r.db").string() + " B");
    CHECK_THAT(json.out, Catch::Contains("\"period\": \"m1\",\n      \"date\": \"2024-01-01\",\n      \"team\": \"red\""));
    CHECK_THAT(json.out, Catch::Contains("\"period\": \"m2\",\n      \"date\": \"2024-01-08\",\n      \"team\": \"gold\""));
  }
}

TEST_CASE("ranked events of single players keep no team, and their history shows no team column", "[teams][store]") {
  temp_dir dir;
  write_text(dir / "s.csv", "event,date,player,rank\ne1,2024-01-01,A,1\ne1,2024-01-01,B,2\ne1,2024-01-01,C,3\n");
  write_text(dir / "c.yaml", "competition: solo\nmodel: weng-lin\ninput: { format: standings-csv, path: s.csv }\n"
                             "period: event\noutput: { dir: out, database: r.db }\n");
  REQUIRE(run_cli("run -q " + (dir / "c.yaml").string()).status == 0);
  CHECK(entry_teams(dir) == "A:NULL B:NULL C:NULL");
  const auto history = run_cli("history " + (dir / "r.db").string() + " A");
  CHECK_THAT(history.out, Catch::StartsWith("competition period date           rating"));
}

TEST_CASE("a layout-5 file gains entries.team when a run records into it, its old entries without a team",
          "[teams][store]") {
  temp_dir dir;
  REQUIRE(record(dir, "trueskill", two_matches).status == 0);
  // Layout 5 as an older ratekit left it: entries without the team column.
  sql_exec(dir / "r.db",
           "PRAGMA foreign_keys = OFF;ALTER TABLE entries DROP COLUMN team;DROP TABLE player_records;PRAGMA user_version = 5");
  CHECK(sql_text(dir / "r.db", "SELECT count(*) FROM pragma_table_info('entries') WHERE name = 'team'") == "0");
  const auto old = run_cli("history " + (dir / "r.db").string() + " A");  // read as it is
  REQUIRE(old.status == 0);
  CHECK_THAT(old.out, Catch::StartsWith("competition period date           rating"));
  write_text(dir / "m.csv", "match,date,team,player,rank\nm3,2024-01-15,red,A,1\nm3,2024-01-15,blue,B,2\n");
  write_text(dir / "d.yaml", "competition: league\nmodel: trueskill\ninitial: { database: r.db }\n"
                             "input: { format: team-csv, path: m.csv }\noutput: { dir: out2, database: r.db }\n");
  REQUIRE(run_cli("run -q " + (dir / "d.yaml").string()).status == 0);
  CHECK(sql_text(dir / "r.db", "PRAGMA user_version") == "7");
  CHECK(entry_teams(dir) == "A:NULL B:NULL C:NULL D:NULL A:NULL C:NULL B:NULL D:NULL A:red B:blue");
}

}  // namespace test_team_database
