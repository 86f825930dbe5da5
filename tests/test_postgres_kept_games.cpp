// DWZ's kept games across runs recorded into PostgreSQL: the months rated one
// by one equal one run, as with a file (test_dwz_kept_games.cpp).
#include "kept_games_support.hpp"
#include "pg_support.hpp"

#include <catch2/catch.hpp>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_postgres_kept_games {

TEST_CASE("PostgreSQL: dwz's kept games cross from month to month: the months one by one equal one run",
          "[.][postgres]") {
  using namespace ratekit::testing;
  const pg_schema one("kept_games_one"), monthly("kept_games_monthly");
  const kept_games_club c;
  REQUIRE(c.rate_both(one.uri, monthly.uri));
  CHECK(texts_of(monthly.uri, ratings_by_period) == texts_of(one.uri, ratings_by_period));
  CHECK(read_text(c.dir / "out-mar/ratings.csv") == read_text(c.dir / "out-all/ratings.csv"));
  CHECK_THAT(read_text(c.dir / "out-mar/ratings.csv"), Catch::Contains("\nN,1500,1,1,"));
  CHECK(monthly.count("player_records WHERE run_id = (SELECT min(id) FROM runs)") == 3);
}

}  // namespace test_postgres_kept_games
