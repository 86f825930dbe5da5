// `ratekit serve` over a PostgreSQL database answers what it answers over the
// SQLite file the database was copied from, byte for byte.
#include "serve/serve_support.hpp"

#include "pg_support.hpp"

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
