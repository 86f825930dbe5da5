// uscf through the host as a federation would use it: configs/uscf-club.yaml rated from its
// list (the Approximating Formulas' worked example, 1511.11, in its first event), `describe`,
// `predict`, the chart and the history database.
#include "test_support.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <string>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_uscf_run {

using namespace ratekit::testing;

namespace {

const std::string club = source_path("configs/uscf-club.yaml").string();

// The field of `column` in the first line of `csv` that starts with `prefix`.
std::string field(const std::string& csv, const std::string& prefix, size_t column) {
  const size_t at = csv.find("\n" + prefix);
  REQUIRE(at != std::string::npos);
  std::string line = csv.substr(at + 1, csv.find('\n', at + 1) - at - 1);
  for (size_t k = 0; k < column; ++k) line = line.substr(line.find(',') + 1);
  return line.substr(0, line.find(','));
}

}  // namespace

TEST_CASE("uscf-club.yaml: Casey's 1511.11 of the Approximating Formulas, Hana's first rating", "[uscf][cli]") {
  temp_dir dir;
  const auto run = run_cli("-q run " + club + " --out " + (dir / "out").string());
  REQUIRE(run.status == 0);
  const std::string history = read_text(dir / "out" / "history.csv");
  // period,date,player,opponent,expected,score,k,change,rating_before,rating_after,...: Casey's March.
  CHECK(std::stod(field(history, "March Swiss,2024-03-02,Casey,Drew,", 9)) == Approx(13600.0 / 9).margin(1e-9));
  const std::string ratings = read_text(dir / "out" / "ratings.csv");
  CHECK_THAT(ratings, Catch::StartsWith("player,rating,rated_games,wins,losses,events,highest,games,peak"));
  CHECK(field(ratings, "Hana,", 2) == "6");   // unrated before March, 3 games in each event
  CHECK(field(ratings, "Casey,", 2) == "12");  // 6 before, 3 in each event
  const std::string summary = read_text(dir / "out" / "summary.json");
  CHECK_THAT(summary, Catch::Contains("\"model\": \"uscf\""));
  CHECK_THAT(summary, Catch::Contains("\"log_loss\""));
  CHECK_THAT(read_text(dir / "out" / "report.md"), Catch::Contains("Casey"));
}

TEST_CASE("uscf: describe, predict, the chart and the history database", "[uscf][cli]") {
  const auto describe = run_cli("describe uscf");
  CHECK(describe.status == 0);
  CHECK_THAT(describe.out, Catch::Contains("bonus_threshold") && Catch::Contains("approximate") &&
                               Catch::Contains("rated_games"));
  temp_dir dir;
  write_text(dir / "next.csv", "player_a,player_b\nCasey,Hana\n");
  const auto predict = run_cli("predict " + club + " " + (dir / "next.csv").string());
  REQUIRE(predict.status == 0);
  CHECK_THAT(predict.out, Catch::StartsWith("player_a,player_b,rating_a,rated_games_a,") && Catch::Contains("expected_a"));
  REQUIRE(run_cli("-q run " + club + " --out " + (dir / "out").string()).status == 0);
  const auto chart = run_cli("chart " + (dir / "out").string() + " --player Casey --player Hana");
  CHECK(chart.status == 0);
  CHECK_THAT(read_text(dir / "out" / "chart.svg"), Catch::Contains("Casey"));
  const std::string db = (dir / "club.db").string();
  std::string config = read_text(club);
  config.replace(config.find("output: {"), 9, "output: { database: " + db + ",");
  config.replace(config.find("../data/uscf/club_list.csv"), 26, source_path("data/uscf/club_list.csv").string());
  config.replace(config.find("../data/uscf/club_events.csv"), 28, source_path("data/uscf/club_events.csv").string());
  write_text(dir / "db.yaml", config);
  REQUIRE(run_cli("-q run " + (dir / "db.yaml").string() + " --out " + (dir / "db-out").string()).status == 0);
  const auto casey = run_cli("history " + db + " Casey");
  CHECK(casey.status == 0);
  CHECK_THAT(casey.out, Catch::Contains("1511.1"));
}

namespace {

// A's standard winning expectancy against B.
double we(double a, double b) { return 1 / (1 + std::pow(10.0, -(a - b) / 400)); }

// N* of a rating r at most 2355 (N' of a player with more games).
double n_star(double r) { return 50 / std::sqrt(0.662 + 0.00000739 * (2569 - r) * (2569 - r)); }

// `config` (model uscf, one event per period) run into dir/out; its ratings.csv.
std::string rated(const temp_dir& dir, const std::string& config, const std::string& out = "out") {
  write_text(dir / (out + ".yaml"), "competition: kids\nmodel: uscf\nperiod: event\n" + config);
  REQUIRE(run_cli("-q run " + (dir / (out + ".yaml")).string() + " --out " + (dir / out).string()).status == 0);
  return read_text(dir / out / "ratings.csv");
}

// Drew (1000) and Gil (2000), established on 50 games, and `more` rows.
const std::string list_header = "player,rating,rated_games,wins,losses,events,highest,birth_year\n";
const std::string drew_and_gil = "Drew,1000,50,20,20,5,0,\nGil,2000,50,20,20,5,0,\n";

}  // namespace

TEST_CASE("uscf: an unrated player starts from his age, his year of birth from a ratings list or a TRF",
          "[uscf][cli][trf]") {
  temp_dir dir;
  // Ivy (born 2014) and Jay (of unknown age) each beat Drew and lose to Gil: f is 0 all over
  // [1400, 1600] and the iteration lands at 1500. Ivy is 10 in 2024, 500: the point of the stretch
  // nearest 500, 1400. Jay starts at 1300, within 400 points of 1500: 1500.
  write_text(dir / "list.csv", list_header + drew_and_gil + "Ivy,,,,,,,2014\n");
  write_text(dir / "june.csv", "date,period,player_a,player_b,score_a\n2024-06-15,June,Ivy,Drew,1\n"
                               "2024-06-15,June,Gil,Ivy,1\n2024-06-15,June,Jay,Drew,1\n2024-06-15,June,Gil,Jay,1\n");
  const std::string list = rated(dir, "initial: { ratings: list.csv }\ninput: { format: games-csv, path: june.csv }\n");
  CHECK(std::stod(field(list, "Ivy,", 1)) == Approx(1400).margin(1e-9));
  CHECK(std::stod(field(list, "Jay,", 1)) == Approx(1500).margin(1e-9));
  // Drew and Gil are rated against 1400 and 1500 (2 games each: K = 800 / (N* + 2)).
  CHECK(std::stod(field(list, "Drew,", 1)) ==
        Approx(1000 - 800 / (n_star(1000) + 2) * (we(1000, 1400) + we(1000, 1500))).margin(1e-6));
  CHECK(std::stod(field(list, "Gil,", 1)) ==
        Approx(2000 + 800 / (n_star(2000) + 2) * (2 - we(2000, 1400) - we(2000, 1500))).margin(1e-6));
  // A TRF's birth date: Ann (unrated) beats Drew and loses to Gil, listed with Hal: 1400 born in 2014,
  // 1500 born in 1990 (34 years: 1300).
  write_text(dir / "listed.csv", list_header + drew_and_gil + "Hal,1500,50,20,20,5,0,\n");
  for (const std::string born : {"2014/05/01", "1990/05/01"}) {
    write_text(dir / "t.trf", trf_tournament("Club", "2024/03/01",
                                             trf_player(1, "Ann", 0, born, {{2, 'w', '1'}, {3, 'b', '0'}}) +
                                                 trf_player(2, "Drew", 0, "", {{1, 'b', '0'}, {4, 'w', '='}}) +
                                                 trf_player(3, "Gil", 0, "", {{4, 'w', '='}, {1, 'w', '1'}}) +
                                                 trf_player(4, "Hal", 0, "", {{3, 'b', '='}, {2, 'b', '='}})));
    const std::string trf = rated(dir, "initial: { ratings: listed.csv }\ninput: { format: trf, path: t.trf }\n", "trf");
    CHECK(std::stod(field(trf, "Ann,", 1)) == Approx(born == "2014/05/01" ? 1400 : 1500).margin(1e-9));
  }
}

TEST_CASE("uscf: a year of birth recorded in the history database starts the player in a later run",
          "[uscf][cli]") {
  temp_dir dir;
  // The first run lists Ivy (born 2014), who plays only in the second, started from the database.
  write_text(dir / "list.csv", list_header + drew_and_gil + "Ivy,,,,,,,2014\n");
  write_text(dir / "may.csv", "date,period,player_a,player_b,score_a\n2024-05-15,May,Drew,Gil,0.5\n");
  write_text(dir / "june.csv", "date,period,player_a,player_b,score_a\n2024-06-15,June,Ivy,Drew,1\n"
                               "2024-06-15,June,Gil,Ivy,1\n");
  const std::string db = "output: { database: " + (dir / "kids.db").string() + " }\n";
  const std::string may = rated(dir, db + "initial: { ratings: list.csv }\ninput: { format: games-csv, path: may.csv }\n", "may");
  const std::string june = rated(dir, db + "initial: { database: kids.db }\ninput: { format: games-csv, path: june.csv }\n",
                                 "june");
  // f is 0 between Drew + 400 and Gil - 400 (about 1432 to 1585) and the iteration lands in the
  // middle, more than 400 from both; Ivy's 500 takes the stretch's lower end, Drew's May rating + 400
  // (an adult's 1300 would have kept the middle, about 1508).
  const double drew = std::stod(field(may, "Drew,", 1));
  CHECK(drew > 1000);
  CHECK(std::stod(field(june, "Ivy,", 1)) == Approx(drew + 400).margin(1e-6));
}

}  // namespace test_uscf_run
