// `ratekit report`: one self-contained HTML page from a run's output directory.
#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/output/html_report.hpp>

#include "test_support.hpp"

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

using namespace ratekit;

namespace {

size_t occurrences(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++n;
  return n;
}

std::string name_of(int k) { return std::string("P") + (k < 10 ? "0" : "") + std::to_string(k); }

// 25 players, one month, every pair once, the better-numbered player wins: all
// games are rated on 1500 each, so Pk changes by 10 * (26 - 2k) at K 20.
struct field_run {
  testing::temp_dir dir;
  field_run() {
    std::string games = "date,player_a,player_b,score_a\n";
    for (int i = 1; i <= 25; ++i)
      for (int j = i + 1; j <= 25; ++j) games += "2024-01-01," + name_of(i) + "," + name_of(j) + ",1\n";
    testing::write_text(dir / "games.csv", games);
    testing::write_text(dir / "field.yaml",
                        "competition: field\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\ninitial: 1500\n"
                        "input: { format: games-csv, path: games.csv }\nperiod: month\n"
                        "categories: [ { from: 0, label: club }, { from: 1600, label: expert } ]\n");
    const auto run = testing::run_cli("run '" + (dir / "field.yaml").string() + "' -o '" + (dir / "out").string() + "'");
    REQUIRE(run.status == 0);
  }
};

}  // namespace

TEST_CASE("the HTML report holds the ratings list, one chart per top player, metrics and the config",
          "[html_report][cli]") {
  field_run f;
  const auto r = testing::run_cli("report '" + (f.dir / "out").string() + "' -o '" + (f.dir / "r.html").string() + "'");
  REQUIRE(r.status == 0);
  const std::string html = testing::read_text(f.dir / "r.html");
  CHECK(html.rfind("<!DOCTYPE html>", 0) == 0);
  CHECK(occurrences(html, "<table class=\"ratings\">") == 1);
  CHECK(occurrences(html, "<tr><td class=\"num\">") == 25);  // one row per player, rank first
  // Hand-computed: P01 won all 24 games at expectation 0.5, P25 lost all.
  CHECK_THAT(html, Catch::Contains("<tr><td class=\"num\">1</td><td>P01</td><td class=\"num\">1740.0</td>"
                                   "<td class=\"num up\">+240.0</td>"));
  CHECK_THAT(html, Catch::Contains("<tr><td class=\"num\">25</td><td>P25</td><td class=\"num\">1260.0</td>"
                                   "<td class=\"num down\">-240.0</td>"));
  CHECK_THAT(html, Catch::Contains("<td>P13</td><td class=\"num\">1500.0</td><td class=\"num \">0.0</td>"));
  CHECK(occurrences(html, "<td>expert</td>") == 8);  // 1740 down to 1600
  CHECK(occurrences(html, "<td>club</td>") == 17);
  // Charts for the top 20 only, each one inline SVG.
  CHECK(occurrences(html, "<svg") == html_chart_limit);
  CHECK(occurrences(html, "<figure>") == html_chart_limit);
  CHECK_THAT(html, Catch::Contains("20. P20</figcaption>"));
  CHECK_THAT(html, !Catch::Contains("P21</figcaption>"));
  // Accuracy: every metric summary.json holds.
  const auto summary = nlohmann::json::parse(testing::read_text(f.dir / "out" / "summary.json"));
  REQUIRE(summary["metrics"].is_object());
  REQUIRE_FALSE(summary["metrics"].empty());
  CHECK(occurrences(html, "<table class=\"metrics\">") == 1);
  for (const auto& [key, value] : summary["metrics"].items()) CHECK_THAT(html, Catch::Contains(key));
  // The config, verbatim in summary.json and escaped in the page.
  CHECK(summary["config_text"] == testing::read_text(f.dir / "field.yaml"));
  CHECK_THAT(html, Catch::Contains("<pre class=\"config\">competition: field\nmodel: fide-logistic\n"));
  CHECK_THAT(html, Catch::Contains("<th scope=\"row\">xi</th><td class=\"num\">400</td>"));
  // Self-contained: nothing to fetch.
  for (const char* external : {"http://", "https://", "src=", "href=", "<link", "<script", "url(", "@import"})
    CHECK_THAT(html, !Catch::Contains(external));
}

TEST_CASE("the HTML report needs a run's ratings.csv and names the file when it is missing or bad",
          "[html_report]") {
  testing::temp_dir dir;
  CHECK_THROWS_WITH(build_html_report(dir.path()), Catch::Contains("ratings.csv") &&
                                                       Catch::Contains("expected the output directory of a run"));
  testing::write_text(dir / "ratings.csv", "player,rating\nA,1500\nB,high\n");
  CHECK_THROWS_WITH(build_html_report(dir.path()),
                    Catch::Contains("ratings.csv:3:3: expected a number for rating, got 'high'"));
}
