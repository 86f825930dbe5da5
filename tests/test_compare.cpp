// ratekit compare: configs scored on the same held-out games, checked against
// the scores recomputed from a normal run's history.csv, and its refusals.
#include "history_scores.hpp"
#include "test_support.hpp"

#include <ratekit/host/evaluate/bootstrap.hpp>
#include <ratekit/host/evaluate/scores.hpp>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <sstream>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_compare {

using namespace ratekit;
using ratekit::testing::recomputed;
using ratekit::testing::scores_from_history;
using ratekit::testing::read_text;
using ratekit::testing::run_cli;
using ratekit::testing::source_path;
using ratekit::testing::temp_dir;
using ratekit::testing::write_text;

namespace {

nlohmann::json model_named(const nlohmann::json& out, const std::string& name) {
  for (const auto& m : out["models"])
    if (m["name"] == name) return m;
  FAIL("no model " << name);
  return {};
}

// Games on three days: two on the 1st, three on the 2nd, one on the 3rd.
void three_days(const std::filesystem::path& dir) {
  write_text(dir / "games.csv",
             "date,player_a,player_b,score_a\n2024-01-01,A,B,1\n2024-01-01,C,D,0\n2024-01-02,A,C,1\n"
             "2024-01-02,B,D,0.5\n2024-01-02,A,D,1\n2024-01-03,B,C,0\n");
  write_text(dir / "elo.yaml", "competition: t\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
                               "input: { format: games-csv, path: games.csv }\n");
}

nlohmann::json compare_json(const std::string& args, const std::filesystem::path& out) {
  const auto r = run_cli("compare " + args + " --out " + out.string());
  INFO(r.out);
  REQUIRE(r.status == 0);
  return nlohmann::json::parse(read_text(out / "compare.json"));
}

}  // namespace

TEST_CASE("compare's scores are those recomputed from each config's history.csv over the same window", "[compare]") {
  temp_dir dir;
  const std::string from = "1998-01-01";
  const std::vector<std::string> configs = {"world-cup-elo", "glicko-world-cup", "stephenson-world-cup"};
  std::string files;
  for (const auto& c : configs) {
    files += source_path("configs/" + c + ".yaml").string() + " ";
    const auto r = run_cli("run " + source_path("configs/" + c + ".yaml").string() + " --out " + (dir / c).string());
    REQUIRE(r.status == 0);
  }
  const nlohmann::json out = compare_json(files + "--test-from " + from, dir / "compare");
  CHECK(out["window"]["test_from"] == from);
  for (const auto& c : configs) {
    INFO(c);
    const recomputed want = scores_from_history(dir / c / "history.csv", from);
    const nlohmann::json got = model_named(out, c);
    CHECK(want.games > 100);
    CHECK(got["games"] == want.games);
    CHECK(got["log_loss"].get<double>() == Approx(want.log_loss).epsilon(1e-12));
    CHECK(got["brier"].get<double>() == Approx(want.brier).epsilon(1e-12));
    CHECK(got["accuracy"].get<double>() == Approx(want.accuracy).epsilon(1e-12));
    CHECK(got["deviance"].get<double>() == Approx(want.deviance).epsilon(1e-12));
  }
  // The glicko config rates a year as one period: its forecasts are the year's first ratings', not the game's.
  CHECK(model_named(out, "glicko-world-cup")["log_loss"] != model_named(out, "world-cup-elo")["log_loss"]);
  CHECK(model_named(out, "always 0.5")["deviance"].get<double>() == Approx(100).epsilon(1e-12));
  CHECK(model_named(out, "always 0.5")["log_loss"].get<double>() == Approx(std::log(2.0)).epsilon(1e-12));
}

TEST_CASE("compare holds out the games from --test-from on, that date's games included", "[compare]") {
  temp_dir dir;
  three_days(dir.path());
  const std::string config = (dir / "elo.yaml").string();
  const nlohmann::json on_second = compare_json(config + " --test-from 2024-01-02", dir / "a");
  CHECK(on_second["window"]["training_games"] == 2);
  CHECK(on_second["window"]["test_games"] == 4);
  const nlohmann::json on_third = compare_json(config + " --test-from 2024-01-03", dir / "b");
  CHECK(on_third["window"]["training_games"] == 5);
  CHECK(on_third["window"]["test_games"] == 1);
  // A date between games' dates starts at the next day with games.
  write_text(dir / "games.csv", read_text(dir / "games.csv") + "2024-01-10,A,B,1\n");
  const nlohmann::json between = compare_json(config + " --test-from 2024-01-04", dir / "c");
  CHECK(between["window"]["training_games"] == 6);
  CHECK(between["window"]["test_games"] == 1);
}

TEST_CASE("compare's default window is the last fifth of the input's dates", "[compare]") {
  temp_dir dir;
  std::string games = "date,player_a,player_b,score_a\n";
  for (int day = 1; day <= 10; ++day)
    for (int g = 0; g < 2; ++g)
      games += std::string("2024-02-") + (day < 10 ? "0" : "") + std::to_string(day) + ",A" + std::to_string(g) + ",B,1\n";
  write_text(dir / "games.csv", games);
  write_text(dir / "elo.yaml", "competition: t\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
                               "input: { format: games-csv, path: games.csv }\n");
  const nlohmann::json out = compare_json((dir / "elo.yaml").string(), dir / "out");
  CHECK(out["window"]["test_from"] == "2024-02-09");  // 2 of 10 dates
  CHECK(out["window"]["test_games"] == 4);
}

TEST_CASE("compare refuses an empty window on either side, before writing", "[compare]") {
  temp_dir dir;
  three_days(dir.path());
  const std::string config = (dir / "elo.yaml").string();
  auto r = run_cli("compare " + config + " --test-from 2024-01-04 --out " + (dir / "out").string());
  CHECK(r.status != 0);
  CHECK_THAT(r.out, Catch::Contains("games.csv: no game to score from --test-from 2024-01-04 on: the input's games "
                                    "are dated 2024-01-01 to 2024-01-03"));
  r = run_cli("compare " + config + " --test-from 2024-01-01 --out " + (dir / "out").string());
  CHECK(r.status != 0);
  CHECK_THAT(r.out, Catch::Contains("no game before --test-from 2024-01-01 to rate the players on"));
  r = run_cli("compare " + config + " --test-from 2024-13-01 --out " + (dir / "out").string());
  CHECK(r.status != 0);
  CHECK_THAT(r.out, Catch::Contains("--test-from: expected a date as yyyy-mm-dd, got '2024-13-01'"));
  CHECK_FALSE(std::filesystem::exists(dir / "out"));
}

TEST_CASE("compare refuses configs on different data, naming the config's input key", "[compare]") {
  temp_dir dir;
  three_days(dir.path());
  write_text(dir / "other.csv", read_text(dir / "games.csv"));
  write_text(dir / "other.yaml", "competition: o\nmodel: glicko\nperiod: day\n"
                                 "input: { format: games-csv, path: other.csv }\n");
  const std::string both = (dir / "elo.yaml").string() + " " + (dir / "other.yaml").string();
  auto r = run_cli("compare " + both + " --out " + (dir / "out").string());
  CHECK(r.status != 0);
  CHECK_THAT(r.out, Catch::Contains((dir / "other.yaml").string() + ":4:1: compare rates every config on the same "
                                                                      "games, but this config reads games-csv from"));
  CHECK_FALSE(std::filesystem::exists(dir / "out"));
  // The same file read another way is other data too.
  write_text(dir / "other.yaml", "competition: o\nmodel: glicko\nperiod: day\n"
                                 "input: { format: games-csv, path: games.csv, sort: date }\n");
  r = run_cli("compare " + both + " --out " + (dir / "out").string());
  CHECK(r.status != 0);
  CHECK_THAT(r.out, Catch::Contains("(or the same files with other input options)"));
  // --input puts every config on one file.
  r = run_cli("compare " + (dir / "elo.yaml").string() + " " + (dir / "other.yaml").string() + " --input " +
              (dir / "other.csv").string() + " --test-from 2024-01-02 --out " + (dir / "out").string());
  CHECK_THAT(r.out, Catch::Contains("(or the same files with other input options)"));
  write_text(dir / "other.yaml", "competition: o\nmodel: glicko\nperiod: day\n"
                                 "input: { format: games-csv, path: other.csv }\n");
  r = run_cli("compare " + both + " --input " + (dir / "other.csv").string() + " --test-from 2024-01-02 --out " +
              (dir / "out").string());
  INFO(r.out);
  CHECK(r.status == 0);
  CHECK(std::filesystem::exists(dir / "out" / "compare.html"));
}

TEST_CASE("compare refuses undated games, which it cannot hold out by date", "[compare]") {
  temp_dir dir;
  // A TRF without its dates (the 042 record; no 132 record): games-csv refuses an empty date itself.
  std::string trf;
  std::istringstream lines(read_text(source_path("data/chess-trf/gonzaga_classic_2008.trf")));
  for (std::string line; std::getline(lines, line);)
    if (!line.starts_with("042")) trf += line + "\n";
  write_text(dir / "undated.trf", trf);
  write_text(dir / "elo.yaml", "competition: t\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
                               "input: { format: trf, path: undated.trf }\n");
  const auto r = run_cli("compare " + (dir / "elo.yaml").string() + " --out " + (dir / "out").string());
  CHECK(r.status != 0);
  CHECK_THAT(r.out, Catch::Contains("undated.trf:10: compare holds out the games from a date on, and this game has no date"));
  CHECK_FALSE(std::filesystem::exists(dir / "out"));
}

TEST_CASE("capped binomial deviance is PlayerRatings' metrics(): capped, 100 for always 0.5", "[compare]") {
  // -log(0.9) / log(2) * 100 for a win forecast at 0.9, and the capped 0.99 for 0.999 (and the loss side).
  CHECK(capped_deviance({0.9}, {1}) == Approx(15.200309344504998).epsilon(1e-14));
  CHECK(capped_deviance({0.1}, {0}) == Approx(15.200309344504998).epsilon(1e-14));
  CHECK(capped_deviance({0.999}, {1}) == Approx(1.449956969511509).epsilon(1e-14));
  CHECK(capped_deviance({0.001}, {1}) == Approx(664.3856189774724).epsilon(1e-14));  // capped at 0.01
  CHECK(capped_deviance({0.5, 0.5, 0.5}, {1, 0, 0.5}) == Approx(100).epsilon(1e-14));
  // A draw forecast at 0.7: -(0.5 log 0.7 + 0.5 log 0.3) / log 2 * 100.
  CHECK(capped_deviance({0.7}, {0.5}) == Approx(112.57693834979823).epsilon(1e-14));
}

TEST_CASE("scores count accuracy, log-loss and Brier as summary.json's metrics", "[compare]") {
  const window_forecasts f{{0.8, 0.3, 0.6, 0.5}, {0.2, 0.7, 0.4, 0.5}};
  const score_set s = score(f, {1, 1, 0.5, 0});
  CHECK(s.games == 4);
  CHECK(s.accuracy == Approx(0.25));  // the first only: a draw and an even forecast are no pick
  CHECK(s.log_loss == Approx((-std::log(0.8) - std::log(0.3) - 0.5 * std::log(0.6) - 0.5 * std::log(0.4) - std::log(0.5)) / 4));
  CHECK(s.brier == Approx((0.04 + 0.49 + 0.01 + 0.25) / 4));
}

TEST_CASE("the home side's baseline is its mean score before the window, forecast for each home side", "[compare]") {
  const home_rate rate = home_rate_of({1, -1, 0, 1}, {1, 0.5, 0, 0});
  CHECK(rate.has_home);
  CHECK(rate.rate == Approx(0.5));  // A at home won, B at home drew (0.5), A at home lost; the neutral game aside
  const home_rate strong = home_rate_of({1, -1}, {1, 0});
  CHECK(strong.rate == Approx(1.0));
  const window_forecasts f = home_side(home_rate{true, 0.6}, {1, -1, 0});
  CHECK(f.expected_a == std::vector<double>{0.6, 0.4, 0.5});
  CHECK_FALSE(home_rate_of({0, 0}, {1, 0}).has_home);
}

TEST_CASE("paired bootstrap intervals: seeded, around the mean difference, and zero for the best", "[compare]") {
  std::vector<double> best(400), worse(400), same(400);
  for (size_t i = 0; i < best.size(); ++i) {
    best[i] = 0.5 + 0.3 * std::sin(double(i));
    worse[i] = best[i] + 0.02 + 0.05 * std::cos(3.0 * double(i));
    same[i] = best[i] + 0.1 * std::sin(7.0 * double(i));
  }
  const auto d = paired_differences({best, worse, same}, 0, 7, 1000);
  CHECK(d[0].value == 0);
  CHECK(d[0].low == 0);
  CHECK(d[0].high == 0);
  CHECK(d[1].value == Approx(0.02).margin(0.005));
  CHECK(d[1].low > 0.01);  // real: the interval stays above 0
  CHECK(d[1].low < d[1].value);
  CHECK(d[1].high > d[1].value);
  CHECK(d[1].high < 0.03);
  CHECK(d[2].low < 0);  // no real difference: the interval holds 0
  CHECK(d[2].high > 0);
  const auto again = paired_differences({best, worse, same}, 0, 7, 1000);
  CHECK(again[1].low == d[1].low);
  CHECK(paired_differences({best, worse, same}, 0, 8, 1000)[1].low != d[1].low);
}

}  // namespace test_compare
