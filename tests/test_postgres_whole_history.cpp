// Whole-history runs recorded into PostgreSQL: incremental runs equal a full run, --replace, the same rows as a file.
#include "pg_support.hpp"
#include "whole_history_db_support.hpp"

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_postgres_whole_history {

using namespace ratekit;
using namespace ratekit::testing;

TEST_CASE("PostgreSQL: incremental whole-history runs equal a full run, and --replace refits", "[.][postgres]") {
  for (const auto& [model, params, tolerance, home] :
       {std::tuple{"ttt", "epsilon: 1e-7, iterations: 100000", 1e-5, 0.5}, std::tuple{"whr", "epsilon: 1e-6", 1e-3, 30.0}}) {
    const pg_schema pg(std::string("wh_") + model);
    INFO(model);
    const whole_history_competition c(model, params, pg.uri, home);
    incremental_equals_full(c, tolerance);
    recorded_as_full_run(c, pg.uri, read_text(c.dir / "full/history.csv"), tolerance);
    CHECK(pg.count("whole_history_games") == 450);
    CHECK(pg.count("whole_history_fits") == 3);
    // The history from the server, as from a file.
    const auto shown = run_cli("history '" + pg.uri + "' P2");
    CHECK(shown.status == 0);
    CHECK_THAT(shown.out, Catch::Contains("deviation"));
    // February corrected: one game more. Its run is replaced; January's and March's games stay as recorded.
    write_text(c.dir / "m2c.csv", read_text(c.dir / "m2.csv") + "2024-02-03,P1,P2,1,\n");
    const auto replaced = c.recorded({"m2c.csv"}, " --replace");
    INFO(replaced.out);
    REQUIRE(replaced.status == 0);
    CHECK(pg.count("whole_history_games") == 451);
    REQUIRE(c.full({"m1.csv", "m3.csv", "m2c.csv"}).status == 0);
    same_history(read_text(c.dir / "full/history.csv"), read_text(c.dir / "out/history.csv"), tolerance);
  }
}

TEST_CASE("PostgreSQL: whole-history team matches recorded month by month equal one run over all of them",
          "[.][postgres]") {
  const pg_schema pg("wh_teams");
  const team_competition c(pg.uri);
  c.incremental_equals_full();
  CHECK(pg.count("whole_history_entries") == 3 * 40 * 4);
  CHECK(pg.count("whole_history_games") == 0);
}

}  // namespace test_postgres_whole_history
