// ratekit tune over a whole-history model (whr): each candidate scored walk-forward, its choice the best of a
// brute-force loop that rates the games before each validation day as a run of its own and forecasts that day's
// games from its ratings.csv by whr's documented formula (docs/plugins/whr.md); and what tune refuses of such a
// model before any work.
#include "test_support.hpp"

#include "engine/period_clock.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cmath>
#include <map>
#include <numbers>
#include <random>
#include <sstream>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_tune_whole_history {

using namespace ratekit;
using namespace ratekit::testing;
namespace fs = std::filesystem;

namespace {

const std::vector<std::string> days = {"2020-01-05", "2020-02-10", "2020-03-15", "2020-05-01", "2020-06-20",
                                       "2020-08-02", "2020-09-09", "2020-10-10", "2020-11-11"};
const std::string validate_from = "2020-08-02", test_from = "2020-10-10";

struct game {
  std::string day, a, b;
  double score;
};

// Six players, all on the first day; six games a day, a fifth of them drawn.
std::vector<game> random_games() {
  std::mt19937 rng(48);
  std::vector<game> games;
  for (const std::string& day : days)
    for (int g = 0; g < 6; ++g) {
      const int a = day == days[0] ? g % 6 : int(rng() % 6), b = day == days[0] ? (g + 1) % 6 : (a + 1 + int(rng() % 5)) % 6;
      const unsigned r = rng() % 5;
      games.push_back({day, "P" + std::to_string(a), "P" + std::to_string(b), r < 2 ? 1.0 : r < 4 ? 0.0 : 0.5});
    }
  return games;
}

std::string csv_of(const std::vector<game>& games, const std::string& before) {
  std::string csv = "date,player_a,player_b,score_a\n";
  for (const game& g : games)
    if (g.day < before) csv += g.day + "," + g.a + "," + g.b + "," + (g.score == 0.5 ? "0.5" : g.score == 1 ? "1" : "0") + "\n";
  return csv;
}

std::string config_of(double w2) {
  return "competition: t\nmodel: whr\nparams: { w2: " + std::to_string(int(w2)) +
         ", epsilon: 0.000000001 }\ninput: { format: games-csv, path: games.csv }\n";
}

int32_t yyyymmdd(const std::string& day) { return std::stoi(day.substr(0, 4) + day.substr(5, 2) + day.substr(8, 2)); }

struct estimate {
  double rating, deviation;
  int32_t last;
};

// ratings.csv of a run: player,rating,deviation,games,peak,last_played.
std::map<std::string, estimate> ratings_of(const fs::path& file) {
  std::istringstream in(read_text(file));
  std::string line;
  std::getline(in, line);
  REQUIRE(line == "player,rating,deviation,games,peak,last_played");
  std::map<std::string, estimate> out;
  while (std::getline(in, line)) {
    std::vector<std::string> f;
    std::istringstream fields(line);
    for (std::string v; std::getline(fields, v, ',');) f.push_back(v);
    out[f[0]] = {std::stod(f[1]), std::stod(f[2]), yyyymmdd(f[5])};
  }
  return out;
}

// whr's forecast from whole states (docs/plugins/whr.md): the logistic of the natural mean difference scaled by
// 1 / sqrt(1 + pi v / 8), v both variances in natural units, each grown by w2 a day since the player's last game.
double whr_forecast(const estimate& a, const estimate& b, int32_t day, double w2) {
  const double natural = 400 / std::log(10.0);
  const auto variance = [&](const estimate& e) {
    const double away = double(days_since_epoch(day) - days_since_epoch(e.last));
    return (e.deviation * e.deviation + w2 * away) / (natural * natural);
  };
  const double v = variance(a) + variance(b), mean = (a.rating - b.rating) / natural;
  return 1 / (1 + std::exp(-mean / std::sqrt(1 + std::numbers::pi * v / 8)));
}

// The validation log-loss of `w2` by brute force: for each validation day, the games before it rated by a run of
// their own, that day's games forecast from its ratings.csv.
double brute_force_log_loss(const temp_dir& dir, const std::vector<game>& games, double w2) {
  double loss = 0;
  size_t n = 0;
  for (const std::string& day : days) {
    if (day < validate_from || day >= test_from) continue;
    const fs::path run = dir / ("w" + std::to_string(int(w2)) + "-" + day);
    fs::create_directories(run);
    write_text(run / "games.csv", csv_of(games, day));
    write_text(run / "c.yaml", config_of(w2));
    REQUIRE(run_cli("run '" + (run / "c.yaml").string() + "' --out '" + (run / "out").string() + "'").status == 0);
    const auto ratings = ratings_of(run / "out/ratings.csv");
    for (const game& g : games) {
      if (g.day != day) continue;
      const double p = whr_forecast(ratings.at(g.a), ratings.at(g.b), yyyymmdd(day), w2);
      loss -= g.score * std::log(p) + (1 - g.score) * std::log(1 - p);
      ++n;
    }
  }
  return loss / double(n);
}

}  // namespace

TEST_CASE("tune over whr: each candidate scored walk-forward, the choice the best of a brute-force loop",
          "[tune][whole_history]") {
  temp_dir dir;
  const std::vector<game> games = random_games();
  write_text(dir / "games.csv", csv_of(games, "9999"));
  write_text(dir / "c.yaml", config_of(300));
  const auto r = run_cli("tune '" + (dir / "c.yaml").string() + "' --param w2=100:2100:500 --validate-from " +
                         validate_from + " --test-from " + test_from + " --out '" + (dir / "tune").string() + "'");
  INFO(r.out);
  REQUIRE(r.status == 0);
  const auto out = nlohmann::json::parse(read_text(dir / "tune/tune.json"));
  std::istringstream csv(read_text(dir / "tune/tuned.csv"));
  std::string line;
  std::getline(csv, line);
  REQUIRE(line == "candidate,w2,log_loss,brier,accuracy,deviance,games");
  double best = INFINITY, best_w2 = NAN;
  size_t candidates = 0;
  while (std::getline(csv, line)) {
    std::vector<std::string> f;
    std::istringstream fields(line);
    for (std::string v; std::getline(fields, v, ',');) f.push_back(v);
    const double w2 = std::stod(f[1]), tuned = std::stod(f[2]), brute = brute_force_log_loss(dir, games, w2);
    INFO("w2 " << w2);
    CHECK(std::abs(tuned - brute) < 1e-9);
    CHECK(f[6] == "12");  // two validation days of six games
    if (brute < best) best = brute, best_w2 = w2;
    ++candidates;
  }
  CHECK(candidates == 5);
  CHECK(out["chosen"]["values"]["w2"].get<double>() == best_w2);
}

TEST_CASE("tune refuses what a whole-history model cannot take before any work", "[tune][whole_history]") {
  temp_dir dir;
  write_text(dir / "games.csv", csv_of(random_games(), "9999"));
  write_text(dir / "c.yaml", config_of(300));
  for (const auto& [param, why] : std::vector<std::pair<std::string, std::string>>{
           {"home_advantage.update=0:100:50", "--param home_advantage.update=0:100:50: a whole-history model (whr) "
                                              "fits and forecasts with one home advantage: tune home_advantage"},
           {"home_advantage.predict=0:100:50", "--param home_advantage.predict=0:100:50: a whole-history model (whr) "
                                               "fits and forecasts with one home advantage: tune home_advantage"},
           {"initial.rating=1400:1600:100", "--param initial.rating=1400:1600:100: a whole-history model (whr) starts "
                                            "a new player from its own prior: tune its params"}}) {
    const auto r = run_cli("tune '" + (dir / "c.yaml").string() + "' --param " + param + " --out '" +
                           (dir / "tune").string() + "'");
    INFO(r.out);
    CHECK(r.status == 1);
    CHECK_THAT(r.out, Catch::Contains(why));
    CHECK_THAT(r.out, !Catch::Contains("candidates rated"));
    CHECK(!fs::exists(dir / "tune"));
  }
}

}  // namespace test_tune_whole_history
