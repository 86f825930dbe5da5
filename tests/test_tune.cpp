// ratekit tune: its choice against a brute-force loop of `ratekit run` over the
// same grid and against optima known in closed form, the optimiser against the
// grid, tuned.yaml read back, Ctrl-C, and its refusals before any work.
#include "history_scores.hpp"
#include "test_support.hpp"

#include <ratekit/host/config/config.hpp>
#include <ratekit/host/text/stop.hpp>
#include <ratekit/host/evaluate/tuning.hpp>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cmath>
#include <limits>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_tune {

using namespace ratekit;
using ratekit::testing::builtin;
using ratekit::testing::read_text;
using ratekit::testing::recomputed;
using ratekit::testing::run_cli;
using ratekit::testing::scores_from_history;
using ratekit::testing::source_path;
using ratekit::testing::temp_dir;
using ratekit::testing::write_text;

namespace {

nlohmann::json tune_json(const std::string& args, const std::filesystem::path& out) {
  const auto r = run_cli("tune " + args + " --out " + out.string());
  INFO(r.out);
  REQUIRE(r.status == 0);
  return nlohmann::json::parse(read_text(out / "tune.json"));
}

// New sides in every game, so a forecast depends on the tuned values alone. Validation (2024-01-02):
// the home side wins 3 of 4, so log-loss is least where it is forecast 3/4, at a home advantage of
// 400 log10(3); and a new side beats a side seeded at 1500 once in 4, so the best initial rating
// is 1500 - 400 log10(3). The test window (2024-01-03) is not seen by the search.
void closed_form_games(const std::filesystem::path& dir) {
  std::string games = "date,player_a,player_b,score_a,home,rating_b\n2024-01-01,T1,T2,1,,\n";
  for (int i = 1; i <= 4; ++i)
    games += "2024-01-02,H" + std::to_string(i) + "a,H" + std::to_string(i) + "b," + (i < 4 ? "1" : "0") + ",a,\n";
  for (int i = 1; i <= 4; ++i)
    games += "2024-01-02,N" + std::to_string(i) + ",S" + std::to_string(i) + "," + (i == 1 ? "1" : "0") + ",,1500\n";
  games += "2024-01-03,X1,X2,0,a,\n2024-01-03,X3,X4,0,,1500\n";
  write_text(dir / "games.csv", games);
  write_text(dir / "elo.yaml", "competition: t\nmodel: fide-logistic\nparams: { xi: 400, cap: 0 }\n"
                               "k_schedule: [ { k: 20 } ]\nhome_advantage: 50\ninitial: 1500\n"
                               "input: { format: games-csv, path: games.csv }\n");
}

const double best_home = 400 * std::log10(3.0);      // 190.85
const double best_initial = 1500 - best_home;        // 1309.15

double chosen(const nlohmann::json& out, const std::string& name) { return out["chosen"]["values"][name].get<double>(); }

}  // namespace

TEST_CASE("tune's grid choice is the best of a brute-force loop of ratekit run over the same grid", "[tune]") {
  temp_dir dir;
  const std::string source = read_text(source_path("configs/world-cup-elo.yaml"));
  const std::string validate_from = "1994-01-01", test_from = "2010-01-01";
  const std::vector<double> ks = {10, 30, 50, 70}, homes = {0, 100, 200};
  // Every grid point run as a config file of its own, scored from its history.csv.
  std::vector<std::tuple<double, double, recomputed>> runs;
  for (const double k : ks)
    for (const double home : homes) {
      std::string text = source;
      text.replace(text.find("{ k: 60 }"), 9, "{ k: " + std::to_string(int(k)) + " }");
      text.replace(text.find("home_advantage: 100"), 19, "home_advantage: " + std::to_string(int(home)));
      text.replace(text.find("../data/"), 8, source_path("data/").string() + "/");
      const auto name = "k" + std::to_string(int(k)) + "h" + std::to_string(int(home));
      write_text(dir / (name + ".yaml"), text);
      REQUIRE(run_cli("run " + (dir / (name + ".yaml")).string() + " --out " + (dir / name).string()).status == 0);
      runs.emplace_back(k, home, scores_from_history(dir / name / "history.csv", validate_from, test_from));
    }
  const auto best = std::min_element(runs.begin(), runs.end(), [](const auto& a, const auto& b) {
    return std::get<2>(a).log_loss < std::get<2>(b).log_loss;
  });
  const nlohmann::json out = tune_json(source_path("configs/world-cup-elo.yaml").string() +
                                           " --param k_schedule.1=10:70:20 --param home_advantage=0:200:100"
                                           " --validate-from " + validate_from + " --test-from " + test_from,
                                       dir / "tune");
  CHECK(out["method"] == "grid");
  CHECK(out["candidates"] == runs.size());
  CHECK(chosen(out, "k_schedule.1") == std::get<0>(*best));
  CHECK(chosen(out, "home_advantage") == std::get<1>(*best));
  const auto& v = out["chosen"]["validation"];
  CHECK(v["games"] == std::get<2>(*best).games);
  CHECK(v["log_loss"].get<double>() == Approx(std::get<2>(*best).log_loss).epsilon(1e-12));
  CHECK(v["brier"].get<double>() == Approx(std::get<2>(*best).brier).epsilon(1e-12));
  // The chosen values' test score is that run's over the games from --test-from on.
  const std::string best_name = "k" + std::to_string(int(std::get<0>(*best))) + "h" + std::to_string(int(std::get<1>(*best)));
  const recomputed test = scores_from_history(dir / best_name / "history.csv", test_from);
  CHECK(out["chosen"]["test"]["games"] == test.games);
  CHECK(out["chosen"]["test"]["log_loss"].get<double>() == Approx(test.log_loss).epsilon(1e-12));
  // tuned.csv holds every candidate's validation score: each the brute force's.
  const std::string csv = read_text(dir / "tune" / "tuned.csv");
  CHECK(csv.rfind("candidate,k_schedule.1,home_advantage,log_loss,brier,accuracy,deviance,games\n", 0) == 0);
  CHECK(size_t(std::count(csv.begin(), csv.end(), '\n')) == runs.size() + 1);
}

TEST_CASE("tune finds optima known in closed form on the grid and by the optimiser", "[tune]") {
  temp_dir dir;
  closed_form_games(dir.path());
  const std::string config = (dir / "elo.yaml").string() + " --validate-from 2024-01-02 --test-from 2024-01-03";
  // On a grid of tens, 190 is nearest to 190.85 (180 and 200 forecast 0.738 and 0.762).
  const nlohmann::json grid = tune_json(config + " --param home_advantage.predict=0:400:10", dir / "grid");
  CHECK(chosen(grid, "home_advantage.predict") == 190);
  const nlohmann::json sbplx = tune_json(config + " --param home_advantage.predict=0:400 --budget 60", dir / "sbplx");
  CHECK(sbplx["method"] == "nlopt sbplx");
  CHECK(chosen(sbplx, "home_advantage.predict") == Approx(best_home).margin(0.5));
  // Two values at once: the optimiser within the coarse grid's steps of its choice, in fewer candidates.
  const std::string both = " --param home_advantage.predict=0:400:20 --param initial.rating=1100:1900:40";
  const nlohmann::json coarse = tune_json(config + both, dir / "coarse");
  CHECK(coarse["candidates"] == 21 * 21);
  CHECK(chosen(coarse, "home_advantage.predict") == 200);
  CHECK(chosen(coarse, "initial.rating") == 1300);
  const nlohmann::json bobyqa = tune_json(
      config + " --param home_advantage.predict=0:400 --param initial.rating=1100:1900 --budget 60", dir / "bobyqa");
  CHECK(bobyqa["method"] == "nlopt bobyqa");
  CHECK(bobyqa["candidates"].get<int>() <= 60);
  CHECK(chosen(bobyqa, "home_advantage.predict") == Approx(best_home).margin(0.5));
  CHECK(chosen(bobyqa, "initial.rating") == Approx(best_initial).margin(0.5));
  CHECK(std::abs(chosen(bobyqa, "home_advantage.predict") - chosen(coarse, "home_advantage.predict")) <= 20);
  CHECK(std::abs(chosen(bobyqa, "initial.rating") - chosen(coarse, "initial.rating")) <= 40);
  CHECK(bobyqa["chosen"]["validation"]["log_loss"].get<double>() <=
        coarse["chosen"]["validation"]["log_loss"].get<double>());
}

TEST_CASE("tune warns of an optimum on an end of its range and tuned.yaml reads as the config with the chosen values",
          "[tune]") {
  temp_dir dir;
  closed_form_games(dir.path());
  const auto r = run_cli("tune " + (dir / "elo.yaml").string() +
                         " --validate-from 2024-01-02 --test-from 2024-01-03 --param home_advantage=0:100:25 --out " +
                         (dir / "out").string());
  INFO(r.out);
  REQUIRE(r.status == 0);
  CHECK(r.out.find("the chosen home_advantage lies on an end of its range") != std::string::npos);
  const nlohmann::json out = nlohmann::json::parse(read_text(dir / "out" / "tune.json"));
  CHECK(out["on_edge"] == nlohmann::json::array({"home_advantage"}));
  const competition_config tuned = load_config(dir / "out" / "tuned.yaml", builtin());
  CHECK(tuned.home_predict == 100);
  CHECK(tuned.home_update == 100);
  CHECK(tuned.initial_rating == 1500);
  CHECK(tuned.params == load_config(dir / "elo.yaml", builtin()).params);
  REQUIRE(tuned.input_paths.size() == 1);
  CHECK(std::filesystem::equivalent(tuned.input_paths[0], dir / "games.csv"));
  CHECK(read_text(dir / "out" / "tuned.yaml").find("# elo.yaml tuned by ratekit tune: home_advantage 100.") == 0);
  // The windows by their games' dates: the validation window's last day is the day before --test-from.
  CHECK(read_text(dir / "out" / "tuned.yaml").find("on the validation window 2024-01-02 to 2024-01-02 (8 games)") !=
        std::string::npos);
  // Not on an end: no warning.
  const auto inside = run_cli("tune " + (dir / "elo.yaml").string() +
                              " --validate-from 2024-01-02 --test-from 2024-01-03 --param home_advantage=0:400:50 --out " +
                              (dir / "inside").string());
  CHECK(inside.status == 0);
  CHECK(inside.out.find("lies on an end") == std::string::npos);
}

TEST_CASE("tune stopped keeps the best of the candidates rated so far", "[tune]") {
  temp_dir dir;
  closed_form_games(dir.path());
  const competition_config config = load_config(dir / "elo.yaml", builtin());
  std::atomic<bool> stop{false};
  tune_options options;
  options.validate_from = 20240102, options.test_from = 20240103, options.threads = 1;
  options.progress = [&](size_t rated, size_t) {
    if (rated == 5) stop = true;
  };
  const stop_scope scope(stop);
  const tuning t = tune_config(config, {parse_tuned_param("home_advantage=0:400:10")}, builtin(), options);
  CHECK(t.stopped);
  CHECK(t.points.size() >= 5);
  CHECK(t.points.size() < 41);
  CHECK(t.points[t.best].values[0] == 10 * double(t.points.size() - 1));  // rising towards 190: the last rated
  CHECK(t.chosen_test.games == 2);
}

TEST_CASE("tune refuses a value the model lacks or a range outside its bounds or bad windows before any work", "[tune]") {
  temp_dir dir;
  closed_form_games(dir.path());
  const std::string config = (dir / "elo.yaml").string();
  auto refused = [&](const std::string& args, const std::string& message) {
    const auto r = run_cli("tune " + config + " " + args + " --out " + (dir / "out").string());
    INFO(args << "\n" << r.out);
    CHECK(r.status != 0);
    CHECK(r.out.find(message) != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(dir / "out"));
  };
  refused("--param kk=0:1", "unknown value 'kk' for model 'fide-logistic'");
  refused("--param caap=0:1", "(did you mean 'cap'?)");
  refused("--param first_rating=0:1", "'first_rating' of model 'fide-logistic' is true or false; tune searches numbers");
  refused("--param pool_months=0:10:0.5", "'pool_months' is a whole number");
  // xi's bounds are 1 and 1000000, on both sides.
  refused("--param xi=0.5:400", "'xi' of model 'fide-logistic' must lie between 1 and 1000000, and 0.5:400 leaves that");
  refused("--param xi=100:2000000", "must lie between 1 and 1000000, and 100:2000000 leaves that");
  refused("--param k_schedule.1=-5:40", "a K must be at least 0");
  refused("--param k_schedule.2=0:40", "unknown value 'k_schedule.2'");
  refused("--param xi=400:100", "LO must be below HI");
  refused("--param xi=100:400:0", "STEP must be above 0");
  refused("--param xi=100:400:x", "expected NAME=LO:HI or NAME=LO:HI:STEP");
  // Not a finite number, or past a double: refused as text, never searched.
  refused("--param xi=nan:400", "expected NAME=LO:HI or NAME=LO:HI:STEP, got 'nan' in it");
  refused("--param xi=100:inf", "got 'inf' in it");
  refused("--param xi=100:1e400", "got '1e400' in it");
  refused("--param xi=100:400:1e-400", "got '1e-400' in it");
  refused("--param xi=100:400 --param xi=200:300", "'xi' is given twice");
  refused("--param xi=100:400:100 --param home_advantage=0:100", "give every --param a STEP");
  refused("--param xi=1:1000000:0.001", "the grid has 999999001 points");
  refused("--param xi=100:400 --validate-from 2024-01-03 --test-from 2024-01-02", "must come before --test-from");
  refused("--param xi=100:400 --validate-from 2024-01-01 --test-from 2024-01-02",
          "no game before --validate-from 2024-01-01 to rate the players on");
  refused("--param xi=100:400 --validate-from 2024-01-02 --test-from 2024-01-05", "no game to score from --test-from 2024-01-05 on");
  // In range on both sides: accepted.
  CHECK(run_cli("tune " + config + " --param xi=1:1000000:999999 --validate-from 2024-01-02 --test-from 2024-01-03 --out " +
                (dir / "ok").string())
            .status == 0);
}

TEST_CASE("tune's grid runs from LO by STEP to HI and is refused past its limit before a point is made", "[tune]") {
  auto axis = [](double lo, double hi, double step) {
    tuned_param p;
    p.name = "x", p.lo = lo, p.hi = hi, p.step = step;
    return p;
  };
  const auto tenths = grid_points({axis(0, 0.3, 0.1)}, 1000);
  REQUIRE(tenths.size() == 4);  // 0.3 / 0.1 is 2.9999999999999996 in doubles: HI is in all the same
  CHECK(tenths.back()[0] == 0.3);
  const auto short_of_hi = grid_points({axis(0, 1, 0.3)}, 1000);
  REQUIRE(short_of_hi.size() == 4);  // 0, 0.3, 0.6, 0.9: a step past HI is not taken
  CHECK(short_of_hi.back()[0] == Approx(0.9).epsilon(1e-12));
  const std::vector<tuned_param> square = {axis(0, 9, 1), axis(0, 9, 1)};
  CHECK(grid_points(square, 100).size() == 100);
  CHECK_THROWS_WITH(grid_points(square, 99), Catch::Contains("the grid has 100 points, more than 99"));
  // 10^18 points: refused at once, none made.
  CHECK_THROWS_WITH(grid_points({axis(0, 1e9, 1e-9)}, 100000), Catch::Contains("more than 100000"));
}

}  // namespace test_tune
