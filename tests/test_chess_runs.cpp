// Chess as a rating officer runs it: the FIDE 2024 config on a real TRF, its
// report, and a second period that continues from the first run's list.
#include "test_support.hpp"

#include <catch2/catch.hpp>

#include <sstream>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_chess_runs {

using namespace ratekit::testing;

namespace {

// The CSV row of `file` whose text starts with `prefix`.
std::string row_starting(const std::string& file, const std::string& prefix) {
  std::istringstream in(read_text(file));
  for (std::string line; std::getline(in, line);)
    if (line.rfind(prefix, 0) == 0) return line;
  return "";
}

}  // namespace

TEST_CASE("fide-2024 rates the Bunratty Masters TRF and reports every game", "[chess][integration]") {
  temp_dir dir;
  const auto first = run_cli("run " + source_path("configs/fide-2024.yaml").string() + " --out " + (dir / "1").string());
  REQUIRE(first.status == 0);
  const std::string report = read_text(dir / "1" / "report.csv");
  CHECK(std::count(report.begin(), report.end(), '\n') == 1 + 2 * 97);  // both sides of all 97 games
  // Short (2658, K 10 once 2400 was reached) against Moynihan (2104): the difference
  // counts as 400, table 8.1.2 gives 0.92; his six games expect 0.92 + 0.82 + 0.77 +
  // 0.71 + 0.92 + 0.92 = 5.06, he scores 4: 10 (4 - 5.06) = -10.6, rounded to -11 (8.3.4): 2647.
  CHECK(row_starting(dir / "1" / "report.csv", "Bunratty 2011,\"Short, Nigel\",2658,\"Moynihan, Kieran\"") ==
        "Bunratty 2011,\"Short, Nigel\",2658,\"Moynihan, Kieran\",2104,0.92,1,10,0.7999999999999996,2647");
  CHECK_THAT(row_starting(dir / "1" / "ratings.csv", "\"Short, Nigel\""),
             Catch::StartsWith("\"Short, Nigel\",2647,1,0,0,0,0,36,2658,ENG,grandmaster level"));
  CHECK_THAT(read_text(dir / "1" / "report.md"),
             Catch::Contains("6 games, score 4.0, expected 5.060, change -11.00: 2658.0 -> **2647.0**"));

  // The next period starts from the list just written, not from the TRF's ratings.
  write_text(dir / "next.yaml", read_text(source_path("configs/fide-2024.yaml")) + "\n");
  std::string config = read_text(dir / "next.yaml");
  config.replace(config.find("initial: { games: 30 }"), 22,
                 "initial: { ratings: " + (dir / "1" / "ratings.csv").string() + " }");
  config.replace(config.find("../data/"), 8, source_path("data/").string() + "/");
  write_text(dir / "next.yaml", config);
  const auto second = run_cli("run " + (dir / "next.yaml").string() + " --out " + (dir / "2").string());
  REQUIRE(second.status == 0);
  CHECK_THAT(row_starting(dir / "2" / "history.csv", "Bunratty 2011,2011-02-25,\"Short, Nigel\",\"Moynihan, Kieran\""),
             Catch::EndsWith(",2647," + row_starting(dir / "2" / "ratings.csv", "\"Short, Nigel\"").substr(15, 4) + ",1"));
  CHECK_THAT(row_starting(dir / "2" / "ratings.csv", "\"Short, Nigel\""), Catch::Contains(",42,2658,"));
}

}  // namespace test_chess_runs
