// Rating adjustments (ABI 1.4, rk_host.adjust): a change no game reports, of
// a player who may not have played, shown in history.csv and the database
// whether they are written as the games are rated or after the run; every
// adjustment the host cannot show is refused with the plugin's file and why.
#include "officer_support.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <ratekit/abi.h>
#include <ratekit/host/config/config.hpp>
#include <ratekit/host/engine/engine.hpp>
#include <ratekit/host/output/files/history_table.hpp>
#include <ratekit/host/output/run_outputs.hpp>
#include <ratekit/host/plugin/adjustments.hpp>
#include <ratekit/host/plugin/plugin.hpp>
#include <ratekit/host/recording/run_recording.hpp>

#include <cmath>
#include <filesystem>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_adjustments {

using namespace ratekit;
using namespace ratekit::testing;
namespace fs = std::filesystem;

namespace {

const plugin_registry& with_test_plugins() {
  static const plugin_registry registry({fs::path(RATEKIT_TEST_PLUGIN_DIR), plugin_registry::builtin_dir()});
  return registry;
}

// test-adjusts by month: A beats B in January, draws C in February. C (1600) sits January out and loses 5
// for it; whoever plays a period gains 1; B (1491 after January) sits February out but is not above 1500.
struct adjusted_run {
  temp_dir dir;
  explicit adjusted_run(const std::string& fault = "none") {
    write_text(dir / "list.csv", "player,rating\nA,1500\nB,1500\nC,1600\n");
    write_text(dir / "games.csv", "date,player_a,player_b,score_a\n2024-01-05,A,B,1\n2024-02-05,A,C,0.5\n");
    write_text(dir / "c.yaml", "competition: t\nmodel: test-adjusts\nparams: { fault: " + fault +
                                   " }\nk_schedule: [ { k: 20 } ]\ninitial: { ratings: list.csv }\n"
                                   "input: { format: games-csv, path: games.csv }\nperiod: month\n"
                                   "output: { dir: out, database: t.db }\n");
  }
  command_result run() const {
    return run_cli("run " + (dir / "c.yaml").string() + " --plugin-dir " + RATEKIT_TEST_PLUGIN_DIR);
  }
};

// February by the formula: A (1511) draws C (1595) at K 20.
const double expected_a = 1 / (1 + std::pow(10.0, (1595.0 - 1511.0) / 400));
const double change_a = 20 * (0.5 - expected_a);

std::string expected_history() {
  const double a = 1511 + change_a + 1, c = 1595 - change_a + 1;
  // An adjustment's row shows no state field: `periods_after` is the games' alone.
  return "period,date,player,opponent,expected,score,k,change,rating_before,rating_after,periods_after,adjustment\n"
         "2024-01,2024-01-05,A,B,0.5,1,20,10,1500,1511,1,\n"
         "2024-01,2024-01-05,B,A,0.5,0,20,-10,1500,1491,1,\n"
         "2024-01,2024-01-05,A,,,,,1,1500,1511,,attendance\n"
         "2024-01,2024-01-05,B,,,,,1,1500,1491,,attendance\n"
         "2024-01,2024-01-05,C,,,,,-5,1600,1595,,inactivity\n" +
         fmt::format("2024-02,2024-02-05,A,C,{},0.5,20,{},1511,{},2,\n", expected_a, change_a, a) +
         fmt::format("2024-02,2024-02-05,C,A,{},0.5,20,{},1595,{},1,\n", 1 - expected_a, -change_a, c) +
         fmt::format("2024-02,2024-02-05,A,,,,,1,1511,{},,attendance\n", a) +
         fmt::format("2024-02,2024-02-05,C,,,,,1,1595,{},,attendance\n", c);
}

}  // namespace

TEST_CASE("a rating adjustment is a row of history.csv after its period's games, and a row of the database",
          "[adjustments][store]") {
  const adjusted_run t;
  const command_result r = t.run();
  INFO(r.out);
  REQUIRE(r.status == 0);
  CHECK(read_text(t.dir / "out/history.csv") == expected_history());
  const std::string ratings = read_text(t.dir / "out/ratings.csv");
  CHECK_THAT(ratings, Catch::Contains(fmt::format("\nC,{},", 1595 - change_a + 1)));
  CHECK_THAT(ratings, Catch::Contains("\nB,1491,"));
  // January: C's row has no game, the change his adjustment; February: no row for B, who neither played nor moved.
  const auto rows = officer_rows((t.dir / "t.db").string(), "ratings");
  REQUIRE(rows.size() == 5);
  CHECK(rows[0] == "2024-01|A|1511.0|11.0|1|{\"periods\":1}");
  CHECK(rows[1] == "2024-01|B|1491.0|-9.0|1|{\"periods\":1}");
  CHECK(rows[2] == "2024-01|C|1595.0|-5.0|0|{\"periods\":null}");  // no game: no state shown
  CHECK(rows[3].starts_with("2024-02|A|"));
  CHECK(rows[4].starts_with("2024-02|C|"));
  CHECK_THAT(run_cli("history " + (t.dir / "t.db").string() + " C").out,
             Catch::Contains("t           2024-01       1595        -5      0"));
}

TEST_CASE("the history and database built after the run show the adjustments as the streamed ones do",
          "[adjustments][store]") {
  const adjusted_run t;
  REQUIRE(t.run().status == 0);
  const competition_config config = load_config(t.dir / "c.yaml", with_test_plugins());
  const run_result kept = rate(config, with_test_plugins());
  CHECK_FALSE(kept.history_streamed);
  write_outputs(kept, config, t.dir / "kept");
  CHECK(read_text(t.dir / "kept/history.csv") == expected_history());
  record_run(kept, config, t.dir / "kept.db");
  CHECK(officer_rows((t.dir / "kept.db").string(), "ratings") == officer_rows((t.dir / "t.db").string(), "ratings"));
}

TEST_CASE("an adjustment the host cannot show stops the run, naming the plugin and why", "[adjustments]") {
  const std::pair<const char*, const char*> faults[] = {
      {"unknown_player", "reported a rating adjustment for player index 1073741824, not one of the 3 players"},
      {"not_finite", "reported a rating adjustment of nan, not a finite change"},
      {"past_batch", "reported a rating adjustment for game 1 of a batch of 1 games"},
      {"control_reason", "whose reason is not 1 to 64 bytes of UTF-8 text without control characters"},
      {"long_reason", "whose reason is not 1 to 64 bytes of UTF-8 text without control characters"}};
  for (const auto& [fault, message] : faults) {
    INFO(fault);
    const adjusted_run t(fault);
    const command_result r = t.run();
    CHECK(r.status == 1);
    CHECK_THAT(r.out, Catch::Contains("plugin 'test-adjusts' failed on ") && Catch::Contains(message));
    CHECK_FALSE(fs::exists(t.dir / "out"));
    CHECK_FALSE(fs::exists(t.dir / "t.db"));
  }
}

TEST_CASE("the adjustment log takes what the host can show, at each limit and past it", "[adjustments]") {
  adjustment_log log(true);
  CHECK(log.add(0, 0, 1, "x") == RK_ERR_INVALID_ARGUMENT);  // outside rate_games
  CHECK_THAT(log.close(), Catch::Contains("outside rate_games"));
  log.open(2, 1, 3);  // 2 games in 1 period among 3 players: at most 3 x 1 + 2 adjustments
  CHECK(log.add(1, 2, -1e300, std::string(64, 'r').c_str()) == RK_OK);  // the last game and player, 64 bytes
  CHECK(log.add(0, 0, 0.5, "ü") == RK_OK);
  CHECK(log.add(0, 0, 1, "\xff") == RK_ERR_INVALID_ARGUMENT);
  CHECK_THAT(log.close(), Catch::Contains("not 1 to 64 bytes of UTF-8"));
  CHECK(log.list().empty());  // a refused call shows none
  for (const auto& [game, player, reason, why] :
       {std::tuple<uint64_t, int32_t, const char*, const char*>{2, 0, "x", "for game 2 of a batch of 2 games"},
        {0, 3, "x", "for player index 3, not one of the 3 players"},
        {0, -1, "x", "for player index -1"},
        {0, 0, "", "not 1 to 64 bytes"},
        {0, 0, nullptr, "not 1 to 64 bytes"}}) {
    log.open(2, 1, 3);
    CHECK(log.add(game, player, 1, reason) == RK_ERR_INVALID_ARGUMENT);
    CHECK_THAT(log.close(), Catch::Contains(why));
  }
  log.open(2, 1, 3);
  for (int i = 0; i < 5; ++i) CHECK(log.add(0, 0, 1, "again") == RK_OK);
  CHECK(log.add(0, 0, 1, "again") == RK_ERR_INVALID_ARGUMENT);
  CHECK_THAT(log.close(), Catch::Contains("more than 5 times in one call"));
  log.open(1, 1, 1);
  CHECK(log.add(0, 0, 2, "same") == RK_OK);
  CHECK(log.add(0, 0, 3, "same") == RK_OK);
  CHECK(log.close().empty());
  REQUIRE(log.list().size() == 2);
  CHECK(log.list()[0].reason == log.list()[1].reason);  // each reason kept once
  CHECK(log.reason(log.list()[1].reason) == "same");
  adjustment_log undeclared(false);
  undeclared.open(1, 1, 1);
  CHECK(undeclared.add(0, 0, 1, "x") == RK_ERR_INVALID_ARGUMENT);
  CHECK_THAT(undeclared.close(), Catch::Contains("without declaring RK_CAP_ADJUSTMENTS"));
}

TEST_CASE("with a period per game each game's adjustments follow its own rows, many periods to a batch",
          "[adjustments]") {
  temp_dir dir;
  write_text(dir / "list.csv", "player,rating\nA,1500\nB,1500\nC,1600\n");
  write_text(dir / "games.csv", "date,player_a,player_b,score_a\n2024-01-01,A,B,1\n2024-01-02,A,B,1\n2024-01-03,B,A,1\n");
  write_text(dir / "c.yaml", "competition: t\nmodel: test-adjusts\nk_schedule: [ { k: 20 } ]\ninitial: { ratings: "
                             "list.csv }\ninput: { format: games-csv, path: games.csv }\noutput: { dir: out }\n");
  REQUIRE(run_cli("run " + (dir / "c.yaml").string() + " --plugin-dir " + RATEKIT_TEST_PLUGIN_DIR).status == 0);
  std::istringstream rows(read_text(dir / "out/history.csv"));
  std::string row, periods, decays;
  std::getline(rows, row);
  while (std::getline(rows, row)) {
    periods += row.substr(0, 1);
    if (row.ends_with(",inactivity")) decays += row.substr(0, 1) + ":" + row.substr(row.find(",,,,,")) + " ";
  }
  CHECK(periods == "111112222233333");  // two game rows, then A's, B's and C's adjustments, game by game
  CHECK(decays == "1:,,,,,-5,1600,1595,,inactivity 2:,,,,,-5,1595,1590,,inactivity 3:,,,,,-5,1590,1585,,inactivity ");
}

namespace {

// 45 months of 1,000 games among 60 players (two pieces of input: history.csv has taken many periods' rows when the
// second is read), rated by test-adjusts with `params`, history.csv on; `last` a row after the last month's games.
struct late_failure {
  temp_dir dir;
  late_failure(const std::string& params, const std::string& last) {
    std::string games = "date,player_a,player_b,score_a\n";
    for (int m = 0; m < 45; ++m)
      for (int g = 0; g < 1000; ++g) {
        const int a = (g * 7 + m) % 60, b = (a + 1 + g % 59) % 60;
        games += fmt::format("{}-{:02}-{:02},p{},p{},{}\n", 2020 + m / 12, m % 12 + 1, 1 + g * 28 / 1000, a, b,
                             g % 3 == 0 ? "1" : g % 3 == 1 ? "0" : "0.5");
      }
    write_text(dir / "games.csv", games + last);
    write_text(dir / "c.yaml", "competition: t\nmodel: test-adjusts\nparams: " + params +
                                   "\nk_schedule: [ { k: 20 } ]\ninitial: 1500\ninput: { format: games-csv, path: "
                                   "games.csv }\nperiod: month\noutput: { dir: out, history: true }\n");
  }
  // Freed memory filled (glibc's MALLOC_PERTURB_), so that a read of it shows.
  command_result run() const {
    return run_cli("run " + (dir / "c.yaml").string() + " --plugin-dir " + RATEKIT_TEST_PLUGIN_DIR,
                   "MALLOC_PERTURB_=165 ");
  }
  // What is in the folder besides the config and the games: nothing, once a run has failed.
  std::vector<std::string> left() const {
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(dir.path()))
      if (e.path().filename() != "c.yaml" && e.path().filename() != "games.csv") names.push_back(e.path().filename());
    return names;
  }
};

}  // namespace

TEST_CASE("a failure late in a run with adjustments and history.csv is refused cleanly and leaves nothing behind",
          "[adjustments]") {
  const std::tuple<const char*, const char*, const char*> cases[] = {
      {"{ fault: none }", "2023-09-30,p1,p2,x\n", "games.csv:45002:18: expected score_a as a number from 0 to 1, got 'x'"},
      {"{ fault: fails, fault_from: 40 }", "",
       "plugin 'test-adjusts' failed on the batch: cannot adjust this period"},
      {"{ fault: overflows, fault_from: 40 }", "",
       "plugin 'test-adjusts' returned a non-finite rating for player p0 after games 39001 to 40000"},
      {"{ fault: not_finite, fault_from: 40 }", "",
       "plugin 'test-adjusts' failed on game 39001 (" },
  };
  for (const auto& [params, last, message] : cases)
    for (int attempt = 0; attempt < 4; ++attempt) {  // the writer's thread is at a different row each time
      INFO(params << ", attempt " << attempt);
      const late_failure t(params, last);
      const command_result r = t.run();
      INFO(r.out);
      CHECK(r.status == 1);
      CHECK_THAT(r.out, Catch::Contains(message));
      CHECK(t.left().empty());
    }
}

TEST_CASE("history.csv's rows kept in memory show the adjustments as the file does, with no opponent",
          "[adjustments][python]") {
  const adjusted_run t;
  const competition_config config = load_config(t.dir / "c.yaml", with_test_plugins());
  history_table table(config, with_test_plugins().get(config.model)->descriptor());
  run_services services;
  services.sink = &table;
  CHECK(rate(config, with_test_plugins(), services).history_streamed);
  CHECK(table.csv() == expected_history());
  // The player and opponent columns hold a name by the player's id: C's adjustment (row 4) names C and no one.
  const table_column &player = table.columns()[2], &opponent = table.columns()[3];
  CHECK(player.values[player.codes[4]] == "C");
  CHECK(opponent.values[opponent.codes[4]].empty());
  CHECK(opponent.values[opponent.codes[5]] == "C");
}

}  // namespace test_adjustments
