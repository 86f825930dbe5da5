// Order only where it matters: within a rating period the games may come in
// any order (every game is rated from the ratings at the period's start); a
// game of an earlier period after a later one is refused.
#include "officer_support.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <map>
#include <tuple>
#include <vector>
#include <sstream>
#include <string>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_period_order {

using namespace ratekit::testing;

namespace {

// A config of `model` rating games.csv by `period`, with `params` and an optional `initial`.
void write_config(const temp_dir& dir, const std::string& period, const std::string& params = "",
                  const std::string& more = "") {
  write_text(dir / "config.yaml", "competition: order\nmodel: fide-logistic\n" + params +
                                      "k_schedule: [ { k: 20 } ]\ninput: { format: games-csv, path: games.csv }\n"
                                      "period: " + period + "\n" + more);
}

const std::string header = "date,player_a,player_b,score_a\n";

// Rates `games` (a games.csv) by dir's config.
command_result rate(const temp_dir& dir, const std::string& games) {
  write_text(dir / "games.csv", games);
  return run_cli("run '" + (dir / "config.yaml").string() + "' --out '" + (dir / "out").string() + "'");
}

// player -> rating of a ratings.csv.
std::map<std::string, double> ratings_of(const std::filesystem::path& csv) {
  std::istringstream in(read_text(csv));
  std::map<std::string, double> ratings;
  std::string line;
  std::getline(in, line);
  while (std::getline(in, line)) {
    const size_t comma = line.find(','), next = line.find(',', comma + 1);
    ratings[line.substr(0, comma)] = std::stod(line.substr(comma + 1, next - comma - 1));
  }
  return ratings;
}

}  // namespace

TEST_CASE("a month's file grouped by tournament is rated as the month, each game keeping its date", "[engine][cli]") {
  temp_dir dir;
  write_config(dir, "month");
  // The second tournament (A-C, B-D) began before the first (A-B, C-D) ended.
  const command_result r = rate(dir, header + "2024-01-20,A,B,1\n2024-01-21,C,D,1\n2024-01-05,A,C,1\n2024-01-06,B,D,0.5\n");
  INFO(r.out);
  REQUIRE(r.status == 0);
  // Every game from 1500 at the month's start, K 20: A +10 +10, B -10 +0, C +10 -10, D -10 +0.
  CHECK(ratings_of(dir / "out/ratings.csv") ==
        std::map<std::string, double>{{"A", 1520}, {"B", 1490}, {"C", 1500}, {"D", 1490}});
  const std::string history = read_text(dir / "out/history.csv");
  CHECK_THAT(history, Catch::Contains("2024-01,2024-01-05,A,C,0.5,1,20,10,1500,1520,1\n"));
  CHECK_THAT(history, Catch::Contains("2024-01,2024-01-20,A,B,0.5,1,20,10,1500,1520,1\n"));
  CHECK_THAT(history, Catch::Contains("2024-01,2024-01-06,D,B,0.5,0.5,20,0,1500,1490,1\n"));
}

TEST_CASE("the games of a period in any order rate as the sorted period, a first rating's pool included", "[engine][cli]") {
  // FIDE's pool towards a first rating keeps 24 months back from the period's month: with year
  // periods that is the month of its earliest game (January 2024), wherever that game stands in
  // the file, so U's three games of March 2022 still count and give him his first rating.
  const std::string head = "date,player_a,player_b,score_a,rating_a,rating_b\n"
                           "2022-03-05,R1,U,0.5,2000,\n2022-03-06,R1,U,0.5,2000,\n2022-03-07,R1,U,0.5,2000,\n";
  std::map<std::string, std::string> lists;
  std::map<std::string, double> sorted;
  for (const auto& [name, year] : std::map<std::string, std::string>{
           {"sorted", "2024-01-10,R2,U,0.5,2000,\n2024-12-10,R2,U,0.5,2000,\n"},
           {"shuffled", "2024-12-10,R2,U,0.5,2000,\n2024-01-10,R2,U,0.5,2000,\n"}}) {
    temp_dir dir;
    write_config(dir, "year", "params: { first_rating: true, pool_months: 24 }\n");
    const command_result r = rate(dir, head + year);
    INFO(name << ": " << r.out);
    REQUIRE(r.status == 0);
    lists[name] = read_text(dir / "out/ratings.csv");
    if (name == "sorted") sorted = ratings_of(dir / "out/ratings.csv");
  }
  CHECK(lists["shuffled"] == lists["sorted"]);
  // Five draws against 2000 and FIDE's two hypothetical draws against 1800: round(13600 / 7) = 1943.
  CHECK(sorted["U"] == 1943);
}

TEST_CASE("a game of an earlier period after a later one is refused and every one is counted", "[engine][cli]") {
  temp_dir dir;
  write_config(dir, "month");
  const command_result r = rate(dir, header + "2024-02-03,A,B,1\n2024-02-01,A,C,1\n2024-01-31,B,C,1\n2024-01-02,A,B,1\n");
  CHECK(r.status == 1);
  CHECK(r.out == "error: " + (dir / "games.csv").string() +
                     ":4: dates out of order: this game of 2024-01-31 is in an earlier month than the game of "
                     "2024-02-03 on line 2 (2 rows in all are out of order); sort the games by date, oldest first, or "
                     "write input: { sort: date }\n");
  CHECK_FALSE(std::filesystem::exists(dir / "out"));
}

TEST_CASE("Lichess's anonymous players are rated as one player, with one warning", "[engine][cli]") {
  temp_dir dir;
  write_config(dir, "day");
  const command_result r = rate(dir, header + "2024-01-05,A,Anonymous,1\n2024-01-05,Anonymous,B,1\n2024-01-06,A,B,0\n"
                                               "2024-01-07,C,Anonymous,0.5\n");
  INFO(r.out);
  CHECK(r.status == 0);
  const std::string warning = "3 games had a player named 'Anonymous'";
  CHECK_THAT(r.out, Catch::Contains(warning));
  CHECK(r.out.find(warning) == r.out.rfind(warning));
  CHECK(rate(dir, header + "2024-01-05,A,B,1\n").out.find("Anonymous") == std::string::npos);
}

TEST_CASE("a list adjustment's date holds for every game of the first period, in any order", "[engine][cli]") {
  temp_dir dir;
  write_config(dir, "year", "",
               "initial: { ratings: list.csv, adjust: { date: 2024-03-15, from: 1000, to: 2000, toward: 2000, "
               "fraction: 0.4 } }\n");
  write_text(dir / "list.csv", "player,rating\nA,1500\nB,1500\n");
  const command_result r = rate(dir, header + "2024-03-20,A,B,1\n2024-03-10,A,B,1\n");
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("games.csv:3: initial.adjust is dated 2024-03-15 but this game is dated 2024-03-10: "
                                    "rate the games before 2024-03-15 in a run of their own"));
  CHECK(rate(dir, header + "2024-03-20,A,B,1\n2024-03-15,A,B,1\n").status == 0);
}

TEST_CASE("input.sort: date rates a newest-first export as the file sorted by hand, players seeded by date", "[engine][cli]") {
  // rating_a, rating_b: each player's rating elsewhere as the games went on; a new player starts from his first game's.
  const std::string columns = "date,player_a,player_b,score_a,rating_a,rating_b\n";
  const std::string oldest_first = "2024-01-03,A,B,1,1600,1500\n2024-01-05,B,C,0.5,1490,1400\n2024-01-05,C,A,1,1410,1610\n"
                                   "2024-01-09,A,B,0,1700,1480\n";
  const std::string newest_first = "2024-01-09,A,B,0,1700,1480\n2024-01-05,B,C,0.5,1490,1400\n2024-01-05,C,A,1,1410,1610\n"
                                   "2024-01-03,A,B,1,1600,1500\n";
  std::map<std::string, std::string> written;
  for (const auto& [name, games, input] :
       std::vector<std::tuple<std::string, std::string, std::string>>{{"by hand", oldest_first, ""},
                                                                      {"sorted", newest_first, "sort: date, "}}) {
    temp_dir dir;
    write_text(dir / "config.yaml", "competition: order\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\ninput: { " +
                                        input + "format: games-csv, path: games.csv }\n");
    const command_result r = rate(dir, columns + games);
    INFO(name << ": " << r.out);
    REQUIRE(r.status == 0);
    written[name] = read_text(dir / "out/ratings.csv") + read_text(dir / "out/history.csv");
    if (name == "sorted") CHECK_THAT(read_text(dir / "out/summary.json"), Catch::Contains("\"sort\": \"date\""));
  }
  CHECK(written["sorted"] == written["by hand"]);
  // A starts from 1600, his oldest game's rating (not 1700, his newest): 100 points up, 0.64 expected, +7.2.
  CHECK_THAT(written["sorted"], Catch::Contains("1,2024-01-03,A,B,0.64006499980288") &&
                                    Catch::Contains(",1,20,7.1987000039") && Catch::Contains(",1600,1607.1987"));
}

TEST_CASE("input.sort: date puts events that do not overlap in the order of their dates", "[engine][cli]") {
  // What it refuses (an undated game, seasons, an event split, team matches): tests/bad_input/sort_date_*.
  temp_dir dir;
  write_text(dir / "config.yaml", "competition: order\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
                                  "input: { format: games-csv, path: games.csv, sort: date }\nperiod: event\n");
  const command_result r = rate(dir, "date,player_a,player_b,score_a,period\n2024-02-05,A,B,1,Cup\n"
                                     "2024-01-09,A,C,1,Open\n2024-01-08,B,C,1,Open\n");
  INFO(r.out);
  REQUIRE(r.status == 0);
  // Open first: A and B from 1500 each win +10; then Cup, A 1510 against B 1510: +10 again.
  const std::string history = read_text(dir / "out/history.csv");
  CHECK(history.find("Open,2024-01-08,B,C") < history.find("Cup,2024-02-05,A,B"));
  CHECK_THAT(history, Catch::Contains("Cup,2024-02-05,A,B,0.5,1,20,10,1510,1520,1\n"));
}

TEST_CASE("input.sort: date needs every game dated", "[engine][cli]") {
  temp_dir dir;
  write_text(dir / "config.yaml", "competition: order\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
                                  "input: { format: trf, path: t.trf, sort: date }\n");
  write_text(dir / "t.trf", trf_tournament("Undated", "", trf_player(1, "Ann", 0, "", {{2, 'w', '1'}}) +
                                                            trf_player(2, "Bob", 0, "", {{1, 'b', '0'}})));
  const command_result r = run_cli("run '" + (dir / "config.yaml").string() + "' --out '" + (dir / "out").string() + "'");
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("t.trf") && Catch::Contains("input.sort: date needs every game dated, and this one "
                                                                "has no date"));
}

}  // namespace test_period_order
