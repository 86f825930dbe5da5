// The host's side of ratekit.player_records.v1 with a plugin of its own kind
// (tests/test_plugins/records_probe.cpp): its record saved after each run and
// handed back at the next, and a plugin's bad record or extension refused
// with nothing recorded (dwz's kept games: test_dwz_kept_games.cpp).
#include "sql_support.hpp"
#include "test_support.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <utility>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_player_records {

namespace {
using namespace ratekit::testing;
namespace fs = std::filesystem;

// A month of `model` recording into r.db, starting from it; the run's result.
command_result month(const temp_dir& dir, const std::string& model, const std::string& games) {
  write_text(dir / "g.csv", "date,player_a,player_b,score_a\n" + games);
  write_text(dir / "c.yaml", "competition: club\nmodel: " + model +
                                 "\nk_schedule: [ { k: 20 } ]\nperiod: month\ninitial: { database: r.db }\n"
                                 "input: { format: games-csv, path: g.csv }\noutput: { database: r.db }\n");
  return run_cli("-q run '" + (dir / "c.yaml").string() + "' --out '" + (dir / "out").string() + "' --plugin-dir " +
                 RATEKIT_TEST_PLUGIN_DIR);
}
}  // namespace

TEST_CASE("a model's record is saved after each run and handed back at the next", "[player_records][cli]") {
  const temp_dir dir;
  REQUIRE(month(dir, "test-records", "2024-01-05,A,B,1\n").status == 0);
  REQUIRE(month(dir, "test-records", "2024-02-05,B,A,1\n").status == 0);
  REQUIRE(month(dir, "test-records", "2024-03-05,A,C,1\n").status == 0);
  // Each run saved one more than the record it was handed: 1, 2, 3, under the first player, A.
  CHECK(sql_text(dir / "r.db", "SELECT group_concat(r.run_id || ':' || p.name || ':' || r.kind || ':' || r.numbers, ' ') "
                               "FROM player_records r JOIN players p ON p.id = r.player_id") ==
        "1:A:probe.records.1:[1] 2:A:probe.records.1:[2] 3:A:probe.records.1:[3]");
}

TEST_CASE("a plugin's record that is not what it declares is refused, and nothing recorded", "[player_records][cli]") {
  const std::pair<const char*, const char*> flaws[] = {
      {"test-records-flaw1",
       "plugin 'test-records-flaw1' failed on saving its records: item 1: its player 1000 is none of the run's 2"},
      {"test-records-flaw2",
       "plugin 'test-records-flaw2' failed on saving its records: item 1: its number 1 is NaN, not a finite number"},
  };
  for (const auto& [model, message] : flaws) {
    const temp_dir dir;
    const command_result refused = month(dir, model, "2024-01-05,A,B,1\n");
    CHECK(refused.status != 0);
    CHECK_THAT(refused.out, Catch::Contains(message));
    CHECK((!fs::exists(dir / "r.db") || sql_text(dir / "r.db", "SELECT count(*) FROM runs") == "0"));
  }
  // The loader refuses an extension it could not keep its promise to: a kind with capitals.
  CHECK_THROWS_WITH(ratekit::plugin::load(fs::path(RATEKIT_TEST_PLUGIN_DIR) / "ratekit-records-flaw3.so"),
                    Catch::Contains("player records extension's kind is not 1 to 64 characters of a-z"));
}

}  // namespace test_player_records
