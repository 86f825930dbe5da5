// Player names are data, never markup: each output escapes them for its own syntax.
#include "test_support.hpp"

#include <ratekit/host/text/escape.hpp>

#include <catch2/catch.hpp>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_injection {

using namespace ratekit::testing;

namespace {

const std::string script = "<script>alert(1)</script>";
const std::string pipes = "A|B *bold* `code` [x](y)";
const std::string quoted = "O\"Neil, Ann";

// A run whose three players carry hostile names, with every output on.
struct hostile_run {
  temp_dir dir;
  hostile_run() {
    write_text(dir / "games.csv", "date,player_a,player_b,score_a\n"
                                  "2024-01-05,\"" + script + "\",\"" + pipes + "\",1\n"
                                  "2024-01-06,\"" + pipes + "\",\"O\"\"Neil, Ann\",0.5\n");
    write_text(dir / "c.yaml", "competition: hostile\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\ninitial: 1500\n"
                               "input: { format: games-csv, path: games.csv }\nperiod: game\n"
                               "output: { history: true, report: true, charts: true }\n");
    const auto r = run_cli("run " + (dir / "c.yaml").string() + " --out " + (dir / "out").string());
    REQUIRE(r.status == 0);
  }
  std::string file(const std::string& name) const { return read_text(dir.path() / "out" / name); }
};

}  // namespace

TEST_CASE("hostile names: report.md escapes Markdown and HTML", "[security][escape]") {
  const hostile_run run;
  const std::string md = run.file("report.md");
  CHECK(md.find("<script>") == std::string::npos);
  CHECK(md.find("## &lt;script&gt;alert\\(1\\)&lt;/script&gt;\n") != std::string::npos);
  CHECK(md.find("| A\\|B \\*bold\\* \\`code\\` \\[x\\]\\(y\\) |") != std::string::npos);
}

TEST_CASE("hostile names: CSV outputs quote what would split a cell", "[security][escape]") {
  const hostile_run run;
  const std::string ratings = run.file("ratings.csv");
  CHECK(ratings.find("\"O\"\"Neil, Ann\",") != std::string::npos);
  CHECK(ratings.find(script + ",") != std::string::npos);  // nothing to quote in CSV
  const std::string history = run.file("history.csv");
  CHECK(history.find(",\"O\"\"Neil, Ann\",") != std::string::npos);
}

TEST_CASE("hostile names: the chart and the HTML report hold them as text", "[security][escape]") {
  const hostile_run run;
  const std::string svg = run.file("chart.svg");
  CHECK(svg.find("<script>") == std::string::npos);
  CHECK(svg.find("\"#1d2330\">&lt;script&gt;alert(1)\u2026</text>") != std::string::npos);  // the legend cuts long names
  REQUIRE(run_cli("report " + (run.dir.path() / "out").string()).status == 0);
  const std::string html = run.file("report.html");
  CHECK(html.find("<script>alert") == std::string::npos);
  CHECK(html.find("&lt;script&gt;alert(1)&lt;/script&gt;") != std::string::npos);
  CHECK(html.find("O&quot;Neil, Ann") != std::string::npos);
}

TEST_CASE("escaping functions, one per syntax", "[security][escape]") {
  std::string csv;
  ratekit::append_csv_field(csv, " padded");
  CHECK(csv == "\" padded\"");
  csv.clear();
  ratekit::append_csv_field(csv, "plain name");
  CHECK(csv == "plain name");
  CHECK(ratekit::xml_escaped("a<b>&\"c'") == "a&lt;b&gt;&amp;&quot;c&#39;");
  CHECK(ratekit::markdown_escaped("_x_ #1 !\\") == "\\_x\\_ \\#1 \\!\\\\");
}

}  // namespace test_injection
