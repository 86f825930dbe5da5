// A ratings list a run starts from (initial: { ratings: }): its columns are the
// model's state and the player facts; a misspelt one is refused, not dropped.
#include "sql_support.hpp"
#include "test_support.hpp"

#include <catch2/catch.hpp>

#include <chrono>
#include <string>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_ratings_list {

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

TEST_CASE("a column surely no slip of the model's is ignored unread, FIDE's ID is the id fact", "[ratings_list]") {
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

TEST_CASE("a ratings list naming a column twice is refused as games-csv refuses it", "[ratings_list][readers]") {
  const glicko_run g;
  for (const std::string header : {"player,rating,rd,rd", "player,rating,rd,player", "player,rating,rd,rating",
                                   "player,rating,rd,volatility,volatility"}) {
    const auto r = g.run(header + "\nA,1600,40,40" + (header.ends_with("volatility") ? ",0" : "") + "\n");
    CHECK(r.status == 1);
    CHECK_THAT(r.out, Catch::Contains("list.csv:1:") && Catch::Contains("expected each column once, got '") &&
                          Catch::Contains("' again (first at column "));
  }
  const auto r = g.run("player,rating,rd,rd\nA,1600,40,40\n");
  CHECK_THAT(r.out, Catch::Contains("list.csv:1:18: expected each column once, got 'rd' again (first at column 15)"));
}

TEST_CASE("the host's columns of a ratings list hold what they must, at each bound", "[ratings_list][readers]") {
  const glicko_run g;
  const auto refused = [&](const std::string& column, const std::string& value) {
    const auto r = g.run("player,rating,rd," + column + "\nA,1600,40," + value + "\n");
    return r.status == 1 ? r.out : "";
  };
  CHECK_THAT(refused("last_played", "20241399"), Catch::Contains("expected a date written yyyy-mm-dd (or yyyymmdd), or 0, got '20241399'"));
  for (const std::string bad : {"20230229", "20241301", "20240100", "-20240101", "2024010.5", "100000000"})
    CHECK_THAT(refused("last_played", bad), Catch::Contains("list.csv:2:11: expected a date written yyyy-mm-dd (or yyyymmdd), or 0"));
  for (const std::string good : {"0", "20200229", "20231231", "20240105"}) CHECK(refused("last_played", good) == "");
  // As ratings.csv writes it, at the same bounds.
  for (const std::string bad : {"2023-02-29", "2024-13-01", "2024-01-00", "2024-1-5", "2024-01-05T10:00"})
    CHECK_THAT(refused("last_played", bad), Catch::Contains("list.csv:2:11: expected a date written yyyy-mm-dd (or yyyymmdd), or 0, got '" + bad + "'"));
  for (const std::string good : {"2020-02-29", "2023-12-31", "2024-01-05"}) CHECK(refused("last_played", good) == "");
  for (const std::string bad : {"1.5", "9007199254740992", "-9007199254740992", "1e300"})
    CHECK_THAT(refused("last_period", bad), Catch::Contains("expected a whole period number within 2^53, got '" + bad + "'"));
  for (const std::string good : {"0", "-5", "9007199254740991"}) CHECK(refused("last_period", good) == "");
  for (const std::string bad : {"999999999999999.5", "1000000000000000"})
    CHECK_THAT(refused("games", bad), Catch::Contains("expected a whole number of games, 0 or more"));
  CHECK(refused("games", "999999999999999") == "");
  for (const std::string bad : {"0", "10000", "1990.5", "-1990"})
    CHECK_THAT(refused("birth_year", bad), Catch::Contains("expected a birth year from 1 to 9999, got '" + bad + "'"));
  for (const std::string good : {"1", "1990", "9999"}) CHECK(refused("birth_year", good) == "");
}

TEST_CASE("a wide ratings list is read in linear time", "[ratings_list][readers]") {
  const glicko_run g;
  // 100,000 columns another model keeps: ignored with a warning each, in a second or two.
  std::string header = "player,rating,rd", row = "A,1600,40";
  for (int i = 0; i < 100'000; ++i) header += ",other" + std::to_string(i), row += ",1";
  const auto start = std::chrono::steady_clock::now();
  const auto r = g.run(header + "\n" + row + "\n");
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  CHECK(r.status == 0);
  CHECK(seconds < 10);  // quadratic: 5e9 column counts, minutes
}

TEST_CASE("a glicko state out of its domain is refused alike from a ratings list and a database",
          "[ratings_list][glicko][readers]") {
  const glicko_run g;
  const std::string refused = "plugin 'glicko' failed on game 1 (" + (g.dir / "games.csv").string() +
                              ":2): a player's rd must be above 0 and at most rdmax (350)";
  for (const std::string bad : {"-5", "0", "350.0001"}) {
    const auto r = g.run("player,rating,rd\nA,1600," + bad + "\n");
    CHECK(r.status == 1);
    CHECK_THAT(r.out, Catch::Contains(refused));
  }
  for (const std::string good : {"0.0001", "350"}) CHECK(g.run("player,rating,rd\nA,1600," + good + "\n").status == 0);
  // The same state recorded in a database, then damaged there by hand.
  ratekit::testing::write_text(g.dir / "d.yaml", "competition: g\nmodel: glicko\n"
                                                 "input: { format: games-csv, path: games.csv }\nperiod: month\n"
                                                 "output: { dir: d, database: g.db }\n");
  REQUIRE(run_cli("run " + (g.dir / "d.yaml").string()).status == 0);
  ratekit::testing::write_text(g.dir / "games.csv", "date,player_a,player_b,score_a\n2024-02-06,A,B,1\n");
  ratekit::testing::write_text(g.dir / "e.yaml", "competition: g\nmodel: glicko\ninitial: { database: g.db }\n"
                                                 "input: { format: games-csv, path: games.csv }\nperiod: month\n"
                                                 "output: { dir: e }\n");
  ratekit::testing::sql_exec(g.dir / "g.db", "UPDATE states SET value = -5 WHERE field = 'rd'");
  const auto r = run_cli("run " + (g.dir / "e.yaml").string());
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains(refused));
}

TEST_CASE("a glicko2 volatility that breaks the RD cap is refused alike from a ratings list and a database",
          "[ratings_list][glicko2][readers]") {
  // rdmax 173.7178 is 1 on the Glicko-2 scale: one period at volatility 1 grows the RD to the cap by itself.
  ratekit::testing::temp_dir dir;
  ratekit::testing::write_text(dir / "games.csv", "date,player_a,player_b,score_a\n2024-01-06,A,B,1\n");
  auto config = [&](const std::string& name, const std::string& rdmax, const std::string& rest) {
    ratekit::testing::write_text(dir / name, "competition: g\nmodel: glicko2\nparams: { rdmax: " + rdmax + " }\n" +
                                                 "input: { format: games-csv, path: games.csv }\nperiod: month\n" +
                                                 rest);
    return run_cli("run " + (dir / name).string());
  };
  auto from_list = [&](const std::string& rdmax, const std::string& volatility) {
    ratekit::testing::write_text(dir / "list.csv", "player,rating,rd,volatility\nA,1600,100," + volatility + "\n");
    return config("c.yaml", rdmax, "initial: { ratings: list.csv }\noutput: { dir: out }\n");
  };
  const std::string refused = "plugin 'glicko2' failed on game 1 (" + (dir / "games.csv").string() +
                              ":2): a player's volatility must be above 0 and at most rdmax / 173.7178 (1): a larger "
                              "one alone grows the RD past rdmax (173.718) in one period";
  for (const std::string good : {"0.9999", "1"}) CHECK(from_list("173.7178", good).status == 0);
  for (const std::string bad : {"1.0001", "0", "-0.5"}) CHECK_THAT(from_list("173.7178", bad).out, Catch::Contains(refused));
  // Without a cap any positive volatility is taken, and none other.
  CHECK(from_list("0", "5").status == 0);
  CHECK_THAT(from_list("0", "0").out, Catch::Contains("a player's volatility must be positive"));
  // Recorded without a cap, then read back under one.
  ratekit::testing::write_text(dir / "list.csv", "player,rating,rd,volatility\nA,1600,100,5\n");
  REQUIRE(config("d.yaml", "0", "initial: { ratings: list.csv }\noutput: { dir: d, database: g.db }\n").status == 0);
  ratekit::testing::write_text(dir / "games.csv", "date,player_a,player_b,score_a\n2024-02-06,A,B,1\n");
  const auto r = config("e.yaml", "173.7178", "initial: { database: g.db }\noutput: { dir: e }\n");
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains(refused));
}

}  // namespace test_ratings_list
