// uscf through the host as a federation would use it: configs/uscf-club.yaml rated from its
// list (the Approximating Formulas' worked example, 1511.11, in its first event), `describe`,
// `predict`, the chart and the history database.
#include "test_support.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <string>

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

// N' of an established 1300 (30 games): N*(1300), and his K for one game.
const double k_1300 = 800 / (50 / std::sqrt(0.662 + 0.00000739 * 1269.0 * 1269.0) + 1);

// A's standard winning expectancy against B.
double we(double a, double b) { return 1 / (1 + std::pow(10.0, -(a - b) / 400)); }

// `config` (model uscf, one event per period) run into dir/out; its ratings.csv.
std::string rated(const temp_dir& dir, const std::string& config, const std::string& out = "out") {
  write_text(dir / (out + ".yaml"), "competition: kids\nmodel: uscf\nperiod: event\n" + config);
  REQUIRE(run_cli("-q run " + (dir / (out + ".yaml")).string() + " --out " + (dir / out).string()).status == 0);
  return read_text(dir / out / "ratings.csv");
}

}  // namespace

TEST_CASE("uscf: an unrated player starts from his age, his year of birth from a ratings list or a TRF",
          "[uscf][cli][trf]") {
  temp_dir dir;
  // Ivy (born 2014) is 10 in 2024: 500; Jay, of unknown age, starts at 1300. Each loses to an
  // established 1300: Ivy stays at 500, Jay ends at 900, the nearest point of f's flat stretch.
  write_text(dir / "list.csv", "player,rating,rated_games,wins,losses,events,highest,birth_year\n"
                               "Drew,1300,30,15,15,5,0,\nGil,1300,30,15,15,5,0,1980\nIvy,,,,,,,2014\n");
  write_text(dir / "june.csv", "date,period,player_a,player_b,score_a\n2024-06-15,June,Drew,Ivy,1\n"
                               "2024-06-15,June,Gil,Jay,1\n");
  const std::string list = rated(dir, "initial: { ratings: list.csv }\ninput: { format: games-csv, path: june.csv }\n");
  CHECK(std::stod(field(list, "Ivy,", 1)) == Approx(500).margin(1e-9));
  CHECK(std::stod(field(list, "Jay,", 1)) == Approx(900).margin(1e-9));
  // Their opponents are rated against those ratings.
  CHECK(std::stod(field(list, "Drew,", 1)) == Approx(1300 + k_1300 * (1 - we(1300, 500))).margin(1e-3));
  CHECK(std::stod(field(list, "Gil,", 1)) == Approx(1300 + k_1300 * (1 - we(1300, 900))).margin(1e-3));
  // A TRF's birth dates: Ann (born 2014) loses to Bob (1300, born 1990), both unrated: Ann 500,
  // Bob 1300; Ann born 1990 too would end at 900.
  for (const std::string& born : {std::string("2014/05/01"), std::string("1990/05/01")}) {
    write_text(dir / "t.trf", trf_tournament("Club", "2024/03/01",
                                             trf_player(1, "Ann", 0, born, {{2, 'w', '0'}}) +
                                                 trf_player(2, "Bob", 1300, "1990/01/01", {{1, 'b', '1'}})));
    const std::string trf = rated(dir, "input: { format: trf, path: t.trf }\n", "trf");
    CHECK(std::stod(field(trf, "Ann,", 1)) == Approx(born == "2014/05/01" ? 500 : 900).margin(1e-9));
    CHECK(std::stod(field(trf, "Bob,", 1)) == Approx(1300).margin(1e-9));
  }
}

TEST_CASE("uscf: a year of birth recorded in the history database starts the player in a later run",
          "[uscf][cli]") {
  temp_dir dir;
  // The first run lists Ivy with her year of birth; she plays only in the second, from the database.
  write_text(dir / "list.csv", "player,rating,rated_games,wins,losses,events,highest,birth_year\n"
                               "Drew,1300,30,15,15,5,0,\nGil,1300,30,15,15,5,0,\nIvy,,,,,,,2014\n");
  write_text(dir / "may.csv", "date,period,player_a,player_b,score_a\n2024-05-15,May,Drew,Gil,0.5\n");
  write_text(dir / "june.csv", "date,period,player_a,player_b,score_a\n2024-06-15,June,Drew,Ivy,1\n");
  const std::string db = "output: { database: " + (dir / "kids.db").string() + " }\n";
  rated(dir, db + "initial: { ratings: list.csv }\ninput: { format: games-csv, path: may.csv }\n", "may");
  const std::string june = rated(dir, db + "initial: { database: kids.db }\ninput: { format: games-csv, path: june.csv }\n",
                                 "june");
  CHECK(std::stod(field(june, "Ivy,", 1)) == Approx(500).margin(1e-9));
}
