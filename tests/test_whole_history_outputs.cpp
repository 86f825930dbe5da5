// The outputs of a whole-history run beyond its files of every run: the player report (output.report, --report)
// from the smoothed estimates, `ratekit report`'s HTML overview of such a run's folder, a chosen list of
// history.csv's columns and --period-label; with the probe plugin (tests/whole_history_probe.hpp), whose
// estimates are known in closed form.
#include <ratekit/host/text/format.hpp>

#include "test_support.hpp"
#include "whole_history_probe.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cmath>
#include <tuple>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_whole_history_outputs {

using namespace ratekit;
using namespace ratekit::testing;
namespace fs = std::filesystem;

namespace {

double probe_expect(double ra, double rb, double advantage) { return 1.0 / (1.0 + std::pow(10.0, -(ra + advantage - rb) / 400)); }
double estimate(double target) { return std::stod(swept(target)); }

}  // namespace

TEST_CASE("the player report of a whole-history run lists each time's games from the smoothed estimates",
          "[whole_history][report]") {
  temp_dir dir;
  probe_config(dir, three_games, "home_advantage: 100\noutput: { report: true }\n");
  const auto r = run_probe(dir, " --report");
  INFO(r.out);
  REQUIRE(r.status == 0);
  // The probe's estimates (see test_whole_history.cpp): deviation 1 a match played that day.
  const double ann1 = estimate(jan1 + 1.6), bob1 = estimate(jan1 - 0.1), cid1 = estimate(jan1 + 0.5);
  const double bob2 = estimate(jan2 + 1), ann2 = estimate(jan2), bob3 = estimate(mar1 - 0.1), cid3 = estimate(mar1 + 1.1);
  // Each side's expected score from both estimates at the game's time with the home side's 100 (the second-named
  // player's the complement); players as ratings.csv orders them (latest estimates: Cid, Bob, Ann).
  const auto row = [](const char* date, const char* player, double rating, double sd, const char* opponent,
                      double opponent_rating, double opponent_sd, double expected, const char* score) {
    return std::string(date) + "," + player + "," + format_number(rating) + "," + format_number(sd) + "," + opponent +
           "," + format_number(opponent_rating) + "," + format_number(opponent_sd) + "," + format_number(expected) +
           "," + score + "\n";
  };
  CHECK(read_text(dir / "out/report.csv") ==
        "date,player,rating,deviation,opponent,opponent_rating,opponent_deviation,expected,score\n" +
            row("2024-01-01", "Cid", cid1, 1, "Ann", ann1, 2, probe_expect(cid1, ann1, 0), "0.5") +
            row("2024-03-01", "Cid", cid3, 1, "Bob", bob3, 1, 1 - probe_expect(bob3, cid3, -100), "1") +
            row("2024-01-01", "Bob", bob1, 1, "Ann", ann1, 2, 1 - probe_expect(ann1, bob1, 100), "0") +
            row("2024-01-02", "Bob", bob2, 1, "Ann", ann2, 1, probe_expect(bob2, ann2, 0), "1") +
            row("2024-03-01", "Bob", bob3, 1, "Cid", cid3, 1, probe_expect(bob3, cid3, -100), "0") +
            row("2024-01-01", "Ann", ann1, 2, "Bob", bob1, 1, probe_expect(ann1, bob1, 100), "1") +
            row("2024-01-01", "Ann", ann1, 2, "Cid", cid1, 1, 1 - probe_expect(cid1, ann1, 0), "0.5") +
            row("2024-01-02", "Ann", ann2, 1, "Bob", bob2, 1, 1 - probe_expect(bob2, ann2, 0), "0"));
  // Ann's first day: two games, a win and a draw, expected the two games' sum.
  const double ann_expected = probe_expect(ann1, bob1, 100) + 1 - probe_expect(cid1, ann1, 0);
  CHECK_THAT(read_text(dir / "out/periods.csv"),
             Catch::Contains("\n2024-01-01,Ann,2,1.5," + format_number(ann_expected) + "," + format_number(ann1) + ",2\n"));
  const std::string markdown = read_text(dir / "out/report.md");
  CHECK_THAT(markdown, Catch::StartsWith("# probe: rating report (test-whole-history)\n"));
  CHECK_THAT(markdown, Catch::Contains("smoothed from all results, before and after"));
  CHECK_THAT(markdown, Catch::Contains("\n## Cid\n\n### 2024-01-01\n\n| opponent | rating | expected | score |\n"));
  CHECK_THAT(markdown, Catch::Contains("2 games, score 1.5, expected " + fixed(ann_expected, 3) + ": **" +
                                       fixed(ann1, 3) + "** \u00b1 2.000\n"));
  CHECK(markdown.find("## Cid") < markdown.find("## Bob"));
  CHECK(markdown.find("## Bob") < markdown.find("## Ann"));
  CHECK_THAT(r.out, Catch::Contains(markdown));  // --report prints it
}

TEST_CASE("the player report of a whole-history run refuses team matches before rating", "[whole_history][report]") {
  temp_dir dir;
  write_text(dir / "m.csv", "match,date,team,player,rank\nm1,2024-01-01,red,Ann,1\nm1,2024-01-01,blue,Cid,2\n");
  write_text(dir / "c.yaml", "competition: teams\nmodel: test-whole-history\ninput: { format: team-csv, path: m.csv }\n"
                             "output: { report: true }\n");
  const auto r = run_probe(dir);
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("c.yaml:4:1: the report of a whole-history model lists duels; the input holds "
                                    "team matches"));
  CHECK(!fs::exists(dir / "out"));
}

TEST_CASE("ratekit report on a whole-history folder: smoothed estimates, bands, metrics named in-sample or "
          "walk-forward", "[whole_history][report]") {
  temp_dir dir;
  probe_config(dir, three_games, "output: { charts: true }\n");
  REQUIRE(run_probe(dir).status == 0);
  auto r = run_cli("report '" + (dir / "out").string() + "'");
  INFO(r.out);
  REQUIRE(r.status == 0);
  std::string html = read_text(dir / "out/report.html");
  CHECK_THAT(html, Catch::Contains("A whole-history model: each history row, each chart point and each list rating is a "
                                   "smoothed estimate"));
  CHECK_THAT(html, Catch::Contains("<b>change</b>: the player&#39;s last smoothed estimate minus his first"));
  size_t bands = 0;
  for (size_t at = html.find("<polygon class=\"band\""); at != std::string::npos; at = html.find("<polygon class=\"band\"", at + 1))
    ++bands;
  CHECK(bands == 3);  // Cid, Bob and Ann, each with his band
  CHECK_THAT(html, Catch::Contains("a Wiener bridge between them"));
  CHECK_THAT(html, Catch::Contains("In-sample: every metric below scores games the fit has seen"));
  CHECK_THAT(html, Catch::Contains("<th scope=\"row\">in-sample / log_loss</th>"));
  CHECK(html.find(">in_sample<") == std::string::npos);
  CHECK_THAT(html, Catch::Contains("<h2>The fit</h2>"));
  CHECK_THAT(html, Catch::Contains("<th scope=\"row\">drift / per</th><td>day</td>"));

  probe_config(dir, three_games, "metrics: walk-forward\n");
  REQUIRE(run_probe(dir).status == 0);
  r = run_cli("report '" + (dir / "out").string() + "'");
  REQUIRE(r.status == 0);
  html = read_text(dir / "out/report.html");
  CHECK_THAT(html, Catch::Contains("Walk-forward: every metric below scores each game from a fit of the batches before"));
  CHECK_THAT(html, Catch::Contains("<th scope=\"row\">walk-forward / log_loss</th>"));
  CHECK(html.find("In-sample") == std::string::npos);

  // Team matches: no metric yet, so no empty table of them.
  write_text(dir / "m.csv", "match,date,team,player,rank\nm1,2024-01-01,red,Ann,1\nm1,2024-01-01,blue,Cid,2\n");
  write_text(dir / "c.yaml", "competition: teams\nmodel: test-whole-history\ninput: { format: team-csv, path: m.csv }\n");
  REQUIRE(run_probe(dir).status == 0);
  REQUIRE(run_cli("report '" + (dir / "out").string() + "'").status == 0);
  html = read_text(dir / "out/report.html");
  CHECK(html.find("id=\"accuracy\"") == std::string::npos);
  CHECK_THAT(html, Catch::Contains("<h2>The fit</h2>"));
}

TEST_CASE("a whole-history run writes the history.csv columns output.history lists", "[whole_history][history]") {
  temp_dir dir;
  probe_config(dir, three_games, "output: { history: [rating, date, games] }\n");
  auto r = run_probe(dir);
  INFO(r.out);
  REQUIRE(r.status == 0);
  // In the file's own order, whatever the list's.
  CHECK(read_text(dir / "out/history.csv") ==
        "date,rating,games\n2024-01-01," + swept(jan1 + 1.5) + ",2\n2024-01-01," + swept(jan1) + ",1\n2024-01-01," +
            swept(jan1 + 0.5) + ",1\n2024-01-02," + swept(jan2 + 1) + ",1\n2024-01-02," + swept(jan2) +
            ",1\n2024-03-01," + swept(mar1) + ",1\n2024-03-01," + swept(mar1 + 1) + ",1\n");
  // Month batches: `period` names the same column.
  probe_config(dir, three_games, "period: month\noutput: { history: [period, player] }\n");
  r = run_probe(dir);
  REQUIRE(r.status == 0);
  CHECK(read_text(dir / "out/history.csv") == "period,player\n2024-01,Ann\n2024-01,Bob\n2024-01,Cid\n2024-03,Bob\n2024-03,Cid\n");
  probe_config(dir, three_games, "output: { history: [player, rating_after] }\n");
  r = run_probe(dir);
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("c.yaml:4:29: unknown history column 'rating_after'"));
}

TEST_CASE("a whole-history run with --period-label checks that every game lies in the period it names",
          "[whole_history][period_label]") {
  temp_dir dir;
  probe_config(dir, three_games, "period: month\n");
  auto r = run_probe(dir, " --period-label 2024-01");
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("games.csv:4:"));  // the March game
  CHECK_THAT(r.out, Catch::Contains("is not in the period '2024-01' that --period-label names"));
  CHECK(!fs::exists(dir / "out"));
  // Every game of January: one batch, the same outputs as without the label.
  const std::string january = "date,player_a,player_b,score_a\n2024-01-01,Ann,Bob,1\n2024-01-31,Bob,Cid,0\n";
  probe_config(dir, january, "period: month\n");
  REQUIRE(run_probe(dir).status == 0);
  const std::string unlabelled = read_text(dir / "out/history.csv");
  r = run_probe(dir, " --period-label 2024-01");
  INFO(r.out);
  REQUIRE(r.status == 0);
  CHECK(read_text(dir / "out/history.csv") == unlabelled);
  CHECK_THAT(unlabelled, Catch::StartsWith("period,player,rating,deviation,games\n2024-01,Ann,"));
}

TEST_CASE("summary.json gives the drift per unit of time the charts' bands are drawn from", "[whole_history][bridge]") {
  temp_dir dir;
  write_text(dir / "games.csv", "date,player_a,player_b,score_a\n2024-01-05,Ann,Bob,1\n2024-03-09,Bob,Ann,0.5\n");
  // ttt's skill drifts by gamma a unit of time (here a month), whr's by w2 Elo^2 (here a day), the probe's by 1.
  for (const auto& [model, params, period, variance] :
       std::vector<std::tuple<std::string, std::string, std::string, double>>{
           {"ttt", "{ gamma: 0.05, p_draw: 0.2 }", "month", 0.0025},
           {"whr", "{ w2: 123.5 }", "day", 123.5},
           {"test-whole-history", "{}", "day", 1}}) {
    write_text(dir / "c.yaml", "competition: d\nmodel: " + model + "\nparams: " + params + "\nperiod: " + period +
                                   "\ninput: { format: games-csv, path: games.csv }\n");
    const auto r = run_probe(dir);
    INFO(r.out);
    REQUIRE(r.status == 0);
    const auto drift = nlohmann::json::parse(read_text(dir / "out/summary.json"))["whole_history"]["drift"];
    CHECK(drift["variance"].get<double>() == variance);
    CHECK(drift["per"] == period);
  }
}

}  // namespace test_whole_history_outputs
