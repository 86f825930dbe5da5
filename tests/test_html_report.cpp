// `ratekit report`: one self-contained HTML page from a run's output directory.
#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/output/reports/html_report.hpp>

#include "test_support.hpp"

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_html_report {

using namespace ratekit;

namespace {

size_t occurrences(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++n;
  return n;
}

// The JSON the page's table script reads, with its columns turned into rows.
nlohmann::json ratings_data(const std::string& html) {
  const std::string open = "<script type=\"application/json\" id=\"ratings-data\">";
  const size_t from = html.find(open) + open.size();
  nlohmann::json d = nlohmann::json::parse(html.substr(from, html.find("</script>", from) - from));
  d["rows"] = nlohmann::json::array();
  for (size_t i = 0; i < d["cols"][0].size(); ++i) {
    nlohmann::json row = nlohmann::json::array();
    for (const auto& column : d["cols"]) row.push_back(column[i]);
    d["rows"].push_back(row);
  }
  return d;
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
  // The list travels as data the page's script pages through: one row per player.
  const auto data = ratings_data(html);
  REQUIRE(data["rows"].size() == 25);
  CHECK(data["columns"] == nlohmann::json::array({"player", "rating", "change", "rated", "games", "peak", "category"}));
  // Hand-computed: P01 won all 24 games at expectation 0.5, P25 lost all, P13 broke even
  // (peaks are the ratings published after the month).
  CHECK(data["rows"][0].dump() == "[\"P01\",1740,240,1,24,1740,0]");
  CHECK(data["rows"][12].dump() == "[\"P13\",1500,0,1,24,1500,1]");
  CHECK(data["rows"][24].dump() == "[\"P25\",1260,-240,1,24,1260,1]");
  CHECK(data["dict"][6] == nlohmann::json::array({"expert", "club"}));  // categories as indexes
  // What change and the plugin's state fields are: on the heading and under the list.
  const std::string change = "the rating after this run minus the rating before the player&#39;s first game in it";
  CHECK_THAT(html, Catch::Contains("<th class=\"num\" title=\"" + change + "\">change</th>"));
  CHECK_THAT(html, Catch::Contains("<p class=\"facts columns\"><b>change</b>: " + change + ". <b>rated</b>: 1 when the "
                                   "rating is published (the host sets it for ratings from a list or the input).</p>"));
  size_t experts = 0;
  for (const auto& row : data["rows"]) experts += row[6] == 0;
  CHECK(experts == 8);  // 1740 down to 1600
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
  // Self-contained: nothing to fetch; the scripts are inline.
  for (const char* external : {"http://", "https://", "src=", "href=", "<link", "url(", "@import", "fetch("})
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

TEST_CASE("the report of 100 000 players stays under 4 MB and holds every one of them", "[html_report][cli][big]") {
  testing::temp_dir dir;
  std::string games = "date,player_a,player_b,score_a\n";
  for (int i = 0; i < 100000; ++i) {
    const int day = 1 + i * 28 / 100000;  // in date order
    games += std::string("2024-01-") + (day < 10 ? "0" : "") + std::to_string(day) + ",Player " +
             std::to_string(i) + ",Player " + std::to_string((i + 1) % 100000) + "," + (i % 3 ? "1" : "0.5") + "\n";
  }
  testing::write_text(dir / "games.csv", games);
  testing::write_text(dir / "c.yaml", "competition: big\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
                                      "initial: 1500\ninput: { format: games-csv, path: games.csv }\nperiod: month\n"
                                      "categories: [ { from: 0, label: club }, { from: 1510, label: expert } ]\n");
  REQUIRE(testing::run_cli("run '" + (dir / "c.yaml").string() + "' -o '" + (dir / "out").string() + "'").status == 0);
  REQUIRE(testing::run_cli("report '" + (dir / "out").string() + "'").status == 0);
  const std::string html = testing::read_text(dir / "out" / "report.html");
  CHECK(html.size() < 4'000'000);  // names of 8 to 12 characters: about 34 bytes a player
  CHECK(ratings_data(html)["rows"].size() == 100000);
}

TEST_CASE("the HTML report shows identifiers as they are, not as numbers", "[html_report][cli]") {
  testing::temp_dir dir;
  testing::write_text(dir / "prev.csv", "player,rating,id\nA,1500,00012345\nB,1500,98765432101234567\n");
  testing::write_text(dir / "g.csv", "date,player_a,player_b,score_a\n2024-01-05,A,B,1\n");
  testing::write_text(dir / "c.yaml", "competition: c\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
                                      "initial: { ratings: prev.csv }\ninput: { format: games-csv, path: g.csv }\n");
  REQUIRE(testing::run_cli("-q run '" + (dir / "c.yaml").string() + "' -o '" + (dir / "out").string() + "'").status == 0);
  REQUIRE(testing::run_cli("report '" + (dir / "out").string() + "' -o '" + (dir / "r.html").string() + "'").status == 0);
  const nlohmann::json d = ratings_data(testing::read_text(dir / "r.html"));
  const auto& columns = d["columns"];
  const size_t id = size_t(std::find(columns.begin(), columns.end(), "id") - columns.begin());
  REQUIRE(id < columns.size());
  CHECK_FALSE(d["numeric"][id].get<bool>());
  CHECK(d["dict"][id] == nlohmann::json::array({"00012345", "98765432101234567"}));
  const size_t rating = size_t(std::find(columns.begin(), columns.end(), "rating") - columns.begin());
  CHECK(d["numeric"][rating].get<bool>());  // 1510, 1490: numbers still
  CHECK(d["rows"][0][rating] == 1510);
}

TEST_CASE("the HTML report fits a phone: a viewport, tables that scroll, charts and controls that wrap",
          "[html_report][cli]") {
  field_run f;
  const std::string html = build_html_report(f.dir / "out");
  CHECK_THAT(html, Catch::Contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"));
  // Every table in its own horizontally scrolling box: ratings, accuracy, config.
  CHECK(occurrences(html, "<table") == 3);
  CHECK(occurrences(html, "<div class=\"scroll\"><table") == 3);
  CHECK_THAT(html, Catch::Contains(".scroll{width:fit-content;max-width:100%;overflow-x:auto"));
  CHECK_THAT(html, Catch::Contains("minmax(min(370px,100%),1fr)"));  // one chart column when 370 px do not fit
  CHECK_THAT(html, Catch::Contains(".controls{margin:0 0 8px;display:flex;flex-wrap:wrap"));
  CHECK_THAT(html, Catch::Contains("table.params td{overflow-wrap:anywhere}"));
  CHECK_THAT(html, Catch::Contains("@media (max-width:600px){main{padding:14px 10px 32px}"));
}

TEST_CASE("the HTML report ranks by the exact ratings and shows a column's numbers to one precision",
          "[html_report]") {
  testing::temp_dir dir;
  // 1451.722 and 1451.712 both round to 1451.7: still two ranks. The two
  // 1451.712 are one rating written the same way: one rank.
  testing::write_text(dir / "ratings.csv", "player,rating,rd,games\nA,1724.1,0.5,3\nB,1451.722,0.0612,4\n"
                                           "C,1451.712,0.25,5\nD,1451.712,,6\nE,1365,0.1,7\n");
  const nlohmann::json d = ratings_data(build_html_report(dir.path()));
  CHECK(d["rank"] == nlohmann::json::array({1, 2, 3, 3, 5}));
  CHECK(d["columns"] == nlohmann::json::array({"player", "rating", "rd", "games"}));
  // Ratings to one decimal (1365.0 beside 1724.1), deviations below 100 to three, counts whole.
  CHECK(d["decimals"] == nlohmann::json::array({nullptr, 1, 3, 0}));
  CHECK(d["rows"][1].dump() == "[\"B\",1451.7,0.061,4]");
  CHECK(d["rows"][4].dump() == "[\"E\",1365,0.1,7]");
}

TEST_CASE("the HTML report's config and accuracy tables align numbers only and list input files plainly",
          "[html_report]") {
  testing::temp_dir dir;
  testing::write_text(dir / "ratings.csv", "player,rating\nA,1500\n");
  testing::write_text(dir / "summary.json",
                      R"({"competition": "c", "model": "nfl-score-elo", "params": {"xi": 400.0, "score": "winloss"},
                          "input": {"format": "games-csv", "files": ["a.csv", "b <2>.csv"]},
                          "metrics": {"brier": 0.25, "foresight": {"correct": 3, "scale": "pairs"}}})");
  const std::string html = build_html_report(dir.path());
  CHECK_THAT(html, Catch::Contains("<th scope=\"row\">xi</th><td class=\"num\">400</td>"));
  CHECK_THAT(html, Catch::Contains("<th scope=\"row\">score</th><td>winloss</td>"));
  CHECK_THAT(html, Catch::Contains("<th scope=\"row\">foresight / correct</th><td class=\"num\">3</td>"));
  CHECK_THAT(html, Catch::Contains("<th scope=\"row\">foresight / scale</th><td>pairs</td>"));
  CHECK_THAT(html, Catch::Contains("<th scope=\"row\">input</th><td>a.csv, b &lt;2&gt;.csv</td>"));
  CHECK_THAT(html, !Catch::Contains("[&quot;"));
}

TEST_CASE("the HTML report lists a home advantage only when there is one", "[html_report]") {
  testing::temp_dir dir;
  testing::write_text(dir / "ratings.csv", "player,rating\nA,1500\n");
  const auto html_with = [&](const std::string& home) {
    testing::write_text(dir / "summary.json", R"({"competition": "c", "model": "codeforces", "home_advantage": )" + home + "}");
    return build_html_report(dir.path());
  };
  CHECK_THAT(html_with(R"({"predict": 0.0, "update": 0.0, "hindsight": 0.0})"), !Catch::Contains("home advantage"));
  CHECK_THAT(html_with(R"({"predict": 0.0, "update": 0.0, "hindsight": 15.0})"),
             Catch::Contains("<th scope=\"row\">home advantage / hindsight</th><td class=\"num\">15</td>"));
}

TEST_CASE("the HTML report's charts share one time axis as well as one scale", "[html_report]") {
  testing::temp_dir dir;
  testing::write_text(dir / "ratings.csv", "player,rating\nA,1520\nB,1480\n");
  testing::write_text(dir / "history.csv", "period,date,player,rating_before,rating_after\n"
                                           "1,2020-03-01,A,1500,1510\n2,2021-03-01,A,1510,1520\n"
                                           "3,2022-03-01,B,1500,1490\n4,2023-03-01,B,1490,1480\n");
  const std::string html = build_html_report(dir.path());
  std::vector<std::string> axes;
  for (size_t at = html.find("<g class=\"x-ticks\">"); at != std::string::npos;
       at = html.find("<g class=\"x-ticks\">", at + 1))
    axes.push_back(html.substr(at, html.find("</g>", at) - at));
  REQUIRE(axes.size() == 2);
  CHECK(axes[0] == axes[1]);
  CHECK_THAT(axes[0], Catch::Contains(">2021</text>") && Catch::Contains(">2023</text>"));
  CHECK_THAT(html, Catch::Contains("on one scale and one time axis"));
}

}  // namespace test_html_report
