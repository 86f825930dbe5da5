// Players' own priors for whole-history models, from a config's `initial` (ratings list, initial.rating,
// initial.state.deviation): ttt against the trueskillthroughtime package's `priors=` (tests/data/ttt/priors-*,
// tests/reference/ttt_priors_reference.py), whr against its posterior's optimum solved again here, the
// refusals before any work, and a plugin built before the extension grew (no set_priors) still running.
#include "test_support.hpp"
#include "whole_history_probe.hpp"
#include "whr_support.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_whole_history_priors {

namespace fs = std::filesystem;
using ratekit::testing::read_text;
using ratekit::testing::run_cli;
using ratekit::testing::temp_dir;
using ratekit::testing::write_text;

namespace {

fs::path ttt_priors_data(const std::string& file) { return ratekit::testing::source_path("tests/data/ttt/" + file); }

// A CSV's rows by "date,player": its two numbers (mean, deviation); '#' comments left out.
std::map<std::string, std::pair<double, double>> history_estimates_by_key(const std::string& text) {
  std::map<std::string, std::pair<double, double>> out;
  std::stringstream lines(text);
  std::string line;
  std::getline(lines, line);
  while (std::getline(lines, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::stringstream fields(line);
    std::string date, player, mean, sd;
    std::getline(fields, date, ','), std::getline(fields, player, ','), std::getline(fields, mean, ',');
    std::getline(fields, sd, ',');
    out[date + "," + player] = {std::stod(mean), std::stod(sd)};
  }
  return out;
}

// The priors' competition in `dir`: ttt over priors-games.csv, `initial` as given.
fs::path priors_config(const temp_dir& dir, const std::string& initial, const std::string& model = "ttt") {
  fs::copy_file(ttt_priors_data("priors-games.csv"), dir / "games.csv");
  write_text(dir / "c.yaml", "competition: priors\nmodel: " + model +
                                 "\ninput: { format: games-csv, path: games.csv }\n" + initial);
  return dir / "c.yaml";
}

ratekit::testing::command_result run_priors_config(const temp_dir& dir, const std::string& flags = "") {
  return run_cli("run '" + (dir / "c.yaml").string() + "' --out '" + (dir / "out").string() + "'" + flags);
}

}  // namespace

TEST_CASE("ttt: players' priors from initial equal the package's priors=", "[whole_history][priors][ttt]") {
  temp_dir dir;
  fs::copy_file(ttt_priors_data("priors-list.csv"), dir / "list.csv");
  priors_config(dir, "initial: { ratings: list.csv, rating: 0.5, state: { deviation: 4 } }\n");
  const auto r = run_priors_config(dir);
  INFO(r.out);
  REQUIRE(r.status == 0);
  const auto got = history_estimates_by_key(read_text(dir / "out/history.csv"));
  const auto expected = history_estimates_by_key(read_text(ttt_priors_data("priors-expected.csv")));
  REQUIRE(got.size() == expected.size());
  for (const auto& [key, value] : expected) {
    INFO(key);
    REQUIRE(got.count(key) == 1);
    CHECK(std::abs(got.at(key).first - value.first) < 1e-6);
    CHECK(std::abs(got.at(key).second - value.second) < 1e-6);
  }
  // The priors matter: without them Dan, who beat Cid and Ann, is not 3.5 above nothing (the package's default
  // prior N(0, 6) gives him another mean by far).
  temp_dir plain;
  priors_config(plain, "");
  REQUIRE(run_priors_config(plain).status == 0);
  const auto without = history_estimates_by_key(read_text(plain / "out/history.csv"));
  CHECK(std::abs(without.at("2024-01-01,Dan").first - expected.at("2024-01-01,Dan").first) > 0.1);
}

TEST_CASE("whr: a player's prior is a Gaussian on his first day's rating in Elo", "[whole_history][priors][whr]") {
  using namespace ratekit::testing;
  // A (prior N(m, s^2) in Elo) beats B (the virtual win and loss) on one day. At the optimum (natural units,
  // x A's rating, y B's): -(x - m)/v + 1 - s(x - y) = 0 and 1 - 2 s(y) - (1 - s(x - y)) = 0. Newton's method on
  // the two together, written again here.
  const double nat = 1 / elo_per_nat, m = 150 * nat, v = 80 * 80 * nat * nat;
  double x = 0, y = 0;
  for (int i = 0; i < 100; ++i) {
    const double p = logistic(x - y), q = logistic(y), c = p * (1 - p);
    const double f1 = -(x - m) / v + 1 - p, f2 = 1 - 2 * q - (1 - p);
    const double a = -1 / v - c, b = c, d = -2 * q * (1 - q) - c;  // the Jacobian [[a, b], [b, d]]
    const double det = a * d - b * b;
    x -= (d * f1 - b * f2) / det, y -= (a * f2 - b * f1) / det;
  }
  whole_history_builder hb;
  hb.duel(20000, 0, 1, 1.0);
  const rk_wh_history& h = hb.build();
  ratekit::plugins::whr model = make_whr();
  const double mean[] = {150, NAN}, sd[] = {80, NAN};
  model.set_priors(2, mean, sd);
  model.load(ratekit::sdk::history(h));
  converge(model);
  const whr_estimates e = estimates_of(model, h);
  CHECK(std::abs(e.mean[0] - x * elo_per_nat) < 1e-6);
  CHECK(std::abs(e.mean[1] - y * elo_per_nat) < 1e-6);
  // A's deviation: his own curvature, the prior's and the game's.
  const double p = logistic(x - y);
  CHECK(std::abs(e.sd[0] - std::sqrt(1 / (1 / v + p * (1 - p))) * elo_per_nat) < 1e-6);
  // Pulled toward 150 from where the virtual games leave a winner (about 100 Elo), yet a game won lifts him.
  const whr_estimates plain = converged(h);
  CHECK(e.mean[0] > plain.mean[0] + 10);
  CHECK(e.mean[0] > 150);
  CHECK(e.mean[0] < 150 + 80);
  // A deviation without a mean: centred on 0, the virtual opponent's rating.
  ratekit::plugins::whr centred = make_whr();
  const double no_mean[] = {NAN, NAN}, tight[] = {1e-3, NAN};
  centred.set_priors(2, no_mean, tight);
  centred.load(ratekit::sdk::history(h));
  converge(centred);
  CHECK(std::abs(estimates_of(centred, h).mean[0]) < 1e-3);
  // A mean without a deviation is no prior whr can take.
  const double lone_mean[] = {100, NAN};
  CHECK_THROWS_WITH(centred.set_priors(2, lone_mean, no_mean),
                    Catch::Contains("player 0's prior needs a positive finite deviation"));
}

TEST_CASE("whr: priors from initial reach the fit through ratekit run", "[whole_history][priors][whr]") {
  temp_dir dir;
  write_text(dir / "list.csv", "player,rating,deviation\nAnn,400,1e-3\n");
  priors_config(dir, "initial: { ratings: list.csv }\n", "whr");
  const auto r = run_priors_config(dir);
  INFO(r.out);
  REQUIRE(r.status == 0);
  // Ann's first day is pinned at 400 by a deviation of a thousandth of a point.
  const auto got = history_estimates_by_key(read_text(dir / "out/history.csv"));
  CHECK(std::abs(got.at("2024-01-01,Ann").first - 400) < 0.01);
  CHECK(got.at("2024-01-01,Ann").second < 0.01);
}

TEST_CASE("a whole-history model's priors are refused before any work when they cannot be",
          "[whole_history][priors][refusal]") {
  const auto refused = [](const std::string& list, const std::string& initial, const std::string& model = "ttt") {
    temp_dir dir;
    if (!list.empty()) write_text(dir / "list.csv", list);
    priors_config(dir, initial, model);
    const auto r = run_priors_config(dir);
    CHECK(r.status != 0);
    CHECK(!fs::exists(dir / "out"));
    return r.out;
  };
  const std::string ratings = "initial: { ratings: list.csv }\n";
  // A deviation not positive, a mean not finite: at the list's line and column.
  CHECK_THAT(refused("player,rating,deviation\nAnn,1,2\nBob,0,-1\n", ratings),
             Catch::Contains("list.csv:3:7: expected a positive finite number as Bob's prior deviation for model 'ttt', got -1"));
  CHECK_THAT(refused("player,rating,deviation\nAnn,1,0\n", ratings),
             Catch::Contains("list.csv:2:7: expected a positive finite number as Ann's prior deviation"));
  CHECK_THAT(refused("player,rating,deviation\nAnn,inf,1\n", ratings),
             Catch::Contains("list.csv:2:5: "));
  // The defaults: at the config's key.
  CHECK_THAT(refused("", "initial: { state: { deviation: 0 } }\n"),
             Catch::Contains("c.yaml:4:1: expected a positive finite number for 'initial.state.deviation', the prior "
                             "deviation of model 'ttt', got 0"));
  // A field the model lacks.
  CHECK_THAT(refused("", "initial: { state: { volatility: 0.06 } }\n"),
             Catch::Contains("unknown state field 'volatility' in 'initial.state' of model 'ttt'"));
  // What a whole-history model does not take from `initial`.
  CHECK_THAT(refused("player,rating\nAnn,1\n", "initial: { ratings: list.csv, games: 5 }\n"),
             Catch::Contains("games credited to declared ratings (initial.games) is not available for whole-history "
                             "models (model 'ttt')"));
  // whr: a mean needs its deviation (no Gaussian without one).
  CHECK_THAT(refused("player,rating\nAnn,100\n", ratings, "whr"),
             Catch::Contains("prior needs a positive finite deviation and a finite mean"));
}

TEST_CASE("a whole-history plugin built before set_priors still runs, and priors for it are refused",
          "[whole_history][priors][loader]") {
  using namespace ratekit::testing;
  const std::string old_model = "model: test-whole-history-no-priors\n";
  temp_dir dir;
  write_text(dir / "games.csv", three_games);
  write_text(dir / "c.yaml", "competition: probe\n" + old_model + "input: { format: games-csv, path: games.csv }\n");
  auto r = run_probe(dir);
  INFO(r.out);
  REQUIRE(r.status == 0);  // its set_priors, past its struct_size, aborts if called
  CHECK_THAT(read_text(dir / "out/history.csv"), Catch::Contains("2024-01-01,Ann," + swept(jan1 + 1.5) + ",2,2\n"));
  fs::remove_all(dir / "out");
  write_text(dir / "c.yaml", "competition: probe\n" + old_model +
                                 "input: { format: games-csv, path: games.csv }\ninitial: { rating: 1 }\n");
  r = run_probe(dir);
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("c.yaml:4:1: model 'test-whole-history-no-priors' takes no players' priors"));
  CHECK(!fs::exists(dir / "out"));
}

}  // namespace test_whole_history_priors
