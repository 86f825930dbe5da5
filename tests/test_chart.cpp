// Rating series from a history.csv and the SVG chart drawn from them. Coordinates
// are worked out by hand for the default 960x600 chart with a title and a legend:
// plot box x 80..730, y 44..550.
#include "test_support.hpp"

#include <ratekit/host/output/reports/chart.hpp>
#include <ratekit/host/text/diagnostics.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <regex>
#include <sys/resource.h>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_chart {

using namespace ratekit;

namespace {

const std::string header = "period,date,player,opponent,expected,score,k,change,rating_before,rating_after\n";

size_t count(const std::string& s, const std::string& what) {
  size_t n = 0;
  for (size_t at = s.find(what); at != std::string::npos; at = s.find(what, at + 1)) ++n;
  return n;
}

// A plays twice in January (one period: both rows carry the period's end
// rating), then once in February; B once in each month.
const std::string months = header +
                           "2024-01,2024-01-10,A,B,0.5,1,20,10,1500,1516\n"
                           "2024-01,2024-01-10,B,A,0.5,0,20,-10,1500,1484\n"
                           "2024-01,2024-01-31,A,C,0.5,1,20,6,1500,1516\n"
                           "2024-03,2024-03-01,A,B,0.5,0,20,-6,1516,1510\n"
                           "2024-03,2024-03-01,B,A,0.5,1,20,6,1484,1490\n";

struct x_label {
  double left, right;
  std::string text;
};

// The x tick labels of a chart, each with its box estimated at 0.6 em a character.
std::vector<x_label> x_labels(const std::string& svg, double font_size) {
  const size_t from = svg.find("<g class=\"x-ticks\">"), to = svg.find("</g>", from);
  const std::string ticks = svg.substr(from, to - from);
  const std::regex text(R"re(<text x="([0-9.]+)" y="[0-9.]+" fill="#556" text-anchor="(start|middle|end)">([^<]*)</text>)re");
  std::vector<x_label> out;
  for (std::sregex_iterator it(ticks.begin(), ticks.end(), text), end; it != end; ++it) {
    const double x = std::stod((*it)[1]), w = 0.6 * font_size * double((*it)[3].length());
    const std::string anchor = (*it)[2];
    const double left = anchor == "start" ? x : anchor == "end" ? x - w : x - w / 2;
    out.push_back({left, left + w, (*it)[3]});
  }
  return out;
}

int32_t days_after(int32_t yyyymmdd, int days) {
  namespace chr = std::chrono;
  const chr::year_month_day d{chr::sys_days{chr::year_month_day{chr::year(yyyymmdd / 10000),
                                                                chr::month(unsigned(yyyymmdd / 100 % 100)),
                                                                chr::day(unsigned(yyyymmdd % 100))}} +
                              chr::days(days)};
  return int32_t(d.year()) * 10000 + int32_t(unsigned(d.month())) * 100 + int32_t(unsigned(d.day()));
}

}  // namespace

TEST_CASE("chart: area under a rating line by the trapezoid rule", "[chart]") {
  CHECK(series_area({0, 16, 10}) == 21.0);  // (0 + 16) / 2 + (16 + 10) / 2
  CHECK(series_area({0, -16, -10}) == -21.0);
  CHECK(series_area({5}) == 0.0);
}

TEST_CASE("chart: one point per rating period, dated by the period's first and last game, anyone's", "[chart]") {
  const testing::temp_dir dir;
  testing::write_text(dir / "history.csv", months);
  const auto series = read_rating_series(dir / "history.csv", {"A", "B"});
  REQUIRE(series.size() == 2);
  REQUIRE(series[0].points.size() == 3);  // before, end of January, end of March
  // The rating before: at the start of the first period, numbered one before it.
  CHECK(series[0].points[0].date == 20240110);
  CHECK(series[0].points[0].period == 0);
  CHECK(series[0].points[0].rating == 1500);
  CHECK(series[0].points[1].start == 20240110);
  CHECK(series[0].points[1].date == 20240131);  // the period's last game
  CHECK(series[0].points[1].period == 1);
  CHECK(series[0].points[1].rating == 1516);
  CHECK(series[0].points[2].start == 20240301);
  CHECK(series[0].points[2].date == 20240301);
  CHECK(series[0].points[2].period == 2);
  CHECK(series[0].points[2].rating == 1510);
  CHECK(series[1].ratings() == std::vector<double>{1500, 1484, 1490});
  // B's January ends with A's last game of it, not B's own (Jan 10).
  CHECK(series[1].points[1].date == 20240131);
}

TEST_CASE("chart: a player who joins later starts at the start of his first period", "[chart]") {
  const testing::temp_dir dir;
  testing::write_text(dir / "history.csv", header +
                                               "2024-01,2024-01-10,A,B,0.5,1,20,10,1500,1516\n"
                                               "2024-02,2024-02-03,A,B,0.5,1,20,10,1516,1530\n"
                                               "2024-02,2024-02-20,C,A,0.5,1,20,10,1500,1510\n"
                                               "2024-02,2024-02-27,A,B,0.5,1,20,10,1530,1540\n");
  const auto c = read_rating_series(dir / "history.csv", {"C"})[0].points;
  REQUIRE(c.size() == 2);
  CHECK(c[0].date == 20240203);  // February's first game, not C's own (Feb 20)
  CHECK(c[0].period == 1);
  CHECK(c[1].start == 20240203);
  CHECK(c[1].date == 20240227);
  CHECK(c[1].period == 2);
}

TEST_CASE("chart: a history without periods gives a point per game", "[chart]") {
  const testing::temp_dir dir;
  testing::write_text(dir / "history.csv", "player,rating_before,rating_after\nQ,0,-16\nR,3,4\nQ,-16,-10\n");
  const auto q = read_rating_series(dir / "history.csv", {"Q"})[0];
  CHECK(q.ratings() == std::vector<double>{0, -16, -10});
  CHECK(q.points[0].period == 0);
  CHECK(q.points[1].period == 1);
  CHECK(q.points[2].period == 3);  // R's game was the second period
}

TEST_CASE("chart: history errors name the line and column, unknown names the nearest", "[chart]") {
  const testing::temp_dir dir;
  testing::write_text(dir / "history.csv", header + "1,,Q,R,0.5,1,32,16,0,x16\n");
  try {
    read_rating_series(dir / "history.csv", {"Q"});
    FAIL("a bad rating was accepted");
  } catch (const user_error& e) {
    CHECK(e.diagnostics().at(0).line == 2);
    CHECK(e.diagnostics().at(0).column == 22);
    CHECK(e.diagnostics().at(0).message.find("rating_after") != std::string::npos);
    CHECK(e.diagnostics().size() == 1);  // not also "no games of 'Q' (did you mean 'Q'?)"
  }
  testing::write_text(dir / "history.csv", months);
  CHECK_THROWS_WITH(read_rating_series(dir / "history.csv", {"a"}),
                    Catch::Contains("no games of 'a' in this history (did you mean 'A'?)"));
}

TEST_CASE("chart: a date axis, the y axis fitted to the ratings, a legend", "[chart]") {
  const testing::temp_dir dir;
  testing::write_text(dir / "history.csv", months);
  const std::string svg = render_chart_svg(read_rating_series(dir / "history.csv", {"A", "B"}));
  // As wide as the window, the height from the viewBox: a fixed size would be cut on a phone.
  CHECK(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"rating-chart\" width=\"100%\" viewBox=\"0 0 960 600\"",
                  0) == 0);
  CHECK(svg.substr(0, svg.find('>')).find("height") == std::string::npos);
  CHECK(count(svg, "<g class=\"series\"") == 2);
  // Ratings 1484..1516 padded by 5%: the axis runs 1480..1520 in steps of 10, not from 0.
  CHECK(count(svg, "text-anchor=\"end\">") == 5 + 2);  // five y labels and the legend's two ratings
  CHECK(svg.find("text-anchor=\"end\">1480</text>") != std::string::npos);
  CHECK(svg.find("text-anchor=\"end\">1520</text>") != std::string::npos);
  CHECK(svg.find(">0</text>") == std::string::npos);
  // Jan 10 to Mar 1 (51 days): month ticks.
  CHECK(svg.find("text-anchor=\"middle\">2024-02</text>") != std::string::npos);
  CHECK(svg.find("text-anchor=\"middle\">2024-03</text>") != std::string::npos);
  CHECK(svg.find(">date: each point is the rating after the last day of games of its rating period</text>") !=
        std::string::npos);
  CHECK(svg.find("<text class=\"y-label\" transform=\"translate(16,297.0) rotate(-90)\" fill=\"#556\" "
                 "text-anchor=\"middle\">rating</text>") != std::string::npos);
  // A: 1500 at the start of Jan 10 (x 80), 1516 at the end of Jan 31 (22 of 52 days: x 80 + 650 * 22 / 52);
  // no games in February: flat and dashed to the start of Mar 1 (51 days), then 1510 at its end (x 730).
  // y = 550 - 506 (r - 1480) / 40.
  CHECK(svg.find("<path class=\"line\" fill=\"none\" stroke-width=\"2\" stroke-linejoin=\"round\" "
                 "d=\"M80.0,297.0 L355.0,94.6 M717.5,94.6 L730.0,170.5\"/>") != std::string::npos);
  CHECK(svg.find("<path class=\"idle\" fill=\"none\" stroke-width=\"1.5\" stroke-dasharray=\"3 4\" "
                 "d=\"M355.0,94.6 L717.5,94.6\"/>") != std::string::npos);
  CHECK(count(svg, "<path class=\"idle\"") == 2);  // B's February too
  CHECK(svg.find(">no games</text>") != std::string::npos);
  CHECK(svg.find(">A</text><text class=\"rating\" x=\"952.0\" y=\"52.0\" fill=\"#556\" text-anchor=\"end\">1510</text>") !=
        std::string::npos);
  CHECK(svg.find(">B</text><text class=\"rating\" x=\"952.0\" y=\"74.0\" fill=\"#556\" text-anchor=\"end\">1490</text>") !=
        std::string::npos);
  CHECK(svg.find("class=\"band\"") == std::string::npos);
}

TEST_CASE("chart: names escaped, bands of two deviations, one scale for several charts", "[chart]") {
  rating_series s{"A&B <Inc>", {{20240101, 1500, 350}, {20240201, 1600, 200}}};
  const std::string svg = render_chart_svg({s}, {.title = "t", .y_range = std::pair{1000.0, 2000.0}});
  CHECK(svg.find("A&amp;B &lt;Inc&gt;") != std::string::npos);
  CHECK(svg.find("A&B") == std::string::npos);
  // Upper edge 1500 + 700 and 1600 + 400 clipped by nothing: the range was given.
  CHECK(count(svg, "class=\"band\"") == 1);
  CHECK(svg.find("text-anchor=\"end\">1000</text>") != std::string::npos);
  CHECK(svg.find("text-anchor=\"end\">2000</text>") != std::string::npos);
  CHECK(fitted_range({s}) == std::pair{500.0, 2500.0});  // 800..2200 padded by 70: steps of 500 (1540 / 6 > 200)
}

TEST_CASE("chart: without dates the x axis counts rating periods", "[chart]") {
  // Q plays periods 1 and 3: the line runs 0..1, flat and dashed over period 2, 2..3.
  const rating_series s{"Q", {{.rating = 0, .period = 0}, {.rating = -16, .period = 1}, {.rating = -10, .period = 3}}};
  const std::string svg = render_chart_svg({s}, {.title = "", .legend = false, .y_range = std::pair{-20.0, 0.0}});
  CHECK(svg.find(">rating period: each point is the rating after it</text>") != std::string::npos);
  CHECK(svg.find("text-anchor=\"middle\">2</text>") != std::string::npos);
  // Plot x 80..946 over periods 0..3, y 14..550 over 0..-20.
  CHECK(svg.find("d=\"M80.0,14.0 L368.7,442.8 M657.3,442.8 L946.0,282.0\"") != std::string::npos);
  CHECK(svg.find("class=\"idle\" fill=\"none\" stroke-width=\"1.5\" stroke-dasharray=\"3 4\" "
                 "d=\"M368.7,442.8 L657.3,442.8\"") != std::string::npos);
}

TEST_CASE("chart: ratings beyond any scale are drawn at its edge, every coordinate a number", "[chart]") {
  const rating_series huge{"A", {{20240101, 1e308}, {20240201, 1e308}}}, tiny{"B", {{20240101, -1e308}, {20240201, 1500}}};
  for (const std::string& svg : {render_chart_svg({huge, tiny}), render_chart_svg({huge})}) {
    CHECK(svg.find("nan") == std::string::npos);
    CHECK(svg.find("inf") == std::string::npos);
  }
  const std::string svg = render_chart_svg({huge, tiny});
  CHECK(svg.find(">1000000000000</text>") != std::string::npos);  // the axis ends at 1e12
  CHECK(svg.find(">-1000000000000</text>") != std::string::npos);
}

TEST_CASE("a chart reads a long history.csv with its pages given back as it goes", "[chart][memory]") {
  testing::temp_dir dir;
  {  // 160 MB of rows, written in pieces so the test itself never holds them
    std::ofstream out(dir / "history.csv", std::ios::binary);
    out << header << "1,2024-01-01,Q,R,0.5,1,20,10,1500,1510\n";
    std::string rows;
    for (int i = 0; i < 20'000; ++i)
      rows += "2,2024-01-02,P" + std::to_string(i % 97) + ",R,0.5,0,20,-10,1500.25,1490.125\n";
    for (size_t written = 0; written < (size_t(160) << 20); written += rows.size()) out << rows;
    out << "3,2024-01-03,Q,R,0.5,1,20,10,1510,1520\n";
  }
  rusage before{};
  ::getrusage(RUSAGE_SELF, &before);
  CHECK(read_rating_series(dir / "history.csv", {"Q"})[0].ratings() == std::vector<double>{1500, 1510, 1520});
  rusage after{};
  ::getrusage(RUSAGE_SELF, &after);
  // Kept mapped, the file would add its 160 MB to the peak; read in one pass, a few MB at a time.
#ifndef __SANITIZE_THREAD__  // ThreadSanitizer's shadow of every page read counts in the peak
  CHECK(after.ru_maxrss - before.ru_maxrss < 64 * 1024);  // kB
#endif
}

TEST_CASE("ratekit chart prints its table as CSV: a name with a comma or quote is quoted", "[chart][cli]") {
  testing::temp_dir dir;
  testing::write_text(dir / "games.csv", "date,player_a,player_b,score_a\n2024-01-05,\"Smith, John\",\"Ann \"\"Q\"\"\",1\n");
  testing::write_text(dir / "c.yaml", "competition: c\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
                                      "input: { format: games-csv, path: games.csv }\n");
  REQUIRE(testing::run_cli("-q run '" + (dir / "c.yaml").string() + "' --out '" + (dir / "out").string() + "'").status == 0);
  const auto r = testing::run_cli("chart '" + (dir / "out").string() + "' --player 'Smith, John' --player 'Ann \"Q\"'");
  REQUIRE(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("player,periods,final,area\n\"Smith, John\",1,1510.000000,") &&
                        Catch::Contains("\n\"Ann \"\"Q\"\"\",1,1490.000000,"));
}

TEST_CASE("chart: every band is drawn before every line, and the legend says what the shading is", "[chart]") {
  const rating_series a{"A", {{20240101, 1500, 300}, {20240201, 1600, 200}, {20240301, 1650, 150}}};
  const rating_series b{"B", {{20240101, 1500, 300}, {20240201, 1450, 250}, {20240301, 1420, 200}}};
  const std::string svg = render_chart_svg({a, b});
  REQUIRE(count(svg, "<polygon class=\"band\"") == 2);
  REQUIRE(count(svg, "<path class=\"line\"") == 2);
  CHECK(svg.rfind("<polygon class=\"band\"") < svg.find("<path class=\"line\""));  // B's band under A's line
  CHECK(svg.find("fill=\"#D55E00\" fill-opacity=\"0.05\"") != std::string::npos);    // each band in its line's colour
  CHECK(count(svg, ">shaded: rating \u00b1 2 RD</text>") == 1);
  // No band, or no legend: no note.
  CHECK(render_chart_svg({{"C", {{20240101, 1500}, {20240201, 1510}}}}).find("shaded") == std::string::npos);
  CHECK(render_chart_svg({a}, {.legend = false, .y_range = std::nullopt}).find("shaded") == std::string::npos);
}

TEST_CASE("chart: x labels never overlap and stay inside the drawing, whatever its width and time span", "[chart]") {
  for (const int width : {300, 360, 480, 700, 960, 1400})
    for (const bool legend : {false, true})
      for (const int days : {9, 27, 40, 70, 250, 430, 900, 1500, 7000, 33600})
        for (const int32_t start : {20230115, 19300713, 20171231, 20240101}) {
          const rating_series s{"A", {{start, 1500}, {days_after(start, days / 3), 1520}, {days_after(start, days), 1490}}};
          const std::string svg =
              render_chart_svg({s}, {.title = "", .width = width, .height = 200, .legend = legend, .y_range = std::nullopt});
          const auto labels = x_labels(svg, width < 600 ? 11 : 13);
          INFO(width << " px wide, " << days << " days from " << start << (legend ? ", a legend" : ""));
          CHECK(labels.size() >= (legend && width < 400 ? 1u : 2u));  // 132 px of plot: room for one
          for (size_t i = 0; i < labels.size(); ++i) {
            INFO(labels[i].text);
            CHECK(labels[i].left >= 0);
            CHECK(labels[i].right <= width);
            if (i) CHECK(labels[i - 1].right < labels[i].left);
          }
        }
}

TEST_CASE("chart: x labels at the drawing's edges start or end at their tick", "[chart]") {
  // 2017 and 2018 on a small chart without a legend: half-year labels would crowd, so
  // years; the last tick is 14 px from the right edge, where "2019" centred is cut.
  const rating_series s{"A", {{20170101, 1500}, {20190101, 1520}}};
  const std::string svg = render_chart_svg({s}, {.title = "", .width = 360, .height = 190, .legend = false,
                                                 .y_range = std::nullopt});
  CHECK(svg.find("text-anchor=\"end\">2019</text>") != std::string::npos);
  CHECK(svg.find("text-anchor=\"middle\">2018</text>") != std::string::npos);
}

TEST_CASE("chart: one time axis for several charts", "[chart]") {
  const rating_series early{"A", {{20200101, 1500}, {20210101, 1520}}}, late{"B", {{20220101, 1500}, {20230101, 1480}}};
  const auto span = fitted_x_range({early, late});
  CHECK(span.second - span.first == 1097);  // the start of 2020-01-01 to the end of 2023-01-01
  const chart_options o{.title = "", .width = 360, .height = 190, .legend = false, .x_range = span,
                        .y_range = std::pair{1400.0, 1600.0}};
  const std::string a = render_chart_svg({early}, o), b = render_chart_svg({late}, o);
  auto ticks = [](const std::string& svg) {
    const size_t from = svg.find("<g class=\"x-ticks\">");
    return svg.substr(from, svg.find("</g>", from) - from);
  };
  CHECK(ticks(a) == ticks(b));
  CHECK(ticks(a).find(">2020</text>") != std::string::npos);
  CHECK(ticks(a).find(">2023</text>") != std::string::npos);
  // Plot x 48..346 over 1097 days: B starts at 731 (48 + 298 * 731 / 1097).
  CHECK(a.find("d=\"M48.0,") != std::string::npos);
  CHECK(b.find("d=\"M246.6,") != std::string::npos);
}

TEST_CASE("chart: legend names are cut by characters to fit, the ratings right-aligned at one x", "[chart]") {
  const std::string long_name = "Internationale Schachgemeinschaft Obersteinbach e.V.";  // 52 characters
  const std::string cyrillic = "Спартак Москва";  // 14 characters, 27 bytes
  const std::string arabic = "المنتخب السعودي";
  std::vector<rating_series> series;
  for (const auto& name : {long_name, cyrillic, arabic})
    series.push_back({name, {{20240101, 1500}, {20240201, 1500 + double(name.size())}}});
  const std::string svg = render_chart_svg(series);
  const std::regex entry(R"re(<text class="name" x="([0-9.]+)" y="[0-9.]+" fill="#1d2330">([^<]*)</text><text class="rating" x="([0-9.]+)" y="[0-9.]+" fill="#556" text-anchor="end">([0-9]+)</text>)re");
  std::vector<std::smatch> entries;
  for (std::sregex_iterator it(svg.begin(), svg.end(), entry), end; it != end; ++it) entries.push_back(*it);
  REQUIRE(entries.size() == 3);
  auto characters = [](const std::string& s) {
    return size_t(std::count_if(s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
  };
  for (const auto& e : entries) {
    CHECK(e[3] == "952.0");  // right edge 8 px inside the 960 px drawing, for every name
    // The name (0.6 em a character) ends left of the rating.
    CHECK(std::stod(e[1]) + 0.6 * 13 * double(characters(e[2])) < 952 - 0.6 * 13 * double(e[4].length()));
  }
  const std::string cut = entries[0][2];
  CHECK(cut.size() > 3);
  CHECK(cut.substr(cut.size() - 3) == "\u2026");
  CHECK(long_name.rfind(cut.substr(0, cut.size() - 3), 0) == 0);
  CHECK(entries[1][2] == cyrillic);  // 27 bytes, but 14 characters fit
  CHECK(entries[2][2] == arabic);
  CHECK(entries[2][4] == std::to_string(1500 + arabic.size()));
}

TEST_CASE("chart: the default title names the players while the names fit over the plot, else counts them", "[chart]") {
  CHECK(players_title({"NE", "PIT", "CLE"}) == "NE / PIT / CLE");
  const std::vector<std::string> teams{"Arizona Cardinals", "Atlanta Falcons", "Baltimore Ravens", "Buffalo Bills",
                                       "Carolina Panthers", "Chicago Bears"};
  CHECK(players_title(teams) == "6 players");  // 118 characters: about 1300 px at 17 px bold, the plot is 666
  CHECK(players_title({teams[0], teams[1]}) == "Arizona Cardinals / Atlanta Falcons");
  CHECK(players_title({teams[0], teams[1]}, {.width = 300, .y_range = std::nullopt}) == "2 players");
}

TEST_CASE("ratekit chart titles a long list of players by their number", "[chart][cli]") {
  testing::temp_dir dir;
  std::string history = "period,date,player,rating_before,rating_after\n";
  std::string names;
  for (int i = 0; i < 12; ++i) {
    const std::string name = "Team number " + std::to_string(i);
    history += "1,2024-01-10," + name + ",1500,1510\n2,2024-03-10," + name + ",1510,1520\n";
    names += (i ? "," : "") + name;
  }
  testing::write_text(dir / "history.csv", history);
  REQUIRE(testing::run_cli("chart '" + dir.path().string() + "' --players '" + names + "'").status == 0);
  const std::string svg = testing::read_text(dir / "chart.svg");
  CHECK_THAT(svg, Catch::Contains("<title>12 players</title>") && Catch::Contains("font-weight=\"600\" fill=\"#1d2330\">12 players</text>"));
}

}  // namespace test_chart
