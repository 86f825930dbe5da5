// A ratings list a run starts from (initial: { ratings: }): its columns are the
// model's state and the player facts; a misspelt one is refused, not dropped.
#include "test_support.hpp"

#include <catch2/catch.hpp>

#include <string>

using ratekit::testing::run_cli;

namespace {

struct glicko_run {
  ratekit::testing::temp_dir dir;
  glicko_run() {
    ratekit::testing::write_text(dir / "games.csv", "date,player_a,player_b,score_a\n2024-01-06,A,B,1\n");
    ratekit::testing::write_text(dir / "c.yaml", "competition: g\nmodel: glicko\ninitial: { ratings: list.csv }\n"
                                                 "input: { format: games-csv, path: games.csv }\nperiod: month\n");
  }
  ratekit::testing::command_result run(const std::string& list) const {
    ratekit::testing::write_text(dir / "list.csv", list);
    return run_cli("run " + (dir / "c.yaml").string() + " --out " + (dir / "out").string());
  }
};

}  // namespace

TEST_CASE("a ratings list column that looks like one of the model's misspelt is refused, with its place",
          "[ratings_list]") {
  const glicko_run g;
  const auto r = g.run("player,rating,RD,games\nA,1600,40,3\n");
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("list.csv:1:15: column 'RD' is not one model 'glicko' keeps (did you mean 'rd'?)"));
  CHECK_FALSE(std::filesystem::exists(g.dir / "out"));
}

TEST_CASE("a column another model keeps is ignored with a warning", "[ratings_list]") {
  const glicko_run g;
  const auto r = g.run("player,rating,rd,volatility,games\nA,1600,40,0.06,3\n");
  CHECK(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("list.csv: column 'volatility' is not one model 'glicko' keeps, nor a player "
                                    "fact: ignored"));
  // A starts from the list, 1600 with RD 40 (no last_played: not grown), and beats B at 1500 with RD 350:
  // Glickman's r' = r + q / (1/RD^2 + 1/d^2) g(RD_B) (1 - E) = 1602.48086, RD' 39.886 (an RD of 350 would give 1732.9).
  CHECK_THAT(ratekit::testing::read_text(g.dir / "out/ratings.csv"), Catch::Contains("\nA,1602.48086"));
}

TEST_CASE("games in a ratings list are a whole number, 0 or more", "[ratings_list]") {
  const glicko_run g;
  for (const std::string bad : {"-1", "2.5", "-0.5"}) {
    const auto r = g.run("player,rating,rd,games\nA,1600,40," + bad + "\n");
    CHECK(r.status == 1);
    CHECK_THAT(r.out, Catch::Contains("list.csv:2:11: expected a whole number of games, 0 or more, got '" + bad + "'"));
  }
  for (const std::string good : {"0", "1", "30"}) {
    const auto r = g.run("player,rating,rd,games\nA,1600,40," + good + "\n");
    CHECK(r.status == 0);
    // Each run adds its one game to what the list says.
    CHECK_THAT(ratekit::testing::read_text(g.dir / "out/ratings.csv"),
               Catch::Contains("," + std::to_string(std::stoi(good) + 1) + ","));
  }
}

TEST_CASE("a column surely no slip of the model's is ignored unread; FIDE's ID is the id fact", "[ratings_list]") {
  const glicko_run g;
  // 'country' is read as nothing (its cells are no numbers), 'games_played' is no slip of 'last_played'.
  auto r = g.run("player,rating,rd,country,games_played\nA,1600,40,ESP,12\n");
  CHECK(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("column 'country' is not one model 'glicko' keeps") &&
                        Catch::Contains("column 'games_played' is not one model 'glicko' keeps"));
  r = g.run("player,rating,rd,ID\nA,1600,40,4100018\n");
  CHECK(r.status == 0);
  CHECK_THAT(r.out, !Catch::Contains("ID"));
  // One typo from 3 characters on, or case alone, is a slip: refused.
  for (const std::string slip : {"rdd", "Rating", "gmaes"}) {
    r = g.run("player,rating,rd," + slip + "\nA,1600,40,3\n");
    CHECK(r.status == 1);
    CHECK_THAT(r.out, Catch::Contains("column '" + slip + "' is not one model 'glicko' keeps (did you mean"));
  }
}
