// Charts that draw what the history says: the deviation band stepped as the
// line is, from the deviation a player started with; one marker rule for
// charts shown together; legend ratings that tell the players apart;
// overlapping bands that stay readable. Plot box of the default 960x600 chart
// with a title and a legend: x 80..730, y 44..550.
#include "test_support.hpp"

#include <ratekit/host/output/reports/chart.hpp>
#include <ratekit/host/output/reports/html_report.hpp>

#include <catch2/catch.hpp>

#include <regex>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_chart_truth {

using namespace ratekit;

namespace {

size_t count(const std::string& s, const std::string& what) {
  size_t n = 0;
  for (size_t at = s.find(what); at != std::string::npos; at = s.find(what, at + 1)) ++n;
  return n;
}

// A team model's history (sigma before and after each row): A plays twice in
// January (one period), then on Mar 1; B once in each month. A starts with
// sigma 8, ends January at 6, March at 5.
const std::string history =
    "period,date,player,opponent,expected,score,k,change,rating_before,rating_after,sigma_after,sigma_before\n"
    "2024-01,2024-01-10,A,B,0.5,1,0,10,1500,1516,6,8\n"
    "2024-01,2024-01-10,B,A,0.5,0,0,-10,1500,1484,7,8\n"
    "2024-01,2024-01-31,A,C,0.5,1,0,6,1500,1516,6,8\n"
    "2024-03,2024-03-01,A,B,0.5,0,0,-6,1516,1510,5,6\n"
    "2024-03,2024-03-01,B,A,0.5,1,0,6,1484,1490,6,7\n";

std::string points_of(const std::string& svg, const std::string& element) {
  const size_t at = svg.find(element);
  if (at == std::string::npos) return "";
  const size_t from = svg.find("points=\"", at) + 8;
  return svg.substr(from, svg.find('"', from) - from);
}

}  // namespace

TEST_CASE("chart: the band steps as the line does, from the deviation the player started with", "[chart]") {
  const testing::temp_dir dir;
  testing::write_text(dir / "history.csv", history);
  const auto series = read_rating_series(dir / "history.csv", {"A"});
  REQUIRE(series[0].points.size() == 3);
  CHECK(series[0].points[0].spread == 8);  // sigma_before of his first row
  CHECK(series[0].points[1].spread == 6);
  const std::string svg = render_chart_svg(series, {.title = "t", .y_range = std::pair{1450.0, 1550.0}});
  // y = 550 - 506 (r - 1450) / 100. From the start of Jan 10 (x 80) at 1500 +- 16, up to the end of
  // Jan 31 (x 355) at 1516 +- 12, held flat while A has no games to the start of Mar 1 (x 717.5), then
  // to its end (x 730) at 1510 +- 10: the upper edge forward, the lower back.
  CHECK(points_of(svg, "<polygon class=\"band\"") ==
        "80.0,216.0 355.0,155.3 717.5,155.3 730.0,195.8 730.0,297.0 717.5,276.8 355.0,276.8 80.0,378.0");
  // The line has its vertices at the same x: M80 L355, dashed to 717.5, L730.
  CHECK_THAT(svg, Catch::Contains("d=\"M80.0,297.0 L355.0,216.0 M717.5,216.0 L730.0,246.4\""));
}

TEST_CASE("chart: without the deviation he started with, the band starts at his first period's end", "[chart]") {
  // Glicko's history has rd after each period only.
  const rating_series s{"A", {{.date = 20240110, .rating = 1500, .start = 20240110},
                              {.date = 20240131, .rating = 1516, .spread = 6, .start = 20240110},
                              {.date = 20240301, .rating = 1510, .spread = 5, .start = 20240301}}};
  const std::string svg = render_chart_svg({s}, {.title = "t", .y_range = std::pair{1450.0, 1550.0}});
  CHECK(points_of(svg, "<polygon class=\"band\"") == "355.0,155.3 717.5,155.3 730.0,195.8 730.0,297.0 717.5,276.8 355.0,276.8");
}

TEST_CASE("chart: the legend shows as many decimals as tell the final ratings apart, the same for all", "[chart]") {
  const auto legend = [](std::vector<double> finals) {
    std::vector<rating_series> series;
    for (size_t i = 0; i < finals.size(); ++i)
      series.push_back({std::string(1, char('A' + i)), {{20240101, 25.0}, {20240201, finals[i]}}});
    const std::string svg = render_chart_svg(series);
    std::vector<std::string> shown;
    const std::regex rating(R"re(<text class="rating"[^>]*>([^<]*)</text>)re");
    for (std::sregex_iterator it(svg.begin(), svg.end(), rating), end; it != end; ++it) shown.push_back((*it)[1]);
    return shown;
  };
  CHECK(legend({28.11, 27.97, 25.2}) == std::vector<std::string>{"28.1", "28.0", "25.2"});
  CHECK(legend({1510, 1490}) == std::vector<std::string>{"1510", "1490"});
  CHECK(legend({28.1111, 28.1114}) == std::vector<std::string>{"28.111", "28.111"});  // at most 3
  CHECK(legend({28.4, 28.4, 31.2}) == std::vector<std::string>{"28", "28", "31"});    // equal ratings show equal
  CHECK(legend({1500.04, 1500.01}) == std::vector<std::string>{"1500.04", "1500.01"});
}

TEST_CASE("chart: markers on every line's points or on none", "[chart]") {
  rating_series few{"A", {{20240101, 1500}, {20240102, 1510}, {20240103, 1520}}}, many{"B", {}};
  for (int d = 0; d < 81; ++d) many.points.push_back({20240101 + d % 28 + d / 28 * 100, 1500.0 + d});
  CHECK(count(render_chart_svg({few}), "<circle") == 3);
  CHECK(count(render_chart_svg({few, many}), "<circle") == 0);  // B's would crowd: neither has them
  CHECK(dots_fit({few}));
  CHECK_FALSE(dots_fit({few, many}));
  // Charts shown apart but together (the report's panels) are told once.
  CHECK(count(render_chart_svg({few}, {.dots = false}), "<circle") == 0);
}

TEST_CASE("chart: overlapping bands are shaded lightly and edged, one band shaded as before", "[chart]") {
  std::vector<rating_series> five;
  for (int k = 0; k < 5; ++k)
    five.push_back({std::string(1, char('A' + k)), {{20240101, 25.0, 8}, {20240201, 28.0 - k, 6}, {20240301, 27.0, 5}}});
  const std::string svg = render_chart_svg(five);
  CHECK(count(svg, "<polygon class=\"band\"") == 5);
  CHECK(count(svg, "fill-opacity=\"0.05\"") == 5);
  CHECK(count(svg, "<polyline class=\"band-edge\"") == 10);  // each band's two edges, in its colour
  CHECK(svg.find("<polyline class=\"band-edge\" fill=\"none\" stroke=\"#D55E00\"") != std::string::npos);
  CHECK(points_of(svg, "<polyline class=\"band-edge\"") ==
        points_of(svg, "<polygon class=\"band\"").substr(0, points_of(svg, "<polyline class=\"band-edge\"").size()));
  const std::string one = render_chart_svg({five[0]});
  CHECK(count(one, "fill-opacity=\"0.15\"") == 1);
  CHECK(count(one, "band-edge") == 0);
}

TEST_CASE("the HTML report's panels say what is shaded and mark their points alike", "[html_report]") {
  testing::temp_dir dir;
  testing::write_text(dir / "ratings.csv", "player,rating,sigma\nA,1510,5\nB,1490,6\n");
  std::string rows = "period,date,player,opponent,expected,score,k,change,rating_before,rating_after,sigma_after,sigma_before\n";
  for (int m = 1; m <= 90; ++m)  // A plays 90 periods, B 2
    rows += std::to_string(m) + "," + std::to_string(1930 + m) + "-06-01,A,X,0.5,1,0,0,1500,1510,5,6\n";
  rows += "91,2021-06-01,B,X,0.5,0,0,0,1500,1495,7,8\n92,2022-06-01,B,X,0.5,0,0,0,1495,1490,6,7\n";
  testing::write_text(dir / "history.csv", rows);
  const std::string html = build_html_report(dir.path());
  CHECK(count(html, "<svg class=\"rating-chart\"") == 2);
  CHECK(count(html, "<circle") == 0);  // A's 91 points would crowd: B's panel has none either
  CHECK_THAT(html, Catch::Contains("Shaded: the rating \u00b1 2 sigma, the model's uncertainty about the rating") &&
                       Catch::Contains("from the deviation he started with."));
}

TEST_CASE("a run's chart.svg of a team model bands each player from his first sigma, with or without history.csv",
          "[chart][teams]") {
  testing::temp_dir dir;
  testing::write_text(dir / "m.csv", "match,date,team,player,rank\nm1,2024-01-01,red,A,1\nm1,2024-01-01,blue,B,2\n"
                                     "m2,2024-02-01,red,A,2\nm2,2024-02-01,blue,B,1\n");
  for (const std::string history : {"true", "false"}) {
    INFO("history " << history);
    testing::write_text(dir / "c.yaml", "competition: t\nmodel: trueskill\ninput: { format: team-csv, path: m.csv }\n"
                                        "output: { charts: true, history: " + history + " }\n");
    REQUIRE(testing::run_cli("-q run " + (dir / "c.yaml").string() + " --out " + (dir / "out").string()).status == 0);
    const std::string svg = testing::read_text(dir / "out/chart.svg");
    REQUIRE(count(svg, "<polygon class=\"band\"") == 2);
    // The first band's first vertex is where its line starts: the start of Jan 1, at 25 + 2 x 25/3.
    const std::string line = svg.substr(svg.find("<path class=\"line\""));
    const std::string start = line.substr(line.find("d=\"M") + 4, line.find(',', line.find("d=\"M")) - line.find("d=\"M") - 4);
    CHECK(points_of(svg, "<polygon class=\"band\"").rfind(start + ",", 0) == 0);
  }
}

}  // namespace test_chart_truth
