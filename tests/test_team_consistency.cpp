// A plugin's team chances are checked for consistency where the host uses
// them (run's metrics, predict): a pair's chances that add up to more than 1
// are refused, naming the plugin and the match; memory running out in a
// plugin is the host's out-of-memory (exit 2); trueskill refuses a share of
// the match below its minimum, 0.01, naming the plugin and the match.
#include "test_support.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_team_consistency {

using namespace ratekit::testing;

namespace {

const std::string plugins = std::string(" --plugin-dir ") + RATEKIT_TEST_PLUGIN_DIR;
const std::string three_teams = "match,date,team,player,rank\nm1,2024-01-01,red,A,1\nm1,2024-01-01,blue,B,2\n"
                                "m1,2024-01-01,green,C,3\n";

// `ratekit run` of `model` with `params` (YAML flow) on team-csv `data`; the outputs go to dir/out.
command_result run_teams(const temp_dir& dir, const std::string& model, const std::string& params,
                         const std::string& data) {
  write_text(dir / "matches.csv", data);
  write_text(dir / "c.yaml", "competition: t\nmodel: " + model + "\nparams: " + params +
                                 "\ninput: { format: team-csv, path: matches.csv }\noutput: { dir: out }\n");
  return run_cli("run -q " + (dir / "c.yaml").string() + plugins);
}

void check_refused(const temp_dir& dir, const command_result& r) {
  CHECK(r.status == 1);
  for (const char* crash : {"terminate", "Aborted", "Segmentation", "what():"}) CHECK_THAT(r.out, !Catch::Contains(crash));
  CHECK_FALSE(std::filesystem::exists(dir / "out"));
}

}  // namespace

TEST_CASE("run refuses a plugin's team chances that add up to more than 1, naming plugin and match", "[teams][plugin outputs]") {
  temp_dir dir;
  const command_result r = run_teams(dir, "test-fixed-chances", "{ ahead: 0.9, tie: 0.9 }", three_teams);
  INFO(r.out);
  check_refused(dir, r);
  CHECK_THAT(r.out, Catch::Contains("ratekit-fixed-chances.so: plugin 'test-fixed-chances' failed on the expectations "
                                    "of event 'm1': a pair of teams' chances add up to 2.7, more than 1: 0.9 that one "
                                    "finishes ahead, 0.9 that the other does, 0.9 that they tie"));
}

TEST_CASE("team chances may exceed 1 by an approximation's error, 1e-6, and no more", "[teams][plugin outputs]") {
  // 0.45 + 0.45 + 0.1000009 is 1 + 9e-7; 0.45 + 0.45 + 0.1000011, 1 + 1.1e-6.
  temp_dir within;
  const command_result fine = run_teams(within, "test-fixed-chances", "{ ahead: 0.45, tie: 0.1000009 }", three_teams);
  INFO(fine.out);
  CHECK(fine.status == 0);
  temp_dir over;
  const command_result refused = run_teams(over, "test-fixed-chances", "{ ahead: 0.45, tie: 0.1000011 }", three_teams);
  check_refused(over, refused);
  CHECK_THAT(refused.out, Catch::Contains("a pair of teams' chances add up to 1.0000011, more than 1"));
}

TEST_CASE("predict refuses team chances that add up to more than 1, naming the match", "[teams][plugin outputs][predict]") {
  temp_dir dir;
  // Rated on matches of two teams, whose chances add up; forecast for three.
  REQUIRE(run_teams(dir, "test-fixed-chances", "{ ahead: 0.9, tie: 0.9 }",
                    "match,date,team,player,rank\nm1,2024-01-01,red,A,1\nm1,2024-01-01,blue,B,2\n")
              .status == 0);
  write_text(dir / "lineups.csv", "match,team,player\nnext,red,A\nnext,blue,B\nnext,green,C\n");
  const command_result r = run_cli("predict -q " + (dir / "c.yaml").string() + " " + (dir / "lineups.csv").string() + plugins);
  INFO(r.out);
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("plugin 'test-fixed-chances' failed on match 'next' at " +
                                    (dir / "lineups.csv").string() + ":2: a pair of teams' chances add up to 2.7"));
  CHECK_THAT(r.out, !Catch::Contains("3.7"));  // the expected rank of 3 teams it printed
}

TEST_CASE("memory running out in a plugin is the host's out-of-memory, exit 2", "[teams][plugin outputs]") {
  temp_dir dir;
  const command_result r = run_teams(dir, "test-fixed-chances", "{ out_of_memory: 1 }", three_teams);
  INFO(r.out);
  CHECK(r.status == 2);
  CHECK_THAT(r.out, Catch::StartsWith("error: out of memory: "));
  CHECK_THAT(r.out, !Catch::Contains("test-fixed-chances"));
  CHECK_FALSE(std::filesystem::exists(dir / "out"));
}

TEST_CASE("trueskill rates a share of the match of 0.01 and refuses one below", "[teams][trueskill]") {
  const std::string head = "match,date,team,player,rank,weight\nm1,2024-01-01,red,A,1,1\n";
  temp_dir at;
  const command_result fine = run_teams(at, "trueskill", "{}", head + "m1,2024-01-01,red,Sub,1,0.01\nm1,2024-01-01,blue,B,2,1\n");
  INFO(fine.out);
  CHECK(fine.status == 0);
  temp_dir below;
  const command_result refused =
      run_teams(below, "trueskill", "{}", head + "m1,2024-01-01,red,Sub,1,0.0099\nm1,2024-01-01,blue,B,2,1\n");
  check_refused(below, refused);
  CHECK_THAT(refused.out, Catch::Contains("plugin 'trueskill' failed on event 'm1' (") &&
                              Catch::Contains("a player's share of the match, 0.0099, is below "
                                              "trueskill's minimum of 0.01"));
  // Two players who each played 1e-4 of the match: the winner went to mu 2986.9.
  temp_dir tiny;
  check_refused(tiny, run_teams(tiny, "trueskill", "{}",
                                "match,date,team,player,rank,weight\nm1,2024-01-01,red,A,1,0.0001\n"
                                "m1,2024-01-01,blue,B,2,0.0001\n"));
}

}  // namespace test_team_consistency
