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
