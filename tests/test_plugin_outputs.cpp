// What a plugin hands over outside `run`'s rating checks is checked where the
// host uses it: `expect` and `predict` refuse an expected score that is no
// probability, the report refuses infinite extension values, and an exception
// of any type thrown through the bare C ABI is the plugin's failure, named
// with its file, never the end of the process.
#include "test_support.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <utility>
#include <vector>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_plugin_outputs {

using namespace ratekit::testing;

namespace {

const std::string plugins = std::string(" --plugin-dir ") + RATEKIT_TEST_PLUGIN_DIR;

command_result cli(const std::string& args) { return run_cli(args + plugins); }

void check_clean(const command_result& r) {
  CHECK(r.status == 1);
  for (const char* crash : {"terminate", "Aborted", "Segmentation", "what():"}) CHECK_THAT(r.out, !Catch::Contains(crash));
}

// `ratekit run` of a config (YAML after `competition: t`) beside `files`
// (name, text): it must fail cleanly and write nothing.
command_result failed_run(const std::string& config, const std::vector<std::pair<std::string, std::string>>& files) {
  temp_dir dir;
  for (const auto& [name, text] : files) write_text(dir / name, text);
  write_text(dir / "c.yaml", "competition: t\n" + config + "output: { dir: out, report: true }\n");
  const command_result r = cli("run " + (dir / "c.yaml").string());
  check_clean(r);
  CHECK_FALSE(std::filesystem::exists(dir / "out"));
  return r;
}

}  // namespace

TEST_CASE("expect refuses an expected score that is no probability, on either side of 0 and 1", "[plugin outputs][cli]") {
  // test-overconfident gives 0.5 for equal ratings and 1.5 otherwise; test-infinite-columns NaN for equal ratings.
  const command_result fine = cli("expect test-overconfident 1500 1500");
  CHECK(fine.status == 0);
  CHECK(fine.out == "0.50000\n");
  const command_result over = cli("expect test-overconfident 1600 1500");
  check_clean(over);
  CHECK_THAT(over.out, Catch::Contains("ratekit-bad-expectation.so: plugin 'test-overconfident' failed on A's expected "
                                       "score: returned 1.5 as an expected score, not a probability from 0 to 1"));
  const command_result nan = cli("expect test-infinite-columns 1500 1500");
  check_clean(nan);
  CHECK_THAT(nan.out, Catch::Contains("returned NaN as an expected score, not a probability from 0 to 1"));
  CHECK(cli("expect test-infinite-columns 1500 1400").status == 0);
}

TEST_CASE("predict refuses an expected score that is no probability, naming the row", "[plugin outputs][predict]") {
  temp_dir dir;
  write_text(dir / "games.csv", "date,player_a,player_b,score_a\n2024-01-01,A,B,1\n");
  write_text(dir / "c.yaml", "competition: t\nmodel: test-infinite-columns\nk_schedule: [ { k: 20 } ]\n"
                             "input: { format: games-csv, path: games.csv }\n");
  // A and B part after their game; two newcomers start level, where the plugin gives NaN.
  write_text(dir / "fixtures.csv", "player_a,player_b\nA,B\nC,D\n");
  const command_result r = cli("predict " + (dir / "c.yaml").string() + " " + (dir / "fixtures.csv").string());
  check_clean(r);
  CHECK_THAT(r.out, Catch::Contains("plugin 'test-infinite-columns' failed on the game at " +
                                    (dir / "fixtures.csv").string() + ":3: returned NaN as an expected score"));
}

TEST_CASE("exceptions of unknown types through the C ABI are the plugin's failure", "[plugin outputs][bad_input]") {
  const command_result expect = cli("expect test-throws-unknown 1500 1500");
  check_clean(expect);
  CHECK_THAT(expect.out, Catch::Contains("ratekit-throws-unknown.so: plugin 'test-throws-unknown' failed on A's expected "
                                         "score: threw a C++ exception of an unknown type through the C ABI"));
  const command_result ranked =
      failed_run("model: test-throws-unknown\ninput: { format: standings-csv, path: s.csv }\n",
                 {{"s.csv", "event,date,player,rank\nE1,2024-01-01,A,1\nE1,2024-01-01,B,2\n"}});
  CHECK_THAT(ranked.out, Catch::Contains("plugin 'test-throws-unknown' failed on ") &&
                             Catch::Contains("threw a C++ exception of an unknown type through the C ABI"));
}

TEST_CASE("an infinite performance rating is refused, naming the player and the period", "[plugin outputs][report]") {
  const command_result r =
      failed_run("model: test-infinite-columns\nk_schedule: [ { k: 20 } ]\ninput: { format: games-csv, path: games.csv }\n",
                 {{"games.csv", "date,player_a,player_b,score_a\n2024-01-01,A,B,1\n"}});
  CHECK_THAT(r.out, Catch::Contains("plugin 'test-infinite-columns' failed on the performance rating of A in period 1: "
                                    "returned an infinite performance rating"));
}

TEST_CASE("a rating changed without a reported change is refused, whether its player played or not",
          "[plugin outputs][unreported]") {
  // test-unreported-change gives a point to each player rated 1234 when a call starts; the bad-input case
  // plugin_unreported_change has one who plays. Here Z, who plays no game, is moved all the same.
  const command_result idle =
      failed_run("model: test-unreported-change\nk_schedule: [ { k: 20 } ]\ninitial: { ratings: list.csv }\n"
                 "input: { format: games-csv, path: games.csv }\nperiod: month\n",
                 {{"list.csv", "player,rating\nZ,1234\nA,1500\nB,1500\n"},
                  {"games.csv", "date,player_a,player_b,score_a\n2024-01-01,A,B,1\n2024-02-01,B,A,1\n"}});
  CHECK_THAT(idle.out, Catch::Contains("plugin 'test-unreported-change' changed the rating of player Z to 1235 after "
                                       "games 1 to 2 (") &&
                           Catch::Contains("without reporting it: the changes it reported add up to 1234; a plugin "
                                           "hands every change over in its games' delta_a and delta_b"));
}

TEST_CASE("an unreported change is found with the batch it happened in, not only at the end", "[plugin outputs][unreported]") {
  // 70,000 games come in several pieces: the first window's players are checked when it is rated.
  std::string games = "date,player_a,player_b,score_a\n";
  for (int i = 0; i < 70'000; ++i) games += i % 2 ? "2024-01-01,A,B,1\n" : "2024-01-01,B,A,0.5\n";
  const command_result r =
      failed_run("model: test-unreported-change\nk_schedule: [ { k: 20 } ]\ninitial: { ratings: list.csv }\n"
                 "input: { format: games-csv, path: games.csv }\n",
                 {{"list.csv", "player,rating\nA,1234\nB,1500\n"}, {"games.csv", games}});
  CHECK_THAT(r.out, Catch::Contains("changed the rating of player A to ") && Catch::Contains(" after games 1 to "));
  CHECK_THAT(r.out, !Catch::Contains("to 70000 ("));
}

TEST_CASE("a rating changed without a reported change in a ranked event is refused", "[plugin outputs][unreported]") {
  const command_result r = failed_run(
      "model: test-unreported-change\nk_schedule: [ { k: 20 } ]\ninitial: { ratings: list.csv }\n"
      "input: { format: standings-csv, path: s.csv }\n",
      {{"list.csv", "player,rating\nA,1234\nB,1500\n"},
       {"s.csv", "event,date,player,rank\nE1,2024-01-01,A,1\nE1,2024-01-01,B,2\n"}});
  CHECK_THAT(r.out, Catch::Contains("changed the rating of player A to 1235 after the events without reporting it: the "
                                    "changes it reported add up to 1234"));
}

}  // namespace test_plugin_outputs
