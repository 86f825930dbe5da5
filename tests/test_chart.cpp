// Rating series from a history.csv and the SVG chart drawn from them. Coordinates are
// worked out by hand for the default 960x600 chart: plot box x 70..710, y 50..540.
#include <catch2/catch.hpp>

#include <ratekit/host/output/chart.hpp>
#include <ratekit/host/text/diagnostics.hpp>

#include <filesystem>
#include <fstream>

using namespace ratekit;

namespace {

std::filesystem::path write_history(const std::string& rows) {
  const auto file = std::filesystem::temp_directory_path() / "ratekit_test_chart_history.csv";
  std::ofstream(file) << "period,player,opponent,expected,score,k,change,rating_before,rating_after\n" << rows;
  return file;
}

// Two games between "A&B, Inc" and Q: 16 then -6 for A&B.
const std::string two_games =
    "1,\"A&B, Inc\",Q,0.5,1,32,16,0,16\n"
    "1,Q,\"A&B, Inc\",0.5,0,32,-16,0,-16\n"
    "2,Q,\"A&B, Inc\",0.52,1,32,6,-16,-10\n"
    "2,\"A&B, Inc\",Q,0.48,0,32,-6,16,10\n";

size_t count(const std::string& s, const std::string& what) {
  size_t n = 0;
  for (size_t at = s.find(what); at != std::string::npos; at = s.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("chart: area under a rating line by the trapezoid rule", "[chart]") {
  CHECK(series_area({0, 16, 10}) == 21.0);  // (0 + 16) / 2 + (16 + 10) / 2
  CHECK(series_area({0, -16, -10}) == -21.0);
  CHECK(series_area({5}) == 0.0);
}

TEST_CASE("chart: series read from a history.csv", "[chart]") {
  const auto file = write_history(two_games);
  const auto series = read_rating_series(file, {"Q", "A&B, Inc"});
  std::filesystem::remove(file);
  REQUIRE(series.size() == 2);
  CHECK(series[0].player == "Q");
  CHECK(series[0].ratings == std::vector<double>{0, -16, -10});
  CHECK(series[1].ratings == std::vector<double>{0, 16, 10});
}

TEST_CASE("chart: history errors name the line and column", "[chart]") {
  const auto file = write_history("1,Q,R,0.5,1,32,16,0,x16\n");
  try {
    read_rating_series(file, {"Q"});
    FAIL("a bad rating was accepted");
  } catch (const user_error& e) {
    CHECK(e.diagnostics().at(0).line == 2);
    CHECK(e.diagnostics().at(0).column == 21);
    CHECK(e.diagnostics().at(0).message.find("rating_after") != std::string::npos);
  }
  CHECK_THROWS_AS(read_rating_series(file, {"Nobody"}), user_error);
  std::filesystem::remove(file);
}

TEST_CASE("chart: SVG structure", "[chart]") {
  const std::vector<rating_series> series{{"A&B, Inc", {0, 16, 10}}, {"Q", {0, -16, -10}}};
  const std::string svg = render_chart_svg(series);
  CHECK(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"960\" height=\"600\"", 0) == 0);
  CHECK(svg.size() > 6);
  CHECK(svg.substr(svg.size() - 7) == "</svg>\n");
  CHECK(count(svg, "<g class=\"series\"") == 2);
  CHECK(count(svg, "<polyline fill=\"none\"") == 2);
  CHECK(count(svg, "<polygon class=\"area\"") == 2);
  CHECK(count(svg, "<circle ") == 6);
  // y from -20 to 20 in steps of 5 (a round step near 32 / 8; 9 labels), x from 0 to 2 in steps of 1.
  CHECK(count(svg, "text-anchor=\"end\">") == 9);
  CHECK(svg.find("text-anchor=\"end\">-20</text>") != std::string::npos);
  CHECK(svg.find("text-anchor=\"middle\">2</text>") != std::string::npos);
  // Ratings 0, 16, 10 at games 0, 1, 2: y = 540 - 490 (r + 20) / 40.
  CHECK(svg.find("points=\"70.00,295.00 390.00,99.00 710.00,172.50\"") != std::string::npos);
  // Names are escaped; the legend gives final rating and area.
  CHECK(svg.find("A&amp;B, Inc: 10.0, area 21.0</text>") != std::string::npos);
  CHECK(svg.find("Q: -10.0, area -21.0</text>") != std::string::npos);
  CHECK(svg.find("A&B") == std::string::npos);
}
