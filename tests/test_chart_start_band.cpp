// A pairwise model's band (Glicko's rd) from the start of a player's first period at the deviation he started
// with: history.csv has rd after each period only, so summary.json states the starting deviations
// (starting_deviation) and a chart drawn again from the folder is the run's own, byte for byte.
#include "test_support.hpp"

#include <ratekit/host/output/reports/chart.hpp>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <sstream>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_chart_start_band {

namespace {

std::string first_points(const std::string& svg, size_t from = 0) {
  const size_t at = svg.find("points=\"", svg.find("<polygon class=\"band\"", from)) + 8;
  return svg.substr(at, svg.find('"', at) - at);
}

// The x each band starts at, and the x each line starts at, in the order drawn.
std::vector<std::string> band_and_line_starts(const std::string& svg, const std::string& element, const std::string& attribute) {
  std::vector<std::string> out;
  for (size_t at = svg.find(element); at != std::string::npos; at = svg.find(element, at + 1)) {
    const size_t from = svg.find(attribute, at) + attribute.size();
    out.push_back(svg.substr(from, svg.find(',', from) - from));
  }
  return out;
}

// A (seeded from the list with rd 100) beats B in January; C (new, rd 350) beats A in February.
void run_glicko(const ratekit::testing::temp_dir& dir, const std::string& history) {
  ratekit::testing::write_text(dir / "games.csv", "date,player_a,player_b,score_a\n2024-01-05,A,B,1\n2024-02-05,C,A,1\n");
  ratekit::testing::write_text(dir / "start.csv", "player,rating,rd\nA,1600,100\n");
  ratekit::testing::write_text(dir / "c.yaml", "competition: c\nmodel: glicko\nperiod: month\n"
                                               "initial: { ratings: start.csv }\n"
                                               "input: { format: games-csv, path: games.csv }\n"
                                               "output: { charts: true, history: " + history + " }\n");
  REQUIRE(ratekit::testing::run_cli("-q run '" + (dir / "c.yaml").string() + "' --out '" + (dir / "out").string() + "'")
              .status == 0);
}

}  // namespace

TEST_CASE("chart: a pairwise history's band starts at summary.json's starting deviation, stepped", "[chart]") {
  // As test_chart_truth's team history, with rd after each period only: A starts with 8 (a new player's).
  const ratekit::testing::temp_dir dir;
  ratekit::testing::write_text(dir / "history.csv", "period,date,player,opponent,rating_before,rating_after,rd_after\n"
                                                    "2024-01,2024-01-10,A,B,1500,1516,6\n"
                                                    "2024-01,2024-01-31,A,C,1500,1516,6\n"
                                                    "2024-03,2024-03-01,A,B,1516,1510,5\n");
  ratekit::testing::write_text(dir / "summary.json",
                               R"({"starting_deviation": {"field": "rd", "new_player": 8.0, "seeded": {"B": 3.0}}})");
  const auto series = ratekit::read_run_series(dir.path(), {"A"});
  REQUIRE(series[0].points.size() == 3);
  CHECK(series[0].points[0].spread == 8);
  const std::string svg = ratekit::render_chart_svg(series, {.title = "t", .y_range = std::pair{1450.0, 1550.0}});
  // From the start of Jan 10 (x 80) at 1500 +- 16, as the team history's band.
  CHECK(first_points(svg) ==
        "80.0,216.0 355.0,155.3 717.5,155.3 730.0,195.8 730.0,297.0 717.5,276.8 355.0,276.8 80.0,378.0");
  // A seeded player's own; without summary.json, from the first period's end as before.
  ratekit::testing::write_text(dir / "history.csv", "period,date,player,opponent,rating_before,rating_after,rd_after\n"
                                                    "2024-01,2024-01-10,B,A,1500,1484,2\n2024-03,2024-03-01,B,A,1484,1490,1\n");
  CHECK(ratekit::read_run_series(dir.path(), {"B"})[0].points[0].spread == 3);
  std::filesystem::remove(dir / "summary.json");
  CHECK(std::isnan(ratekit::read_run_series(dir.path(), {"B"})[0].points[0].spread));
}

TEST_CASE("chart: summary.json's starting deviation must be a positive number", "[chart]") {
  const ratekit::testing::temp_dir dir;
  ratekit::testing::write_text(dir / "history.csv", "period,date,player,rating_before,rating_after,rd_after\n"
                                                    "2024-01,2024-01-10,A,1500,1516,6\n");
  ratekit::testing::write_text(dir / "summary.json", R"({"starting_deviation": {"new_player": 8, "seeded": {"A": -1}}})");
  CHECK_THROWS_WITH(ratekit::read_run_series(dir.path(), {"A"}),
                    Catch::Contains("summary.json") && Catch::Contains("starting_deviation.seeded['A'] as a positive number, got -1"));
}

TEST_CASE("a glicko run's chart.svg bands each player from the rd he started with, drawn again byte for byte",
          "[chart][glicko]") {
  for (const std::string history : {"true", "false"}) {
    INFO("history " << history);
    const ratekit::testing::temp_dir dir;
    run_glicko(dir, history);
    const auto summary = nlohmann::json::parse(ratekit::testing::read_text(dir / "out/summary.json"));
    CHECK(summary["starting_deviation"] ==
          nlohmann::json::parse(R"({"field": "rd", "new_player": 350.0, "seeded": {"A": 100.0}})"));
    const std::string svg = ratekit::testing::read_text(dir / "out/chart.svg");
    const auto bands = band_and_line_starts(svg, "<polygon class=\"band\"", "points=\""), lines = band_and_line_starts(svg, "<path class=\"line\"", "d=\"M");
    REQUIRE(bands.size() == 3);
    CHECK(bands == lines);  // every band from its line's start
    if (history == "false") continue;
    // Drawn again from the folder: the top three in ratings.csv's order, the run's title.
    std::istringstream list(ratekit::testing::read_text(dir / "out/ratings.csv"));
    std::string line, names;
    for (std::getline(list, line); std::getline(list, line);) names += (names.empty() ? "" : ",") + line.substr(0, line.find(','));
    const auto r = ratekit::testing::run_cli("chart '" + (dir / "out").string() + "' --players " + names +
                                             " --title 'c: the top 5' -o '" + (dir / "again.svg").string() + "'");
    REQUIRE(r.status == 0);
    CHECK(ratekit::testing::read_text(dir / "again.svg") == svg);
  }
}

}  // namespace test_chart_start_band
