// `metrics: walk-forward` for whole-history models (host/src/whole_history/walk_forward.hpp): every game forecast
// from a fit of the batches before its own only. Checked against the probe's known estimates, against cold
// fits of each history's beginning run as separate competitions (ttt, whr), for leaks of later results, and
// through `ratekit compare`.
#include <ratekit/host/engine/metrics.hpp>
#include <ratekit/host/evaluate/comparison.hpp>
#include <ratekit/host/text/format.hpp>
#include <ratekit/host/whole_history/whole_history.hpp>

#include "engine/period_clock.hpp"
#include "test_support.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <random>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_walk_forward {

using namespace ratekit;
using namespace ratekit::testing;
namespace fs = std::filesystem;

namespace {

// The probe (tests/test_plugins/whole_history_probe.cpp) moves each estimate halfway to its target per sweep
// until no step is larger than 1e-6: the sweeps a fit whose largest target is `largest` takes, and the estimate
// of `target` after them.
int sweeps_to(double largest) {
  double mean = 0, step = 0;
  int n = 0;
  do {
    step = (largest - mean) / 2;
    mean += step;
    ++n;
  } while (step > 1e-6);
  return n;
}
double swept(double target, int sweeps) {
  double mean = 0;
  for (int i = 0; i < sweeps; ++i) mean += (target - mean) / 2;
  return mean;
}
double probe_expect(double ra, double rb, double advantage) { return 1.0 / (1.0 + std::pow(10.0, -(ra + advantage - rb) / 400)); }

constexpr double jan1 = 19723, jan2 = 19724;  // days since 1970-01-01

// A seeded history of duels among 7 players over 12 days spread across two years (gaps of months), with draws.
std::string random_games(unsigned seed) {
  std::mt19937 rng(seed);
  std::string csv = "date,player_a,player_b,score_a\n";
  const char* days[] = {"2020-01-05", "2020-01-06", "2020-03-01", "2020-03-02", "2020-07-15", "2020-11-30",
                        "2021-02-01", "2021-02-09", "2021-06-20", "2021-06-21", "2021-10-10", "2021-12-31"};
  for (const char* day : days)
    for (int g = 0; g < 4; ++g) {
      const int a = int(rng() % 7), b = (a + 1 + int(rng() % 6)) % 7;
      const unsigned r = rng() % 5;
      csv += std::string(day) + ",P" + std::to_string(a) + ",P" + std::to_string(b) + "," +
             (r < 2 ? "1" : r < 4 ? "0" : "0.5") + "\n";
    }
  return csv;
}

// The walk-forward forecast of every game of `config`, by its index in the input.
std::vector<double> forecasts_of(const competition_config& config, const plugin_registry& plugins, size_t games) {
  std::vector<double> p(games, NAN);
  forecast_walk_forward(config, plugins, nullptr, [&](size_t g, double expected_a) { p.at(g) = expected_a; });
  return p;
}

}  // namespace

TEST_CASE("walk-forward scores each batch's games from the fit of the batches before it", "[walk_forward][run]") {
  temp_dir dir;
  write_text(dir / "games.csv",
             "date,player_a,player_b,score_a,home\n2024-01-01,Ann,Bob,1,a\n2024-01-01,Cid,Ann,0.5,\n"
             "2024-03-01,Bob,Cid,0,b\n2024-01-02,Bob,Ann,1,\n");
  write_text(dir / "c.yaml", "competition: probe\nmodel: test-whole-history\nhome_advantage: 100\n"
                             "metrics: walk-forward\ninput: { format: games-csv, path: games.csv }\n");
  const auto r = run_cli("run '" + (dir / "c.yaml").string() + "' --out '" + (dir / "out").string() +
                         "' --plugin-dir " RATEKIT_TEST_PLUGIN_DIR);
  INFO(r.out);
  REQUIRE(r.status == 0);
  const auto metrics = nlohmann::json::parse(read_text(dir / "out/summary.json"))["metrics"];
  // 1 January: everyone new (the probe's new player: 0); Ann at home, +100.
  forecast_sums expected;
  expected.add(probe_expect(0, 0, 100), 1 - probe_expect(0, 0, 100), 1);
  expected.add(0.5, 0.5, 0.5);
  // 2 January, from the fit of 1 January alone: Bob's target jan1 - 0.1 (a loss away), Ann's jan1 + 1.6.
  const int first = sweeps_to(jan1 + 1.6);
  const double p3 = probe_expect(swept(jan1 - 0.1, first), swept(jan1 + 1.6, first), 0);
  expected.add(p3, 1 - p3, 1);
  // 1 March, from the fit of both January days: Bob's latest is 2 January's (jan2 + 1), Cid's 1 January's
  // (jan1 + 0.5); Cid at home, so -100 on Bob's side.
  const int second = sweeps_to(jan2 + 1);
  const double p4 = probe_expect(swept(jan2 + 1, second), swept(jan1 + 0.5, second), -100);
  expected.add(p4, 1 - p4, 0);
  const nlohmann::json want = expected.json(-1, "games");
  CHECK(metrics["in_sample"] == false);
  CHECK(metrics["walk_forward"] == true);
  CHECK(metrics["foresight"] == want["foresight"]);
  CHECK(metrics["log_loss"].get<double>() == Approx(want["log_loss"].get<double>()).epsilon(1e-12));
  CHECK(metrics["brier"].get<double>() == Approx(want["brier"].get<double>()).epsilon(1e-12));
  CHECK(metrics["refits"] == 2);
  CHECK(metrics["sweeps"] == first + second);
  // The fit itself, and its outputs, are the in-sample run's.
  write_text(dir / "c.yaml", "competition: probe\nmodel: test-whole-history\nhome_advantage: 100\n"
                             "input: { format: games-csv, path: games.csv }\n");
  REQUIRE(run_cli("run '" + (dir / "c.yaml").string() + "' --out '" + (dir / "in").string() +
                  "' --plugin-dir " RATEKIT_TEST_PLUGIN_DIR).status == 0);
  CHECK(read_text(dir / "in/history.csv") == read_text(dir / "out/history.csv"));
  CHECK(read_text(dir / "in/ratings.csv") == read_text(dir / "out/ratings.csv"));
}

TEST_CASE("walk-forward forecasts equal cold fits of each history's beginning", "[walk_forward][oracle]") {
  // For ttt and whr, the forecast of every game equals one made from a separate run over the games of the days
  // before its own: each player's latest estimate there, widened by drift to the game's day.
  const std::pair<const char*, const char*> models[] = {
      {"ttt", "params: { p_draw: 0.2, gamma: 0.05, epsilon: 0.000000001, iterations: 10000 }\n"},
      {"whr", "params: { w2: 30, epsilon: 0.0000001, iterations: 100000 }\n"}};
  for (const auto& [id, params] : models) {
    DYNAMIC_SECTION(id) {
      temp_dir dir;
      const std::string games = random_games(7);
      write_text(dir / "games.csv", games);
      const std::string head = std::string("competition: c\nmodel: ") + id + "\n" + params;
      write_text(dir / "all.yaml", head + "input: { format: games-csv, path: games.csv }\n");
      const competition_config all = load_config(dir / "all.yaml", builtin());
      const std::vector<double> walked = forecasts_of(all, builtin(), 48);
      const model rater(builtin().get(id), all.params);
      std::vector<std::string> lines;
      for (size_t at = 0, next; (next = games.find('\n', at)) != std::string::npos; at = next + 1)
        lines.push_back(games.substr(at, next - at));
      uint64_t cold_sweeps = 0;
      size_t checked = 0;
      for (size_t g = 1; g < lines.size(); ++g) {
        const std::string day = lines[g].substr(0, 10);
        std::string before = lines[0] + "\n";
        for (size_t i = 1; i < lines.size(); ++i)
          if (lines[i].substr(0, 10) < day) before += lines[i] + "\n";
        const auto fields = [&](size_t i) {
          const size_t c1 = lines[g].find(',', 11), c2 = lines[g].find(',', c1 + 1);
          return i == 0 ? lines[g].substr(11, c1 - 11) : lines[g].substr(c1 + 1, c2 - c1 - 1);
        };
        std::vector<double> a = rater.new_player(), b = rater.new_player();
        if (before != lines[0] + "\n") {
          write_text(dir / "before.csv", before);
          write_text(dir / "before.yaml", head + "input: { format: games-csv, path: before.csv }\n");
          const whole_history_fit fit = fit_whole_history(load_config(dir / "before.yaml", builtin()), builtin());
          if (g == 1 || lines[g].substr(0, 10) != lines[g - 1].substr(0, 10)) cold_sweeps += fit.summary["sweeps"].get<uint64_t>();
          const int32_t date = std::stoi(day.substr(0, 4) + day.substr(5, 2) + day.substr(8, 2));
          const auto states = drifted_states(fit, double(days_since_epoch(date)));
          for (auto [who, row] : {std::pair{fields(0), &a}, std::pair{fields(1), &b}})
            if (const int32_t p = fit.run.data.players.find(who); p >= 0)
              for (size_t f = 0; f < row->size(); ++f) (*row)[f] = states[f][size_t(p)];
        }
        INFO(lines[g]);
        CHECK(walked[g - 1] == Approx(rater.expect(a.data(), b.data(), 0.0)).margin(1e-7));
        ++checked;
      }
      CHECK(checked == 48);
      INFO("cold sweeps " << cold_sweeps);
      CHECK(cold_sweeps > 0);
    }
  }
}

TEST_CASE("a walk-forward forecast never sees its own batch's results or later ones", "[walk_forward][leak]") {
  for (const char* id : {"ttt", "whr"}) {
    DYNAMIC_SECTION(id) {
      temp_dir dir;
      std::string games = random_games(11);
      write_text(dir / "c.yaml", std::string("competition: c\nmodel: ") + id +
                                     "\nparams: { " + (std::string(id) == "ttt" ? "p_draw: 0.2" : "w2: 30") +
                                     " }\ninput: { format: games-csv, path: games.csv }\n");
      write_text(dir / "games.csv", games);
      const std::vector<double> before = forecasts_of(load_config(dir / "c.yaml", builtin()), builtin(), 48);
      // Every result of 2021-02-01 (games 25 to 28) reversed: a win becomes a loss.
      for (size_t at = 0; (at = games.find("2021-02-01,", at)) != std::string::npos; ++at) {
        const size_t end = games.find('\n', at), comma = games.rfind(',', end);
        const std::string score = games.substr(comma + 1, end - comma - 1);
        games.replace(comma + 1, end - comma - 1, score == "1" ? "0" : score == "0" ? "1" : "0.5");
      }
      write_text(dir / "games.csv", games);
      const std::vector<double> after = forecasts_of(load_config(dir / "c.yaml", builtin()), builtin(), 48);
      for (size_t g = 0; g < 28; ++g) CHECK(after[g] == before[g]);  // that day's and the days before it
      size_t moved = 0;
      for (size_t g = 28; g < 48; ++g) moved += std::abs(after[g] - before[g]) > 1e-6;
      CHECK(moved >= 5);  // the later days' forecasts know of it
    }
  }
}

TEST_CASE("compare scores a whole-history config by its walk-forward forecasts", "[walk_forward][compare]") {
  temp_dir dir;
  write_text(dir / "games.csv", random_games(3));
  write_text(dir / "whr.yaml", "competition: c\nmodel: whr\nparams: { w2: 30 }\ninput: { format: games-csv, path: games.csv }\n");
  write_text(dir / "elo.yaml", "competition: c\nmodel: fide-logistic\nparams: { xi: 400 }\nk_schedule: [ { k: 20 } ]\n"
                               "input: { format: games-csv, path: games.csv }\n");
  const competition_config whr = load_config(dir / "whr.yaml", builtin());
  const comparison c = compare_configs({whr, load_config(dir / "elo.yaml", builtin())}, builtin(),
                                       compare_options{.test_from = 20210101, .replicates = 10, .threads = 1, .names = {}, .connections = {}});
  const std::vector<double> walked = forecasts_of(whr, builtin(), 48);
  const auto whr_row = std::find_if(c.models.begin(), c.models.end(), [](const compared_model& m) { return m.model == "whr"; });
  REQUIRE(whr_row != c.models.end());
  const window_forecasts& f = whr_row->forecasts;
  size_t scored = 0;
  for (size_t g = 0; g < 48; ++g) {
    const int32_t at = c.window.slot[g];
    CHECK((at >= 0) == (g >= 24));  // 2021's games
    if (at < 0) continue;
    CHECK(f.expected_a[size_t(at)] == walked[g]);
    CHECK(f.expected_b[size_t(at)] == 1 - walked[g]);
    ++scored;
  }
  CHECK(scored == 24);
  // The first game of 2021 is forecast from 2020's fit: neither a coin toss nor the in-sample forecast.
  CHECK(walked[24] != 0.5);
  const whole_history_fit fit = fit_whole_history(whr, builtin());
  const model rater(builtin().get("whr"), whr.params);
  const double a[] = {fit.mean[48], fit.sd[48]}, b[] = {fit.mean[49], fit.sd[49]};
  CHECK(std::abs(walked[24] - rater.expect(a, b, 0.0)) > 1e-3);
}

TEST_CASE("metrics: walk-forward is refused where it cannot be done", "[walk_forward][config]") {
  temp_dir dir;
  write_text(dir / "games.csv", "date,player_a,player_b,score_a\n2024-01-01,Ann,Bob,1\n");
  const auto refusal = [&](const std::string& yaml) {
    write_text(dir / "c.yaml", yaml);
    const auto r = run_cli("run '" + (dir / "c.yaml").string() + "' --out '" + (dir / "out").string() +
                           "' --plugin-dir " RATEKIT_TEST_PLUGIN_DIR);
    CHECK(r.status == 1);
    CHECK(!fs::exists(dir / "out"));
    return r.out;
  };
  CHECK_THAT(refusal("competition: c\nmodel: fide-logistic\nparams: { xi: 400 }\nk_schedule: [ { k: 20 } ]\n"
                     "metrics: in-sample\ninput: { format: games-csv, path: games.csv }\n"),
             Catch::Contains("c.yaml:5:10: model 'fide-logistic' scores each game before rating it, from the periods "
                             "before: its metrics are walk-forward, not in-sample"));
  CHECK_THAT(refusal("competition: c\nmodel: whr\nmetrics: walk-forwards\ninput: { format: games-csv, path: games.csv }\n"),
             Catch::Contains("c.yaml:3:10: ") && Catch::Contains("walk-forward"));
  write_text(dir / "m.csv", "match,date,team,player,rank\nm1,2024-01-01,red,Ann,1\nm1,2024-01-01,blue,Bob,2\n");
  CHECK_THAT(refusal("competition: c\nmodel: ttt\nmetrics: walk-forward\ninput: { format: team-csv, path: m.csv }\n"),
             Catch::Contains("c.yaml:3:1: metrics: walk-forward scores duels; the input holds team matches"));
  // A period-by-period model's metrics are walk-forward already: the key is accepted and changes nothing.
  write_text(dir / "c.yaml", "competition: c\nmodel: fide-logistic\nparams: { xi: 400 }\nk_schedule: [ { k: 20 } ]\n"
                             "metrics: walk-forward\ninput: { format: games-csv, path: games.csv }\n");
  CHECK(run_cli("run '" + (dir / "c.yaml").string() + "' --out '" + (dir / "out").string() + "'").status == 0);
}

}  // namespace test_walk_forward
