// The PostgreSQL store against a hostile server: a layout of a newer ratekit,
// a table altered by hand, a database that is not ratekit's, a connection that
// goes mid-run. Each ends in a clear refusal with nothing half-written.
#include "pg_support.hpp"

#include <ratekit/host/config/config.hpp>
#include <ratekit/host/engine/engine.hpp>
#include <ratekit/host/recording/run_recording.hpp>
#include <ratekit/host/text/diagnostics.hpp>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_postgres_hostile {

using namespace ratekit;

namespace {

// January's games, recorded by jan, and February's, by feb.
struct one_club : testing::monthly_runs {
  explicit one_club(const testing::pg_schema& pg) : monthly_runs(pg.uri) {
    testing::write_text(dir / "jan.csv", "date,player_a,player_b,score_a\n2024-01-05,A,B,1\n2024-01-12,A,C,0.5\n");
    testing::write_text(dir / "feb.csv", "date,player_a,player_b,score_a\n2024-02-02,C,A,1\n");
    config("jan", "club", "jan.csv");
    config("feb", "club", "feb.csv");
  }
};

}  // namespace

TEST_CASE("PostgreSQL: a layout of a newer ratekit is refused, recording and reading", "[.][postgres]") {
  const testing::pg_schema pg("newer_layout");
  one_club club(pg);
  REQUIRE(club.run("jan").status == 0);
  pg.exec("UPDATE ratekit_schema SET version = 8");
  const auto refused = club.run("feb");
  CHECK(refused.status != 0);
  CHECK(refused.out.find("rating database of layout 8; this ratekit reads layout 7 and older: a newer ratekit") !=
        std::string::npos);
  CHECK(pg.count("runs") == 1);
  CHECK(pg.count("periods") == 1);
  const auto history = testing::run_cli("history '" + pg.uri + "' A");
  CHECK(history.status != 0);
  CHECK(history.out.find("layout 8") != std::string::npos);
}

TEST_CASE("PostgreSQL: a table altered by hand is refused before anything is recorded", "[.][postgres]") {
  const testing::pg_schema pg("altered");
  one_club club(pg);
  REQUIRE(club.run("jan").status == 0);
  SECTION("a column added") { pg.exec("ALTER TABLE games ADD COLUMN note TEXT"); }
  SECTION("a column dropped") { pg.exec("ALTER TABLE ratings DROP COLUMN state"); }
  const auto refused = club.run("feb");
  CHECK(refused.status != 0);
  CHECK(refused.out.find("has columns (") != std::string::npos);
  CHECK(refused.out.find("changed by hand") != std::string::npos);
  CHECK(pg.count("runs") == 1);
  CHECK(pg.count("games") == 2);
}

TEST_CASE("PostgreSQL: a database of other tables, or without ratekit's, is refused", "[.][postgres]") {
  const testing::pg_schema pg("foreign_tables");
  one_club club(pg);
  const auto empty = testing::run_cli("history '" + pg.uri + "' A");
  CHECK(empty.status != 0);
  CHECK(empty.out.find("no ratekit history in this PostgreSQL database") != std::string::npos);
  pg.exec("CREATE TABLE games (id INTEGER)");
  const auto refused = club.run("jan");
  CHECK(refused.status != 0);
  CHECK(refused.out.find("holds a table 'games' but no ratekit_schema") != std::string::npos);
  CHECK(testing::table_rows(pg.uri, "SELECT count(*) FROM information_schema.tables WHERE table_schema = "
                                    "'foreign_tables'") == std::vector<std::string>{"1"});
}

TEST_CASE("PostgreSQL: a connection that goes mid-run ends the run with nothing recorded", "[.][postgres]") {
  const testing::pg_schema pg("goes_away");
  one_club club(pg);
  REQUIRE(club.run("jan").status == 0);
  const competition_config config = load_config(club.dir / "feb.yaml", testing::builtin());
  const run_result rated = rate(config, testing::builtin());
  run_recording recording(config.output_database, config.competition);
  // The server ends this test's connections (as a restart or an administrator would); only this test's, by
  // their application name, since other tests share the server.
  store::postgres_database admin(testing::pg_server_uri(), store::database::mode::read_write);
  admin.exec("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'goes_away'");
  CHECK_THROWS_WITH(recording.record(rated, config, "fingerprint"),
                    Catch::Contains("lost the connection to the PostgreSQL database 'postgres'") &&
                        Catch::Contains("the server rolls back what the run had not committed"));
  CHECK(pg.count("runs") == 1);
  CHECK(pg.count("periods") == 1);
}

}  // namespace test_postgres_hostile
