// The officer's month: one config rates every month's file (--input), and its
// first run creates the history database it starts from.
#include "officer_support.hpp"

#include <ratekit/host/config/config.hpp>
#include <ratekit/host/run/run_unit.hpp>

#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_officer_month {

using namespace ratekit::testing;

namespace {

// A club's config that starts from the database it records into, and the two
// months of examples/history-database beside it.
struct club {
  temp_dir dir;
  club() {
    write_text(dir / "month.yaml", "competition: club\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\ninitial: "
                                   "{ rating: 1500, database: ratings.db }\ninput: { format: games-csv, path: "
                                   "2024-01.csv }\nperiod: month\noutput: { dir: out, database: ratings.db }\n");
    for (const char* month : {"2024-01.csv", "2024-02.csv"})
      std::filesystem::copy_file(source_path("examples/history-database") / month, dir / month);
  }
  command_result run(const std::string& args) const {
    return run_cli("run " + (dir / "month.yaml").string() + " " + args);
  }
};

}  // namespace

TEST_CASE("one config rates month after month with --input, its first run creating the database", "[store][cli]") {
  const club c;
  const auto january = c.run("--input " + (c.dir / "2024-01.csv").string());
  REQUIRE(january.status == 0);
  CHECK_THAT(january.out, Catch::Contains((c.dir / "ratings.db").string() +
                                          " does not exist yet: this first run starts every player new and creates it"));
  const auto february = c.run("--input " + (c.dir / "2024-02.csv").string());
  REQUIRE(february.status == 0);
  CHECK(february.out.find("does not exist yet") == std::string::npos);  // it starts from January's ratings now
  // As docs/history-database.md's two configs give it: A 1510 after January, 1499.42 after February.
  const auto history = run_cli("history " + (c.dir / "ratings.db").string() + " A");
  CHECK_THAT(history.out, Catch::Contains("club        2024-01       1510       +10      2"));
  CHECK_THAT(history.out, Catch::Contains("club        2024-02    1499.42    -10.58      1"));
  CHECK_THAT(read_text(c.dir / "out/summary.json"), Catch::Contains("\"files\": [\n      \"2024-02.csv\""));
}

TEST_CASE("run --input must name existing files, each once", "[store][cli]") {
  const club c;
  const auto missing = c.run("--input " + (c.dir / "2024-03.csv").string());
  CHECK(missing.status == 1);
  CHECK_THAT(missing.out, Catch::Contains("error: " + (c.dir / "2024-03.csv").string() + ": input file not found (--input)"));
  const auto folder = c.run("--input " + c.dir.path().string());
  CHECK_THAT(folder.out, Catch::Contains(": expected a regular file for --input"));
  const auto twice = c.run("--input " + (c.dir / "2024-01.csv").string() + " --input " + (c.dir / "2024-01.csv").string());
  CHECK_THAT(twice.out, Catch::Contains("expected each input file once (--input)"));
  CHECK_FALSE(std::filesystem::exists(c.dir / "ratings.db"));  // nothing was recorded
}

TEST_CASE("a missing initial.database that is not output.database is still an error", "[store][config]") {
  const club c;
  write_text(c.dir / "other.yaml", "competition: club\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\ninitial: "
                                   "{ database: ratings.db }\ninput: { format: games-csv, path: 2024-01.csv }\n"
                                   "period: month\noutput: { dir: out, database: elsewhere.db }\n");
  const auto r = run_cli("run " + (c.dir / "other.yaml").string());
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("other.yaml:4:22: rating database not found: 'ratings.db'"));
  CHECK_FALSE(std::filesystem::exists(c.dir / "elsewhere.db"));
}

namespace {

// Each table of `a` and `b`, row for row, but for the ids a run's number changes.
void same_tables(const std::string& a, const std::string& b) {
  for (const char* table : officer_tables) {
    INFO("table " << table);
    const auto rows = officer_rows(a, table);
    CHECK_FALSE(rows.empty());
    CHECK(rows == officer_rows(b, table));
  }
}

}  // namespace

TEST_CASE("a corrected January rates February and March again as a fresh run of the three months would",
          "[store][cli]") {
  const officer_club c;
  c.three_months();
  const auto before = officer_rows(c.database, "ratings");
  const auto fixed = c.month("01-fixed.csv", " --replace");
  INFO(fixed.out);
  REQUIRE(fixed.status == 0);
  CHECK_THAT(fixed.out, Catch::Contains("replaced run 1 of "));
  CHECK_THAT(fixed.out, Catch::Contains("rated run 2 of "));
  CHECK_THAT(fixed.out, Catch::Contains("again from its recorded input, as run 5 (1 period)"));
  CHECK_THAT(fixed.out, Catch::Contains("rated run 3 of "));
  CHECK(officer_rows(c.database, "ratings") != before);  // March's ratings moved with January's
  const std::string fresh = (c.dir / "fresh.db").string();
  c.config("fresh", fresh);
  for (const char* m : {"01-fixed.csv", "02.csv", "03.csv"}) REQUIRE(c.month(m, "", "fresh").status == 0);
  same_tables(c.database, fresh);
  // A: -10 in January (lost to B), then lost to B (1510) in February: 20 x (0 - 0.4712) = -9.42.
  const auto history = run_cli("history '" + c.database + "' A");
  CHECK_THAT(history.out, Catch::Contains("club        2024-01       1490       -10      2"));
  CHECK_THAT(history.out, Catch::Contains("club        2024-02    1480.58     -9.42      1"));
}

TEST_CASE("a later run whose input changed or is gone refuses the replace, naming the file, and changes nothing",
          "[store][cli]") {
  const officer_club c;
  c.three_months();
  const auto before = officer_rows(c.database, "ratings");
  const auto runs = officer_rows(c.database, "runs");
  write_text(c.dir / "02.csv", "date,player_a,player_b,score_a\n2024-02-03,B,A,0\n2024-02-10,C,D,1\n");
  const auto changed = c.month("01-fixed.csv", " --replace");
  CHECK(changed.status == 1);
  CHECK_THAT(changed.out, Catch::Contains("error: " + (c.dir / "02.csv").string() +
                                          ": input changed since it was recorded (" + (c.dir / "02.csv").string() +
                                          "); run 2 of "));
  CHECK(officer_rows(c.database, "ratings") == before);
  CHECK(officer_rows(c.database, "runs") == runs);
  std::filesystem::remove(c.dir / "03.csv");
  write_text(c.dir / "02.csv", "date,player_a,player_b,score_a\n2024-02-03,B,A,1\n2024-02-10,C,D,1\n");  // put back
  const auto gone = c.month("01-fixed.csv", " --replace");
  CHECK(gone.status == 1);
  CHECK_THAT(gone.out, Catch::Contains("error: " + (c.dir / "03.csv").string() + ": input file not found; run 3 of "));
  CHECK(officer_rows(c.database, "ratings") == before);
  CHECK(officer_rows(c.database, "runs") == runs);
}

TEST_CASE("a database of other competitions starts a competition's first run anew when it records into it too",
          "[store][cli]") {
  const club c;
  REQUIRE(c.run("--input " + (c.dir / "2024-01.csv").string()).status == 0);
  // Another competition's config over the same database and months.
  write_text(c.dir / "other.yaml", "competition: juniors\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\ninitial: "
                                   "{ rating: 1500, database: ratings.db }\ninput: { format: games-csv }\n"
                                   "period: month\noutput: { dir: out2, database: ratings.db }\n");
  const auto first = run_cli("run " + (c.dir / "other.yaml").string() + " --input " + (c.dir / "2024-01.csv").string());
  REQUIRE(first.status == 0);
  CHECK_THAT(first.out, Catch::Contains("holds no run of competition 'juniors' yet: this first run starts every player new"));
  const auto history = run_cli("history " + (c.dir / "ratings.db").string() + " A");
  CHECK_THAT(history.out, Catch::Contains("club        2024-01       1510       +10      2"));
  CHECK_THAT(history.out, Catch::Contains("juniors     2024-01       1510       +10      2"));
  // Without a path in the config, --input is what names the files.
  const auto none = run_cli("run " + (c.dir / "other.yaml").string());
  CHECK(none.status == 1);
  CHECK_THAT(none.out, Catch::Contains("'input' needs 'path' (or the files with ratekit run --input)"));
}

// Whether a run starts from the database it records into is asked once its recording has made the file: a
// config read while the file was there (another process's first run, which failed and removed the file it
// had made) still starts the competition anew, in the recording's transaction, not from a file with no tables.
TEST_CASE("a run whose database went after its config was read records the competition's first run anew",
          "[store][services]") {
  const club c;
  REQUIRE(c.run("--input " + (c.dir / "2024-01.csv").string()).status == 0);
  ratekit::competition_config config = ratekit::load_config(c.dir / "month.yaml", builtin());
  REQUIRE(config.initial_database == c.dir / "ratings.db");  // it was there when the config was read
  std::filesystem::remove(c.dir / "ratings.db");
  ratekit::progress bar(false);
  const ratekit::unit_result run = ratekit::run_unit(config, builtin(), c.dir / "again", {}, bar);
  REQUIRE(run.recorded);
  CHECK(run.recorded->run_id == 1);
  // As January's first run: A 1510 from 1500.
  const auto history = run_cli("history " + (c.dir / "ratings.db").string() + " A");
  CHECK_THAT(history.out, Catch::Contains("club        2024-01       1510       +10      2"));
}

namespace {

// `month.yaml` with charts: a club whose March is played by C and D alone, A and B, the two best, sitting it out.
struct charted_club : officer_club {
  explicit charted_club(bool history = true) {
    write_text(dir / "month.yaml",
               "competition: club\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\ninitial: { rating: 1500, "
               "database: \"" + database + "\" }\ninput: { format: games-csv }\nperiod: month\noutput: { dir: out, "
               "database: \"" + database + "\", charts: true" + (history ? "" : ", history: false") + " }\n");
    write_text(dir / "03.csv", "date,player_a,player_b,score_a\n2024-03-05,C,D,1\n2024-03-19,D,C,0.5\n");
  }
};

// The `d` of each path of class `kind` in chart.svg, by series (its colour), in the legend's order.
std::vector<std::string> chart_paths(const std::string& svg, const std::string& kind) {
  std::vector<std::string> out;
  for (size_t at = svg.find("<g class=\"series\""); at != std::string::npos; at = svg.find("<g class=\"series\"", at + 1)) {
    const size_t end = svg.find("</g>", at), path = svg.find("<path class=\"" + kind + "\"", at);
    if (path > end) {
      out.emplace_back();
      continue;
    }
    const size_t d = svg.find(" d=\"", path) + 4;
    out.push_back(svg.substr(d, svg.find('"', d) - d));
  }
  return out;
}

}  // namespace

TEST_CASE("a month's chart draws the top players who sat it out flat and dashed, and the month is recorded",
          "[store][cli][chart]") {
  const charted_club c;
  for (const char* m : {"01.csv", "02.csv"}) REQUIRE(c.month(m).status == 0);
  const auto march = c.month("03.csv");
  INFO(march.out);
  REQUIRE(march.status == 0);
  CHECK_THAT(run_cli("history '" + c.database + "' C").out, Catch::Contains("club        2024-03"));
  // The four by rating, as the legend lists them: A (1499.42) and B (1500.58) after February, between C and D.
  std::vector<std::string> order;
  std::istringstream list(read_text(c.dir / "out/ratings.csv"));
  std::string row;
  for (std::getline(list, row); std::getline(list, row);) order.push_back(row.substr(0, row.find(',')));
  REQUIRE(order == std::vector<std::string>{"C", "B", "A", "D"});
  const std::string svg = read_text(c.dir / "out/chart.svg");
  const auto idle = chart_paths(svg, "idle"), line = chart_paths(svg, "line");
  REQUIRE(idle.size() == 4);
  for (size_t k = 0; k < 4; ++k) {
    INFO(order[k] << ": " << idle[k]);
    if (order[k] == "C" || order[k] == "D") {
      CHECK(idle[k].empty());  // they played the month
      CHECK(line[k].find('L') != std::string::npos);
      continue;
    }
    // One dashed flat stretch from the month's first day of games to the end of its last, the plot's 650 px.
    float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    REQUIRE(std::sscanf(idle[k].c_str(), "M%f,%f L%f,%f", &x0, &y0, &x1, &y1) == 4);
    CHECK(y0 == y1);
    CHECK(x0 == 80.0f);
    CHECK(x1 == 730.0f);
    CHECK(idle[k].find('M', 1) == std::string::npos);
  }
  CHECK(idle[1] != idle[2]);  // each at his own rating
  // The report charts them too, among the best-rated players.
  const auto report = run_cli("report '" + (c.dir / "out").string() + "'");
  REQUIRE(report.status == 0);
  const std::string html = read_text(c.dir / "out/report.html");
  CHECK_THAT(html, Catch::Contains("The 4 best-rated players"));
  CHECK_THAT(html, Catch::Contains("<figcaption>2. B</figcaption>") && Catch::Contains("<figcaption>3. A</figcaption>"));
}

TEST_CASE("a month's chart from the games the run kept draws the players who sat it out as the one from history.csv does",
          "[store][cli][chart]") {
  const charted_club streamed, kept(false);
  for (const charted_club* c : {&streamed, &kept})
    for (const char* m : {"01.csv", "02.csv", "03.csv"}) {
      const auto r = c->month(m);
      INFO(r.out);
      REQUIRE(r.status == 0);
    }
  CHECK_FALSE(std::filesystem::exists(kept.dir / "out/history.csv"));
  CHECK(read_text(kept.dir / "out/chart.svg") == read_text(streamed.dir / "out/chart.svg"));
}

}  // namespace test_officer_month
