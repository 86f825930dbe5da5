// The host's side of whole-history models (RK_CAP_WHOLE_HISTORY), tested with the probe plugin
// (tests/test_plugins/whole_history_probe.cpp), independent of ttt and whr: each sweep moves every estimate
// halfway to its target, time + the player's scores of the batch + his side's advantage / 1000, with the
// deviation the matches he played in the batch; so what the host handed over shows in the outputs.
#include <ratekit/host/text/stop.hpp>
#include <ratekit/host/plugin/plugin.hpp>
#include <ratekit/host/plugin/plugin_json.hpp>
#include <ratekit/host/plugin/whole_history_model.hpp>
#include <ratekit/host/text/format.hpp>
#include <ratekit/host/whole_history/whole_history.hpp>

#include "test_support.hpp"
#include "whole_history_probe.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <cmath>
#include <thread>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_whole_history {

using namespace ratekit;
using namespace ratekit::testing;
namespace fs = std::filesystem;

namespace {

fs::path probe_file(const std::string& name) { return fs::path(RATEKIT_TEST_PLUGIN_DIR) / ("ratekit-" + name + ".so"); }

std::string refusal(const std::string& name) {
  try {
    plugin::load(probe_file(name));
  } catch (const user_error& e) {
    return e.what();
  }
  return "";
}

whole_history_fit fit_of(const fs::path& config) { return fit_whole_history(load_config(config, probes()), probes()); }

}  // namespace

TEST_CASE("the loader accepts a whole-history plugin and says its kind", "[whole_history][loader]") {
  const auto p = plugin::load(probe_file("whole-history-probe"));
  REQUIRE(whole_history_of(*p) != nullptr);
  CHECK(std::string(plugin_kind(p->descriptor())).starts_with("whole history"));
  CHECK(describe_json(*p)["kind"] == "whole-history");
  CHECK(capabilities(p->descriptor().capabilities).find("whole history") != std::string::npos);
  // Forward plugins are what they were: no extension asked of them.
  const auto elo = builtin().get("fide-logistic");
  CHECK(whole_history_of(*elo) == nullptr);
  CHECK(describe_json(*elo)["kind"] == "forward");
  const auto shown = run_cli("describe test-whole-history --plugin-dir " RATEKIT_TEST_PLUGIN_DIR);
  CHECK_THAT(shown.out, Catch::Contains("\nkind: whole history (every player's skill"));
}

TEST_CASE("the loader refuses a whole-history plugin it cannot drive, naming why", "[whole_history][loader]") {
  CHECK_THAT(refusal("whole-history-flaw1"), Catch::Contains("has no extension 'ratekit.whole_history.v1'"));
  CHECK_THAT(refusal("whole-history-flaw2"), Catch::Contains("state field 1 must be 'deviation'"));
  CHECK_THAT(refusal("whole-history-flaw3"), Catch::Contains("needs the parameter 'epsilon'"));
  CHECK_THAT(refusal("whole-history-flaw3"), Catch::Contains(probe_file("whole-history-flaw3").string()));
  CHECK_THAT(refusal("whole-history-flaw5"), Catch::Contains("warm_width not from 1 to 16 with them (0 without)"));
  // A plugin built before the extension grew: what lies past its struct_size is never read.
  CHECK(refusal("whole-history-flaw4").empty());
  CHECK(whole_history_model(plugin::load(probe_file("whole-history-flaw4")), {1e-6, 100, 0}).warm_width() == 0);
}

TEST_CASE("a whole-history run batches the games by day and sweeps until epsilon", "[whole_history][run]") {
  temp_dir dir;
  probe_config(dir, three_games, "home_advantage: 100\n");
  const auto r = run_probe(dir);
  INFO(r.out);
  REQUIRE(r.status == 0);
  // Day 1: Ann won at home (+0.1) and drew (Cid first-named, no home): 1.5 + 0.1; Bob lost away (-0.1);
  // Cid drew. Day 2: Bob beat Ann. March: Cid won away (+0.1) against Bob, first-named at home (-0.1 for
  // team 0: the advantage is -100 on its side).
  CHECK(read_text(dir / "out/history.csv") ==
        "date,player,rating,deviation,games\n"
        "2024-01-01,Ann," + swept(jan1 + 1.6) + ",2,2\n"
        "2024-01-01,Bob," + swept(jan1 - 0.1) + ",1,1\n"
        "2024-01-01,Cid," + swept(jan1 + 0.5) + ",1,1\n"
        "2024-01-02,Bob," + swept(jan2 + 1) + ",1,1\n"
        "2024-01-02,Ann," + swept(jan2) + ",1,1\n"
        "2024-03-01,Bob," + swept(mar1 - 0.1) + ",1,1\n"
        "2024-03-01,Cid," + swept(mar1 + 1.1) + ",1,1\n");
  const auto summary = nlohmann::json::parse(read_text(dir / "out/summary.json"));
  // The largest target, mar1 + 1.1, halves each sweep: the first change at most 1e-6 comes at sweep 35.
  CHECK(summary["whole_history"]["sweeps"] == 35);
  CHECK(summary["whole_history"]["converged"] == true);
  CHECK(summary["whole_history"]["last_change"].get<double>() <= 1e-6);
  CHECK(summary["whole_history"]["last_change"].get<double>() > 5e-7);
  CHECK(summary["whole_history"]["log_evidence"] == -4.0);  // -0.5 per entry, as the probe defines it
  CHECK(summary["metrics"]["in_sample"] == true);
  CHECK(summary["metrics"]["fit"]["games"] == 4);
  CHECK(summary["counts"]["games"] == 4);
  CHECK(summary["counts"]["periods"] == 3);
}

TEST_CASE("ratings.csv holds each player's latest estimate, his matches, peak and last day", "[whole_history][run]") {
  temp_dir dir;
  const competition_config config = load_config(probe_config(dir, three_games, "home_advantage: 100\n"), probes());
  const whole_history_fit fit = fit_whole_history(config, probes());
  const player_table& players = fit.run.data.players;
  const int32_t bob = players.find("Bob"), ann = players.find("Ann");
  CHECK(format_number(fit.run.state.rating()[bob]) == swept(mar1 - 0.1));
  CHECK(fit.run.state.columns[1][bob] == 1);
  CHECK(fit.run.state.games[bob] == 3);
  CHECK(format_number(fit.run.state.peak[bob]) == swept(mar1 - 0.1));
  CHECK(fit.run.state.last_date[bob] == 20240301);
  CHECK(format_number(fit.run.state.rating()[ann]) == swept(jan2));
  CHECK(format_number(fit.run.state.peak[ann]) == swept(jan1 + 1.6));  // day 1's, above day 2's
  CHECK(fit.run.state.last_date[ann] == 20240102);
  temp_dir out;
  write_whole_history_outputs(fit, config, out.path());
  CHECK_THAT(read_text(out / "ratings.csv"), Catch::StartsWith("player,rating,deviation,games,peak,last_played\nCid,"));
  CHECK_THAT(read_text(out / "ratings.csv"), Catch::Contains(",3," + format_number(fit.run.state.peak[bob]) + ",2024-03-01\n"));
}

TEST_CASE("month periods make a batch of each month, elapsed time counted in months", "[whole_history][run]") {
  temp_dir dir;
  const whole_history_fit fit = fit_of(probe_config(dir, three_games, "period: month\n"));
  const std::string csv = whole_history_csv(fit);
  // January is month 2024 * 12 + 0; Ann played three games in it.
  CHECK_THAT(csv, Catch::StartsWith("period,player,rating,deviation,games\n2024-01,Ann," + swept(2024 * 12 + 1.5) +
                                    ",3,3\n"));
  CHECK_THAT(csv, Catch::EndsWith("2024-03,Cid," + swept(2024 * 12 + 2 + 1) + ",1,1\n"));
  CHECK(fit.run.period_count == 2);
  CHECK(fit.run.state.last_date[fit.run.data.players.find("Ann")] == 20240131);
}

TEST_CASE("iterations caps the sweeps of a model that never converges", "[whole_history][hostile]") {
  temp_dir dir;
  probe_config(dir, three_games, "params: { fault: never, iterations: 7 }\n");
  const auto r = run_probe(dir);
  REQUIRE(r.status == 0);
  const auto summary = nlohmann::json::parse(read_text(dir / "out/summary.json"));
  CHECK(summary["whole_history"]["sweeps"] == 7);
  CHECK(summary["whole_history"]["converged"] == false);
}

TEST_CASE("a plugin's fault in a sweep is a clear error and nothing is written", "[whole_history][hostile]") {
  const std::pair<const char*, const char*> faults[] = {
      {"nan_change", "failed on sweep 2: returned NaN as the largest change of a mean, not a finite number from 0"},
      {"throws", "failed on sweep 2: the probe fails at sweep 2"},
      {"nan_estimate", "failed on estimates: returned NaN as the mean of entry 0, not a finite number"}};
  for (const auto& [fault, message] : faults) {
    DYNAMIC_SECTION(fault) {
      temp_dir dir;
      probe_config(dir, three_games, std::string("params: { fault: ") + fault + " }\n");
      const auto r = run_probe(dir);
      CHECK(r.status == 1);
      CHECK_THAT(r.out, Catch::Contains("plugin 'test-whole-history' " + std::string(message)));
      CHECK(!fs::exists(dir / "out"));
    }
  }
}

TEST_CASE("a fractional score is refused naming the game, an empty input by the reader", "[whole_history][input]") {
  temp_dir dir;
  probe_config(dir, "date,player_a,player_b,score_a\n2024-01-01,Ann,Bob,1\n2024-01-02,Ann,Bob,0.7\n");
  auto r = run_probe(dir);
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("games.csv:3: game 2 has the score 0.7: a whole-history model reads a win (1), "
                                    "a draw (0.5) or a loss (0)"));
  probe_config(dir, "date,player_a,player_b,score_a\n");
  r = run_probe(dir);
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("games.csv: no games: expected at least one row after the header"));
}

TEST_CASE("one game of two players is a history too", "[whole_history][input]") {
  temp_dir dir;
  const whole_history_fit fit = fit_of(probe_config(dir, "date,player_a,player_b,score_a\n2024-01-01,Ann,Bob,0\n"));
  CHECK(whole_history_csv(fit) == "date,player,rating,deviation,games\n2024-01-01,Ann," + swept(jan1) +
                                      ",1,1\n2024-01-01,Bob," + swept(jan1 + 1) + ",1,1\n");
}

TEST_CASE("team matches reach the model with their teams, ranks and weights", "[whole_history][teams]") {
  temp_dir dir;
  write_text(dir / "m.csv",
             "match,date,team,player,rank,weight\n"
             "m1,2024-01-01,red,Ann,1,1\nm1,2024-01-01,red,Bob,1,0.5\nm1,2024-01-01,blue,Cid,2,1\n"
             "m1,2024-01-01,blue,Dan,2,1\n");
  write_text(dir / "c.yaml", "competition: teams\nmodel: test-whole-history\ninput: { format: team-csv, path: m.csv }\n");
  const whole_history_fit fit = fit_of(dir / "c.yaml");
  // Ann beat both of blue: score 1; Bob the same at half weight; Cid and Dan lost.
  CHECK(whole_history_csv(fit) == "date,player,rating,deviation,games\n"
                                  "2024-01-01,Ann," + swept(jan1 + 1) + ",1,1\n"
                                  "2024-01-01,Bob," + swept(jan1 + 0.5) + ",1,1\n"
                                  "2024-01-01,Cid," + swept(jan1) + ",1,1\n"
                                  "2024-01-01,Dan," + swept(jan1) + ",1,1\n");
}

TEST_CASE("a whole-history config takes day periods by default and refuses game periods", "[whole_history][config]") {
  temp_dir dir;
  CHECK(load_config(probe_config(dir, three_games), probes()).period == period_kind::day);
  probe_config(dir, three_games, "period: game\n");
  const auto r = run_probe(dir);
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("c.yaml:4:9: model 'test-whole-history' sees the whole history in time"));
}

TEST_CASE("a whole-history run with --replace recorded nowhere is refused before anything is read", "[whole_history][config]") {
  temp_dir dir;
  probe_config(dir, three_games);
  const auto r = run_probe(dir, " --replace");  // a run recorded nowhere has nothing to replace
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("--replace replaces runs recorded in the history database: the config names none"));
  CHECK(!fs::exists(dir / "out"));
}

TEST_CASE("chart.svg draws the smoothed estimates with their bands", "[whole_history][chart]") {
  temp_dir dir;
  probe_config(dir, three_games, "output: { charts: true }\n");
  const auto r = run_probe(dir);
  INFO(r.out);
  REQUIRE(r.status == 0);
  const std::string svg = read_text(dir / "out/chart.svg");
  CHECK_THAT(svg, Catch::Contains("probe: the top 5 (smoothed)"));
  CHECK_THAT(svg, Catch::Contains("deviation"));
}

TEST_CASE("predict widens each player's last estimate by the drift since his last game", "[whole_history][predict]") {
  temp_dir dir;
  probe_config(dir, three_games);
  write_text(dir / "new.csv", "match,team,player\nm1,a,Ann\nm1,b,Bob\n");  // the probe rates team matches
  const auto r = run_cli("predict '" + (dir / "c.yaml").string() + "' '" + (dir / "new.csv").string() +
                         "' --plugin-dir " RATEKIT_TEST_PLUGIN_DIR);
  INFO(r.out);
  REQUIRE(r.status == 0);
  // Ann last played on 2 January, 59 days before the history's last: deviation sqrt(1 + 59). Bob played on it.
  CHECK_THAT(r.out, Catch::Contains("\nm1,a,Ann," + swept(jan2) + "," + format_number(std::sqrt(60.0)) + ",0,"));
  CHECK_THAT(r.out, Catch::Contains("\nm1,b,Bob," + swept(mar1) + ",1,0,"));
}

TEST_CASE("a stop between sweeps ends the fit", "[whole_history][stop]") {
  temp_dir dir;
  const competition_config config =
      load_config(probe_config(dir, three_games, "params: { fault: slow, iterations: 5000 }\n"), probes());
  std::atomic<bool> flag{false};
  const stop_scope scope(flag);
  std::thread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    flag = true;
  });
  const auto start = std::chrono::steady_clock::now();
  CHECK_THROWS_AS(fit_whole_history(config, probes()), run_stopped);
  stopper.join();
  // 5000 sweeps of 2 ms would take 10 s.
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(3));
}

TEST_CASE("the period engine refuses a whole-history model rather than call what it lacks", "[whole_history][engine]") {
  temp_dir dir;
  const competition_config config = load_config(probe_config(dir, three_games), probes());
  CHECK_THROWS_WITH(rate(config, probes()), Catch::Contains("rates the whole history at once"));
}

TEST_CASE("chart draws a whole-history run's smoothed curves from its folder", "[whole_history][chart]") {
  temp_dir dir;
  probe_config(dir, three_games, "output: { charts: true }\n");
  REQUIRE(run_probe(dir).status == 0);
  const std::string out = "'" + (dir / "out").string() + "'";
  // The run's own chart: its top 5 by latest mean (Cid, Bob, Ann: day-number means), drawn again from history.csv.
  auto r = run_cli("chart " + out + " --players Cid,Bob,Ann --title 'probe: the top 5 (smoothed)' -o '" +
                   (dir / "again.svg").string() + "'");
  INFO(r.out);
  REQUIRE(r.status == 0);
  CHECK(read_text(dir / "again.svg") == read_text(dir / "out/chart.svg"));
  // Bob played on three days: three points after the start; his last mean is 1 March's.
  char bob[64];
  std::snprintf(bob, sizeof bob, "\nBob,3,%.6f,", std::stod(swept(mar1)));  // a loss at no advantage: mar1 + 0
  CHECK_THAT(r.out, Catch::Contains(bob));
  r = run_cli("chart " + out + " --player Anne");
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("no games of 'Anne' in this history (did you mean 'Ann'?)"));
}

TEST_CASE("chart reads a month-batch history, each point at its month's first day", "[whole_history][chart]") {
  temp_dir dir;
  write_text(dir / "history.csv", "period,player,rating,deviation,games\n2024-01,Ann,10,2,3\n2024-03,Ann,12.5,1,1\n"
                                  "2024-03,Bob,9,1,1\n");
  const auto series = read_smoothed_series(dir / "history.csv", {"Ann"});
  REQUIRE(series.size() == 1);
  REQUIRE(series[0].points.size() == 3);
  CHECK(series[0].points[1].date == 20240101);
  CHECK(series[0].points[1].rating == 10);
  CHECK(series[0].points[1].spread == 2);
  CHECK(series[0].points[2].date == 20240301);
  CHECK(series[0].points[2].period == 2);
  CHECK(series[0].spread_name == "deviation");
  write_text(dir / "history.csv", "period,player,rating,deviation,games\n2024-01,Ann,ten,2,3\n");
  CHECK_THROWS_WITH(read_smoothed_series(dir / "history.csv", {"Ann"}),
                    Catch::Contains("history.csv:2:13: expected rating as a number, got 'ten'"));
}

TEST_CASE("an undated game is refused: a whole-history model places every game in time", "[whole_history][input]") {
  temp_dir dir;
  // A TRF without its 042 record (nor round dates) gives its games no date.
  write_text(dir / "t.trf", "012 Open\n" + trf_player(1, "Ann", 0, "", {{2, 'w', '1'}}) +
                                trf_player(2, "Bob", 0, "", {{1, 'b', '0'}}));
  write_text(dir / "c.yaml", "competition: t\nmodel: test-whole-history\ninput: { format: trf, path: t.trf }\n");
  const auto r = run_probe(dir);
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("t.trf:2: game 1 has no date: a whole-history model places every game in time"));
}

TEST_CASE("a drift to NaN stops predict with the plugin's name", "[whole_history][hostile][predict]") {
  temp_dir dir;
  probe_config(dir, three_games, "params: { fault: bad_drift }\n");
  write_text(dir / "new.csv", "match,team,player\nm1,a,Ann\nm1,b,Bob\n");
  const auto r = run_cli("predict '" + (dir / "c.yaml").string() + "' '" + (dir / "new.csv").string() +
                         "' --plugin-dir " RATEKIT_TEST_PLUGIN_DIR);
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("plugin 'test-whole-history' failed on drift: returned the state ("));
  CHECK_THAT(r.out, Catch::Contains("not a finite mean and a positive finite deviation"));
}

}  // namespace test_whole_history
