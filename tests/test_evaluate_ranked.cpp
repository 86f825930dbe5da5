// ratekit compare and tune over ranked events and team matches: their pair scores against the same
// scores recomputed from each config's own run (history.csv, summary.json), the one sample of pairs
// every model is scored on, the bootstrap over events, and the refusals.
#include "ranked_scores.hpp"
#include "test_support.hpp"

#include <ratekit/host/evaluate/bootstrap.hpp>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_evaluate_ranked {

using ratekit::testing::elo_pair_scores_from_history;
using ratekit::testing::event_bootstrap_interval;
using ratekit::testing::metrics_difference;
using ratekit::testing::read_text;
using ratekit::testing::recomputed;
using ratekit::testing::run_cli;
using ratekit::testing::source_path;
using ratekit::testing::temp_dir;
using ratekit::testing::write_text;

namespace {

nlohmann::json ranked_model_named(const nlohmann::json& out, const std::string& name) {
  for (const auto& m : out["models"])
    if (m["name"] == name) return m;
  FAIL("no model " << name);
  return {};
}

nlohmann::json ranked_command_json(const std::string& command, const std::string& args,
                                   const std::filesystem::path& out) {
  const auto r = run_cli(command + " " + args + " --out " + out.string());
  INFO(r.out);
  REQUIRE(r.status == 0);
  return nlohmann::json::parse(read_text(out / (command + ".json")));
}

// The riichi tables of 2019 rated by elo-multiplayer, with `params` (YAML flow), as `dir`/`name`.yaml.
std::filesystem::path riichi_config(const std::filesystem::path& dir, const std::string& name,
                                    const std::string& params = "{}") {
  write_text(dir / (name + ".yaml"), "competition: " + name + "\nmodel: elo-multiplayer\nparams: " + params +
                                         "\ninput: { format: standings-csv, path: " +
                                         source_path("data/playerratings/riichi_2019.csv").string() +
                                         " }\noutput: { history: true }\n");
  return dir / (name + ".yaml");
}

void check_scores(const nlohmann::json& got, const recomputed& want, bool deviance = true) {
  CHECK(got["pairs"] == want.games);
  CHECK(got["log_loss"].get<double>() == Approx(want.log_loss).epsilon(1e-10));
  CHECK(got["brier"].get<double>() == Approx(want.brier).epsilon(1e-10));
  CHECK(got["accuracy"].get<double>() == Approx(want.accuracy).epsilon(1e-10));
  if (deviance) CHECK(got["deviance"].get<double>() == Approx(want.deviance).epsilon(1e-10));
}

}  // namespace

TEST_CASE("compare scores ranked events' pairs as recomputed from each config's history.csv", "[compare][ranked]") {
  temp_dir dir;
  const std::string from = "2019-10-01";
  const auto slow = riichi_config(dir.path(), "k-slow"), fast = riichi_config(dir.path(), "k-fast", "{ k: 0.5, k_games: 50 }");
  for (const auto& c : {slow, fast})
    REQUIRE(run_cli("run " + c.string() + " --out " + (dir / c.stem()).string()).status == 0);
  const nlohmann::json out =
      ranked_command_json("compare", slow.string() + " " + fast.string() + " --test-from " + from, dir / "compare");
  CHECK(out["window"]["unit"] == "pair");
  CHECK(out["bootstrap"]["resamples"] == "events");
  for (const std::string name : {"k-slow", "k-fast"}) {
    INFO(name);
    const auto want = elo_pair_scores_from_history(dir / name / "history.csv", from);
    CHECK(want.games > 500);
    CHECK(out["window"]["test_events"] == want.events);
    check_scores(ranked_model_named(out, name), want);
  }
  CHECK(ranked_model_named(out, "k-slow")["log_loss"] != ranked_model_named(out, "k-fast")["log_loss"]);
  // The interval of the worse one's difference from the best: its events resampled, not its pairs.
  const auto slow_pairs = elo_pair_scores_from_history(dir / "k-slow" / "history.csv", from),
             fast_pairs = elo_pair_scores_from_history(dir / "k-fast" / "history.csv", from);
  const bool slow_best = slow_pairs.log_loss < fast_pairs.log_loss;
  const auto [low, high] = event_bootstrap_interval(slow_best ? fast_pairs : slow_pairs,
                                                    slow_best ? slow_pairs : fast_pairs, 1, 1000);
  const nlohmann::json worse = ranked_model_named(out, slow_best ? "k-fast" : "k-slow")["log_loss_difference"];
  CHECK(worse["low"].get<double>() == Approx(low).epsilon(1e-9));
  CHECK(worse["high"].get<double>() == Approx(high).epsilon(1e-9));
  CHECK(ranked_model_named(out, "always 0.5")["log_loss"].get<double>() == Approx(std::log(2.0)).epsilon(1e-12));
  for (const auto& m : out["models"]) CHECK(m["name"] != "home side's rate");  // no home side in an event
  const std::string csv = read_text(dir / "compare" / "compare.csv");
  CHECK(csv.rfind("name,model,pairs,log_loss,", 0) == 0);
  const std::string html = read_text(dir / "compare" / "compare.html");
  CHECK_THAT(html, Catch::Contains("held-out pairs in order"));
  CHECK_THAT(html, Catch::Contains("paired bootstrap over the events"));
}

TEST_CASE("compare scores team matches' pairs of teams as the runs' own metrics count them", "[compare][ranked]") {
  struct team_case {
    const char* config;
    const char* from;
  };
  for (const team_case& c : {team_case{"teams-5v5-trueskill", "2025-08-01"}, team_case{"teams-ffa-weng-lin", "2025-07-01"}}) {
    INFO(c.config);
    temp_dir dir;
    const std::string source = read_text(source_path(std::string("configs/") + c.config + ".yaml"));
    const size_t at = source.find("../data/"), end = source.find(".csv", at) + 4;
    const std::string data = source.substr(at + 3, end - at - 3);
    // The same config on the matches before the window alone: its metrics are the window's complement.
    std::string before, all_lines = read_text(source_path(data));
    std::istringstream lines(all_lines);
    for (std::string line; std::getline(lines, line);)
      if (before.empty() || line.substr(line.find(',') + 1, 10) < c.from) before += line + "\n";
    write_text(dir / "before.csv", before);
    for (const auto& [name, path] : {std::pair{"all", source_path(data)}, std::pair{"before", dir / "before.csv"}}) {
      std::string text = source;
      text.replace(text.find("../data/"), data.size() + 3, path.string());
      write_text(dir / (std::string(name) + ".yaml"), text);
    }
    for (const char* run : {"all", "before"})
      REQUIRE(run_cli("run " + (dir / (std::string(run) + ".yaml")).string() + " --out " + (dir / run).string()).status == 0);
    const recomputed want = metrics_difference(dir / "all" / "summary.json", dir / "before" / "summary.json", "team pairs");
    CHECK(want.games > 300);
    const nlohmann::json out =
        ranked_command_json("compare", (dir / "all.yaml").string() + " --test-from " + c.from, dir / "compare");
    CHECK(out["window"]["unit"] == "team pair");
    check_scores(ranked_model_named(out, "all"), want, false);
  }
}

TEST_CASE("compare scores every model on the same sample of a ranked window's pairs", "[compare][ranked]") {
  temp_dir dir;
  const auto a = riichi_config(dir.path(), "a"), b = riichi_config(dir.path(), "b"), c = riichi_config(dir.path(), "c", "{ k: 0.5 }");
  const std::string configs = a.string() + " " + b.string() + " " + c.string() + " --test-from 2019-06-01";
  const nlohmann::json all = ranked_command_json("compare", configs, dir / "all");
  const nlohmann::json sampled = ranked_command_json("compare", configs + " --pairs 1000", dir / "sampled");
  const auto& w = sampled["window"];
  CHECK(w["pairs_in_test_events"] == all["window"]["test_pairs"]);
  CHECK(w["test_pairs"].get<double>() > 500);
  CHECK(w["test_pairs"].get<double>() < 1500);
  // Two configs alike are scored alike only if their pairs are the same ones.
  CHECK(ranked_model_named(sampled, "a")["log_loss"] == ranked_model_named(sampled, "b")["log_loss"]);
  CHECK(ranked_model_named(sampled, "a")["brier"] == ranked_model_named(sampled, "b")["brier"]);
  // An even sample: near every pair's score, not the same.
  for (const char* name : {"a", "c"}) {
    const double full = ranked_model_named(all, name)["log_loss"], part = ranked_model_named(sampled, name)["log_loss"];
    CHECK(part != full);
    CHECK(std::abs(part - full) < 0.03);
  }
}

TEST_CASE("the paired bootstrap over events resamples an event's pairs together", "[compare][ranked]") {
  // Model 1 loses to model 0 by 1 on each of the 99 pairs of event 0, ties on event 1's one pair.
  std::vector<double> best(100, 0.0), worse(100, 0.0);
  std::fill(worse.begin(), worse.begin() + 99, 1.0);
  std::vector<uint32_t> events(100, 0);
  events.back() = 1;
  const auto by_event = ratekit::paired_differences({best, worse}, 0, 7, 2000, events);
  const auto by_pair = ratekit::paired_differences({best, worse}, 0, 7, 2000);
  CHECK(by_event[1].value == Approx(0.99));
  CHECK(by_pair[1].value == Approx(0.99));
  // Of two events, a quarter of the resamples draw event 1 twice (a difference of 0), a quarter event 0 twice (1).
  CHECK(by_event[1].low == 0.0);
  CHECK(by_event[1].high == 1.0);
  CHECK(by_pair[1].low > 0.95);
  CHECK(by_pair[1].high <= 1.0);
}

TEST_CASE("compare refuses configs of duels and of ranked events together, and an empty ranked window",
          "[compare][ranked]") {
  temp_dir dir;
  const auto ranked = riichi_config(dir.path(), "ranked");
  // A pairwise model on the same file of ranked events.
  write_text(dir / "duels.yaml", "competition: d\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\ninput: { format: "
                                 "standings-csv, path: " + source_path("data/playerratings/riichi_2019.csv").string() +
                                     " }\n");
  auto r = run_cli("compare " + ranked.string() + " " + (dir / "duels.yaml").string() + " --out " + (dir / "out").string());
  CHECK(r.status != 0);
  CHECK_THAT(r.out, Catch::Contains("duels.yaml"));
  CHECK_THAT(r.out, Catch::Contains("model 'fide-logistic' rates pairwise games, but the input"));
  CHECK_THAT(r.out, Catch::Contains("holds ranked events"));
  // A config of duels on games: other data, refused at its input key.
  r = run_cli("compare " + ranked.string() + " " + source_path("configs/world-cup-elo.yaml").string() + " --out " +
              (dir / "out").string());
  CHECK(r.status != 0);
  CHECK_THAT(r.out, Catch::Contains("compare rates every config on the same games"));
  for (const char* from : {"2020-01-01", "2019-01-01"}) {
    r = run_cli("compare " + ranked.string() + " --test-from " + from + " --out " + (dir / "out").string());
    CHECK(r.status != 0);
    CHECK_THAT(r.out, Catch::Contains(std::string(from) == "2020-01-01" ? "no pair of an event to score from --test-from 2020-01-01 on"
                                                                      : "no event before --test-from 2019-01-01"));
  }
  // codeforces-standings gives its contests no date: nothing to hold out by.
  r = run_cli("compare " + source_path("configs/codeforces-stream.yaml").string() + " --out " + (dir / "out").string());
  CHECK(r.status != 0);
  CHECK_THAT(r.out, Catch::Contains("cf_standings_part1.csv:2: compare and tune hold out the events from a date on, "
                                    "and event '1' has no date"));
  CHECK_FALSE(std::filesystem::exists(dir / "out"));
}

TEST_CASE("tune's choice over ranked events is the best of a brute-force loop of ratekit run", "[tune][ranked]") {
  temp_dir dir;
  const std::string validate_from = "2019-08-01", test_from = "2019-11-01";
  const std::vector<double> ks = {0.1, 0.3, 0.5}, games = {50, 250, 450};
  double best_log_loss = INFINITY, best_k = 0, best_games = 0;
  for (const double k : ks)
    for (const double g : games) {
      const std::string name = "k" + std::to_string(k) + "g" + std::to_string(int(g));
      const auto config = riichi_config(dir.path(), name, "{ k: " + std::to_string(k) + ", k_games: " + std::to_string(g) + " }");
      REQUIRE(run_cli("run " + config.string() + " --out " + (dir / name).string()).status == 0);
      const auto s = elo_pair_scores_from_history(dir / name / "history.csv", validate_from, test_from);
      if (s.log_loss < best_log_loss) best_log_loss = s.log_loss, best_k = k, best_games = g;
    }
  const std::string base = riichi_config(dir.path(), "base").string() + " --validate-from " + validate_from +
                           " --test-from " + test_from;
  const nlohmann::json grid =
      ranked_command_json("tune", base + " --param k=0.1:0.5:0.2 --param k_games=50:450:200", dir / "grid");
  CHECK(grid["candidates"] == 9);
  CHECK(grid["chosen"]["values"]["k"].get<double>() == Approx(best_k));
  CHECK(grid["chosen"]["values"]["k_games"].get<double>() == best_games);
  CHECK(grid["chosen"]["validation"]["log_loss"].get<double>() == Approx(best_log_loss).epsilon(1e-10));
  // The optimiser over the same ranges does at least as well as the grid within its budget.
  const nlohmann::json free =
      ranked_command_json("tune", base + " --param k=0.1:0.5 --param k_games=50:450 --budget 40", dir / "free");
  CHECK(free["candidates"].get<int>() <= 40);
  CHECK(free["chosen"]["validation"]["log_loss"].get<double>() <= best_log_loss + 1e-4);
}

}  // namespace test_evaluate_ranked
