// `ratekit chart OUTDIR --player X` for a player ratings.csv holds but history.csv
// has no rows of (he sat every period out), and for one the run never rated.
#include "test_support.hpp"

#include <catch2/catch.hpp>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_chart_player {

namespace {

// A beats B; C, rated 1700 in the list the run starts from, plays no game.
void run_with_idle_player(const ratekit::testing::temp_dir& dir) {
  ratekit::testing::write_text(dir / "games.csv", "date,player_a,player_b,score_a\n2024-01-05,A,B,1\n2024-02-05,B,A,1\n");
  ratekit::testing::write_text(dir / "start.csv", "player,rating\nA,1500\nB,1500\nC,1700\n");
  ratekit::testing::write_text(dir / "c.yaml", "competition: c\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
                                               "period: month\ninitial: { ratings: start.csv }\n"
                                               "input: { format: games-csv, path: games.csv }\n");
  REQUIRE(ratekit::testing::run_cli("-q run '" + (dir / "c.yaml").string() + "' --out '" + (dir / "out").string() + "'")
              .status == 0);
}

}  // namespace

TEST_CASE("ratekit chart draws a rated player without games flat at his rating, dashed", "[chart][cli]") {
  const ratekit::testing::temp_dir dir;
  run_with_idle_player(dir);
  const auto r = ratekit::testing::run_cli("chart '" + (dir / "out").string() + "' --player C --player A");
  REQUIRE(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("\nC,1,1700.000000,1700.000000\n"));  // one flat stretch over the run
  const std::string svg = ratekit::testing::read_text(dir / "out" / "chart.svg");
  CHECK_THAT(svg, Catch::Contains("class=\"idle\"") && Catch::Contains(">no games</text>"));
}

TEST_CASE("ratekit chart refuses a player the run did not rate, naming the nearest who is", "[chart][cli]") {
  const ratekit::testing::temp_dir dir;
  run_with_idle_player(dir);
  const auto r = ratekit::testing::run_cli("chart '" + (dir / "out").string() + "' --player c");
  CHECK(r.status != 0);
  CHECK_THAT(r.out, Catch::Contains("ratings.csv: 'c' is not rated in this run (did you mean 'C'?)"));
  CHECK_FALSE(std::filesystem::exists(dir / "out" / "chart.svg"));
}

}  // namespace test_chart_player
