// nfl-score-elo against hand-computed games (xi 1000; values worked out from
// E = 1 / (1 + 10^(-d/1000)) and S = (P + 1) / (P + P' + 2)), and the nfl-csv reader
// on the real 2009 season.
#include "test_nfl_common.hpp"
#include "test_support.hpp"

#include <catch2/catch.hpp>

#include <nfl-score-elo/nfl_score_elo.hpp>
#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/engine/metrics.hpp>
#include <ratekit/host/input/readers.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <vector>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_nfl {

using ratekit::plugins::nfl_score_elo;
using ratekit::testing::league;

namespace {

constexpr double tight = 1e-12;

nfl_score_elo make_model(double score_rule, double regression = 0.0) {
  // xi, score, regression toward the mean, no margin multiplier.
  static double values[11] = {1000.0, 0.0, 0.0, 0.0, 0.0, 0.0, 2.2, 0.001, 0.0, 1.0, 1.0};
  values[nfl_score_elo::p_score] = score_rule;
  values[nfl_score_elo::p_season_regression] = regression;
  return nfl_score_elo(ratekit::sdk::host(nullptr), ratekit::sdk::params(values, 11));
}

// A game with points, K for both sides and the home advantage seen from A.
rk_game game(int32_t a, int32_t b, double pa, double pb, double k, double adv_predict, double adv_update,
             uint32_t flags = 0) {
  const double s = pa > pb ? 1.0 : pa < pb ? 0.0 : 0.5;
  return rk_game{a, b, s, pa, pb, k, k, adv_predict, adv_update, 0.0, flags, 0};
}

void rate(nfl_score_elo& model, league& l, const std::vector<rk_game>& games, std::vector<rk_game_out>& out) {
  out.assign(games.size(), rk_game_out{});
  const rk_game_batch batch{sizeof(rk_game_batch), 0, games.data(), games.size(), nullptr, 0, nullptr, nullptr, nullptr, nullptr, nullptr, 0};
  model.rate_games(l.state(), batch, out.data());
}

// Games with K 0 among teams 0 .. n-1: they have played (so regressions reach them), ratings unchanged.
void play_once(nfl_score_elo& model, league& l, int32_t n) {
  std::vector<rk_game> games;
  for (int32_t t = 1; t < n; ++t) games.push_back(game(t - 1, t, 10, 3, 0, 0, 0));
  std::vector<rk_game_out> out;
  rate(model, l, games, out);
}

}  // namespace

TEST_CASE("nfl-score-elo: the points score rule", "[nfl]") {
  const auto points = make_model(1);
  CHECK(points.score(game(0, 1, 24, 10, 32, 0, 0), 0) == Approx(25.0 / 36.0).epsilon(tight));
  CHECK(points.score(game(0, 1, 0, 0, 32, 0, 0), 0) == 0.5);
  CHECK(points.score(game(0, 1, 27, 0, 32, 0, 0), 0) == Approx(28.0 / 29.0).epsilon(tight));
  CHECK(points.score(game(0, 1, 0, 27, 32, 0, 0), 0) == Approx(1.0 / 29.0).epsilon(tight));
  const auto winloss = make_model(0);
  CHECK(winloss.score(game(0, 1, 24, 10, 32, 0, 0), 0) == 1.0);
  CHECK(winloss.score(game(0, 1, 3, 3, 32, 0, 0), 0) == 0.5);
  CHECK(winloss.score(game(0, 1, 0, 27, 32, 0, 0), 0) == 0.0);
}

TEST_CASE("nfl-score-elo: a win with home advantage only in the prediction", "[nfl]") {
  auto model = make_model(0);
  league l({0, 0});
  std::vector<rk_game_out> out;
  rate(model, l, {game(0, 1, 24, 10, 32, 15, 0)}, out);
  CHECK(out[0].expected_a == Approx(0.5086338358210827).epsilon(tight));  // 1 / (1 + 10^-0.015)
  CHECK(out[0].delta_a == Approx(16.0).epsilon(tight));                  // 32 (1 - 1/2)
  CHECK(out[0].delta_b == Approx(-16.0).epsilon(tight));
  CHECK(l.rating[0] == Approx(16.0).epsilon(tight));
  CHECK(l.rating[1] == Approx(-16.0).epsilon(tight));
}

TEST_CASE("nfl-score-elo: points, a 0-0 tie at a neutral site and a playoff shutout", "[nfl]") {
  auto model = make_model(1);
  league l({0, 0, 0});
  std::vector<rk_game_out> out;
  rate(model, l,
       {game(0, 1, 24, 10, 32, 15, 0),    // home win, H only predicts
        game(1, 2, 0, 0, 32, 0, 0),       // neutral 0-0
        game(2, 0, 27, 0, 64, 15, 15)},   // shutout, K 64, H also in the update
       out);
  CHECK(out[0].expected_a == Approx(0.5086338358210827).epsilon(tight));
  CHECK(out[0].delta_a == Approx(56.0 / 9.0).epsilon(tight));  // 32 (25/36 - 1/2)
  CHECK(out[1].expected_a == Approx(0.4964182622344203).epsilon(tight));
  CHECK(out[1].delta_a == Approx(0.1146156084985499).epsilon(tight));
  CHECK(out[2].expected_a == Approx(0.504986751662084).epsilon(tight));
  CHECK(out[2].delta_a == Approx(29.47395134190249).epsilon(tight));
  CHECK(out[2].delta_b == Approx(-29.47395134190249).epsilon(tight));
  CHECK(l.rating[0] == Approx(-23.25172911968027).epsilon(tight));
  CHECK(l.rating[1] == Approx(-6.1076066137236715).epsilon(tight));
  CHECK(l.rating[2] == Approx(29.35933573340394).epsilon(tight));
  CHECK(std::abs(l.sum()) < 1e-12);
}

TEST_CASE("nfl-score-elo: points need both scores", "[nfl]") {
  auto model = make_model(1);
  league l({0, 0});
  std::vector<rk_game> games{game(0, 1, 7, 3, 32, 0, 0), game(1, 0, 7, 3, 32, 0, 0)};
  games[1].points_b = std::nan("");
  std::vector<rk_game_out> out;
  try {
    rate(model, l, games, out);
    FAIL("a game without points was rated");
  } catch (const ratekit::sdk::failure& e) {
    CHECK(e.index() == 1);
    CHECK(e.code() == RK_ERR_DOMAIN);
  }
}

TEST_CASE("nfl-score-elo: season regression toward the mean keeps the sum", "[nfl]") {
  auto model = make_model(1, 0.5);
  league l({100, 0, -40});  // mean 20: regressed to 60, 10, -10
  play_once(model, l, 3);
  std::vector<rk_game_out> out;
  rate(model, l, {game(0, 1, 10, 10, 32, 0, 0, RK_GAME_SEASON_START)}, out);
  const double delta = -0.9200180445525952;  // 32 (1/2 - 1 / (1 + 10^-0.05)), d = 50
  CHECK(out[0].expected_a == Approx(0.5287505638922686).epsilon(tight));
  CHECK(l.rating[0] == Approx(60 + delta).epsilon(tight));
  CHECK(l.rating[1] == Approx(10 - delta).epsilon(tight));
  CHECK(l.rating[2] == Approx(-10).epsilon(tight));
  CHECK(l.sum() == Approx(60).epsilon(tight));
  // The regression is reported in each team's first game after it.
  CHECK(out[0].delta_a == Approx(-40 + delta).epsilon(tight));
  CHECK(out[0].delta_b == Approx(10 - delta).epsilon(tight));
}

TEST_CASE("nfl-score-elo: a regression shows in a team's first game even in a later call", "[nfl]") {
  auto model = make_model(1, 0.5);
  league l({100, 0, -40});  // mean 20: regressed to 60, 10, -10
  play_once(model, l, 3);
  std::vector<rk_game_out> out;
  rate(model, l, {game(0, 1, 10, 10, 32, 0, 0, RK_GAME_SEASON_START)}, out);
  // Team 2 first plays in the next call, on its regressed -10 against 60 - 0.92.
  rate(model, l, {game(2, 0, 10, 10, 32, 0, 0)}, out);
  const double d = -10 - (60 - 0.9200180445525952);
  const double delta = 32 * (0.5 - 1 / (1 + std::pow(10.0, -d / 1000)));
  CHECK(l.rating[2] == Approx(-10 + delta).epsilon(tight));
  CHECK(out[0].delta_a == Approx(30 + delta).epsilon(tight));  // +30 from the regression
  CHECK(out[0].delta_b == Approx(-delta).epsilon(tight));      // team 0's shift was shown in the first call
}

TEST_CASE("nfl-score-elo: no regression without a season start", "[nfl]") {
  auto model = make_model(1, 0.5);
  league l({100, 0, -40});
  play_once(model, l, 3);
  std::vector<rk_game_out> out;
  rate(model, l, {game(0, 1, 10, 10, 32, 0, 0)}, out);
  const double delta = 32 * (0.5 - 1 / (1 + std::pow(10.0, -0.1)));  // d = 100
  CHECK(l.rating[0] == Approx(100 + delta).epsilon(tight));
  CHECK(l.rating[2] == -40);
}

TEST_CASE("nfl-score-elo: a season must start a rating period", "[nfl]") {
  auto model = make_model(1, 0.5);
  league l({0, 0, 0});
  const std::vector<rk_game> games{game(0, 1, 7, 3, 32, 0, 0), game(1, 2, 7, 3, 32, 0, 0, RK_GAME_SEASON_START)};
  const uint64_t ends[] = {2};
  const rk_game_batch batch{sizeof(rk_game_batch), 0, games.data(), games.size(), ends, 1, nullptr, nullptr, nullptr, nullptr, nullptr, 0};
  CHECK_THROWS_AS(model.rate_games(l.state(), batch, nullptr), ratekit::sdk::failure);
  const uint64_t season_ends[] = {1, 2};
  const rk_game_batch ok{sizeof(rk_game_batch), 0, games.data(), games.size(), season_ends, 2, nullptr, nullptr, nullptr, nullptr, nullptr, 0};
  CHECK_NOTHROW(model.rate_games(l.state(), ok, nullptr));
  CHECK(std::abs(l.sum()) < 1e-12);
}

namespace {

const std::filesystem::path nfl_data = std::filesystem::path(RATEKIT_SOURCE_DIR) / "data" / "nfl";

ratekit::dataset read_nfl(const std::filesystem::path& file) {
  ratekit::dataset d;
  ratekit::read_nfl_csv(file, {}, d);
  return d;
}

// The first diagnostic of reading `content` as an nfl-csv file.
ratekit::diagnostic nfl_error(const std::string& content) {
  const auto file = std::filesystem::temp_directory_path() / "ratekit_test_nfl_bad.csv";
  std::ofstream(file) << content;
  try {
    read_nfl(file);
  } catch (const ratekit::user_error& e) {
    std::filesystem::remove(file);
    return e.diagnostics().at(0);
  }
  std::filesystem::remove(file);
  FAIL("the file was accepted");
  return {};
}

const std::string header =
    "season,week,game_type,playoff,gameday,home_team,away_team,home_id,away_id,home_score,away_score,neutral,"
    "stadium\n";

}  // namespace

TEST_CASE("nfl-csv: the 2009 season", "[nfl][reader]") {
  const auto d = read_nfl(nfl_data / "nfl_spreadspoke_2009.csv");
  REQUIRE(d.games.size() == 267);
  CHECK(d.players.size() == 32);
  const auto playoffs = std::count_if(d.games.begin(), d.games.end(),
                                      [](const rk_game& g) { return g.flags & RK_GAME_PLAYOFF; });
  CHECK(playoffs == 11);
  CHECK(std::none_of(d.games.begin(), d.games.end(), [](const rk_game& g) { return g.flags & RK_GAME_SEASON_START; }));
  CHECK(d.period_names == std::vector<std::string>{"2009"});
  // London (TB-NE), Toronto (BUF-NYJ) and the Super Bowl.
  CHECK(std::count(d.facts.home.begin(), d.facts.home.end(), int8_t(0)) == 3);

  // 2009-10-18, week 6: TEN 0 at NE 59 (file line 83).
  const rk_game& g = d.games[81];
  CHECK(d.players.name(g.a) == "NE");
  CHECK(d.players.name(g.b) == "TEN");
  CHECK(g.score_a == 1.0);
  CHECK(g.points_a == 59.0);
  CHECK(g.points_b == 0.0);
  CHECK(g.flags == 0u);
  CHECK(d.facts.date[81] == 20091018);
  CHECK(d.facts.week[81] == 6);
  CHECK(d.facts.home[81] == 1);
  CHECK(d.facts.period[81] == 0);
  CHECK(d.facts.line[81] == 83);

  // Super Bowl XLIV, Miami: IND (designated home) 17, NO 31; the rounds count on from week 17.
  const rk_game& sb = d.games[266];
  CHECK(d.players.name(sb.a) == "IND");
  CHECK(d.players.name(sb.b) == "NO");
  CHECK(sb.score_a == 0.0);
  CHECK(sb.flags == (RK_GAME_NEUTRAL | RK_GAME_PLAYOFF));
  CHECK(d.facts.home[266] == 0);
  CHECK(d.facts.week[266] == 21);
  CHECK(d.facts.week[256] == 18);  // first Wildcard game
  CHECK(d.facts.tags[d.facts.tag[266]] == "SB");
}

TEST_CASE("nfl-csv: 25 seasons flag each new season", "[nfl][reader]") {
  const auto d = read_nfl(nfl_data / "nfl_spreadspoke_1999_2023.csv");
  REQUIRE(d.games.size() == 6706);
  CHECK(d.period_names.size() == 25);
  CHECK(d.period_names.back() == "2023");
  std::vector<size_t> starts;
  for (size_t i = 0; i < d.games.size(); ++i)
    if (d.games[i].flags & RK_GAME_SEASON_START) starts.push_back(i);
  REQUIRE(starts.size() == 24);
  CHECK(starts[0] == 259);  // 1999 had 259 games
  CHECK(d.facts.period[259] == 1);
  // 2021 has 18 regular weeks, so its Wildcard round is week 19 (file line 6126).
  CHECK(d.facts.line[6124] == 6126);
  CHECK(d.facts.week[6124] == 19);
  // Ties: 14 games, e.g. PIT-ATL 34-34 in 2002.
  CHECK(std::count_if(d.games.begin(), d.games.end(), [](const rk_game& g) { return g.score_a == 0.5; }) == 14);
}

TEST_CASE("nfl-csv: errors name line and column", "[nfl][reader]") {
  auto e = nfl_error(header + "2009,1,REG,0,2009-09-10,P,T,PIT,TEN,13,x,0,H\n");
  CHECK(e.line == 2);
  CHECK(e.column == 40);
  CHECK(e.message.find("away_score") != std::string::npos);
  e = nfl_error(header + "2009,1,REG,0,2009-09-10,P,T,PIT,TEN,13,10,0,H\n2009,1,REG,0,2009-09-09,P,T,PIT,TEN,13,10,0,H\n");
  CHECK(e.line == 3);
  CHECK(e.column == 14);
  CHECK(e.message.find("chronological") != std::string::npos);
  e = nfl_error(header + "2009,Wildcard,REG,0,2009-09-10,P,T,PIT,TEN,13,10,0,H\n");
  CHECK(e.line == 2);
  CHECK(e.column == 6);
  e = nfl_error("season,week,playoff,gameday,home_id,away_id,home_score,away_scor,neutral\n");
  CHECK(e.line == 1);
  CHECK(e.message.find("away_score") != std::string::npos);
}

namespace {

struct experiment {
  double score_rule;
  bool variable_k;
  double foresight_home, hindsight_home;
};

struct experiment_result {
  ratekit::dataset d;
  std::vector<double> rating;
  nlohmann::json metrics;
  double rating_of(const char* team) const { return rating[size_t(d.players.find(team))]; }
};

// One of the book's 2009 experiments, run the way the host does: K and home advantage per game,
// then the ratings before each game replayed from the deltas.
experiment_result run_2009(const experiment& x) {
  experiment_result r{read_nfl(nfl_data / "nfl_spreadspoke_2009.csv"), {}, {}};
  auto& games = r.d.games;
  for (size_t i = 0; i < games.size(); ++i) {
    const double k = !x.variable_k ? 32 : (games[i].flags & RK_GAME_PLAYOFF) ? 64 : r.d.facts.week[i] >= 16 ? 16 : 32;
    games[i].k_a = games[i].k_b = k;
    games[i].adv_predict = r.d.facts.home[i] * x.foresight_home;
  }
  auto model = make_model(x.score_rule);
  league l(std::vector<double>(size_t(r.d.players.size()), 0.0));
  std::vector<rk_game_out> out;
  rate(model, l, games, out);
  r.metrics = ratekit::accuracy_metrics(games, out, l.rating.data(), r.d.facts.home, x.hindsight_home);
  r.rating = l.rating;
  return r;
}

}  // namespace

// Reference values from plugins/nfl-score-elo/reference_2009.py, a script written from the formulas alone.
TEST_CASE("nfl-score-elo: 2009 experiment (a), win/loss, K 32", "[nfl][book]") {
  const auto r = run_2009({0, false, 15, 0});
  CHECK(r.rating_of("NO") == Approx(173.661265).margin(1e-6));
  CHECK(r.rating_of("IND") == Approx(170.330670).margin(1e-6));
  CHECK(r.rating_of("LAR") == Approx(-194.118681).margin(1e-6));
  CHECK(std::abs(std::accumulate(r.rating.begin(), r.rating.end(), 0.0)) < 1e-9);
  CHECK(r.metrics["hindsight"]["correct"] == 201);
  CHECK(r.metrics["foresight"]["correct"] == 166);
  CHECK(r.metrics["foresight"]["games"] == 267);
}

TEST_CASE("nfl-score-elo: 2009 experiment (b), points, K 32, H 15", "[nfl][book]") {
  const auto r = run_2009({1, false, 15, 15});
  CHECK(r.rating_of("GB") == Approx(58.825302).margin(1e-6));
  CHECK(r.rating_of("NO") == Approx(49.494602).margin(1e-6));
  CHECK(std::abs(std::accumulate(r.rating.begin(), r.rating.end(), 0.0)) < 1e-9);
  CHECK(r.metrics["hindsight"]["correct"] == 194);
  CHECK(r.metrics["foresight"]["correct"] == 175);
}

TEST_CASE("nfl-score-elo: 2009 experiment (c), points, K 32/16/64", "[nfl][book]") {
  const auto r = run_2009({1, true, 9.5, 0});
  // The book: the Saints end first, and the Vikings above the Colts.
  CHECK(r.rating_of("NO") == Approx(67.672224).margin(1e-6));
  CHECK(r.rating_of("MIN") == Approx(63.079590).margin(1e-6));
  CHECK(r.rating_of("IND") == Approx(57.297491).margin(1e-6));
  CHECK(std::abs(std::accumulate(r.rating.begin(), r.rating.end(), 0.0)) < 1e-9);
  CHECK(r.metrics["hindsight"]["correct"] == 194);
  CHECK(r.metrics["foresight"]["correct"] == 176);
  CHECK(r.metrics["log_loss"].get<double>() == Approx(0.681033).margin(1e-6));
  CHECK(r.metrics["brier"].get<double>() == Approx(0.243951).margin(1e-6));
}

TEST_CASE("games-csv seasons start season regression, without them it is refused", "[nfl][cli]") {
  ratekit::testing::temp_dir dir;
  // Teams start at 0. A beats B (xi 400, K 20: +10 / -10); the 2025 season opens halfway back to
  // the mean (A 5, B -5); then a draw: A gets 20 (0.5 - 1 / (1 + 10^(-10/400))) = -0.28774.
  ratekit::testing::write_text(dir / "games.csv", "date,player_a,player_b,score_a,season\n"
                                                  "2024-01-01,A,B,1,2024\n2025-01-02,A,B,0.5,2025\n");
  ratekit::testing::write_text(dir / "c.yaml", "competition: league\nmodel: nfl-score-elo\n"
                                               "params: { xi: 400, season_regression: 0.5 }\nk_schedule: [ { k: 20 } ]\n"
                                               "input: { format: games-csv, path: games.csv }\n");
  REQUIRE(ratekit::testing::run_cli("run " + (dir / "c.yaml").string() + " --out " + (dir / "out").string()).status == 0);
  const std::string ratings = ratekit::testing::read_text(dir / "out/ratings.csv");
  const size_t at = ratings.find("\nA,") + 3;
  CHECK(std::stod(ratings.substr(at, ratings.find(',', at) - at)) == Approx(4.712256316680026).margin(1e-9));
  // Without seasons the same setting would do nothing: refused.
  ratekit::testing::write_text(dir / "games.csv", "date,player_a,player_b,score_a\n2024-01-01,A,B,1\n2025-01-02,A,B,0.5\n");
  const auto refused = ratekit::testing::run_cli("run " + (dir / "c.yaml").string() + " --out " + (dir / "out2").string());
  CHECK(refused.status == 1);
  CHECK_THAT(refused.out, Catch::Contains("'season_regression' acts at the start of each season, but the input knows no seasons"));
  CHECK_FALSE(std::filesystem::exists(dir / "out2"));
}

}  // namespace test_nfl
