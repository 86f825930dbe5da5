// Whole runs through the host: config, reader, real plugin, periods, outputs.
#include <ratekit/host/config/config.hpp>
#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/engine/engine.hpp>
#include <ratekit/host/output/run_outputs.hpp>

#include "test_support.hpp"

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>
#include <numeric>
#include <random>
#include <utility>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_engine {

using namespace ratekit;
namespace fs = std::filesystem;

namespace {

using testing::builtin;

double rating_of(const run_result& r, const std::string& name) {
  return r.state.rating()[r.data.players.find(name)];
}

// Three games among A, B and C in one month: A beats B, A draws C, B beats C.
run_result three_games(const std::string& period) {
  static testing::temp_dir dir;
  testing::write_text(dir / "games.csv",
                      "date,player_a,player_b,score_a\n"
                      "2024-03-01,A,B,1\n2024-03-02,A,C,0.5\n2024-03-03,B,C,1\n");
  testing::write_text(dir / "c.yaml", "competition: t\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
                                      "initial: 1500\ninput: { format: games-csv, path: games.csv }\nperiod: " +
                                          period + "\n");
  return rate(load_config(dir / "c.yaml", builtin()), builtin());
}

}  // namespace

TEST_CASE("a rating period evaluates every game on the ratings from its start", "[engine]") {
  const run_result r = three_games("month");
  CHECK(rating_of(r, "A") == Approx(1510).margin(1e-9));
  CHECK(rating_of(r, "B") == Approx(1500).margin(1e-9));
  CHECK(rating_of(r, "C") == Approx(1490).margin(1e-9));
}

TEST_CASE("per-game updates apply each game before the next", "[engine]") {
  // Hand-computed: A 1510 after game 1; game 2 E_A = 1/(1+10^(-10/400)); game 3 likewise.
  const run_result r = three_games("game");
  CHECK(rating_of(r, "A") == Approx(1509.71225631668).margin(1e-9));
  CHECK(rating_of(r, "B") == Approx(1500.2960185560382).margin(1e-9));
  CHECK(rating_of(r, "C") == Approx(1489.9917251272818).margin(1e-9));
}

TEST_CASE("the bundled World Cup example runs and writes its three outputs", "[engine][integration]") {
  const competition_config c = load_config(testing::source_path("configs/world-cup-elo.yaml"), builtin());
  const run_result r = rate(c, builtin());
  REQUIRE(r.data.games.size() == 964);
  // First match, 1930-07-13, Belgium 0-3 United States at a neutral venue: both 1500, E = 0.5, K = 60.
  CHECK(r.game_out[0].expected_a == 0.5);
  CHECK(r.game_out[0].delta_a == -30.0);
  CHECK(r.game_out[0].delta_b == 30.0);
  // Equal K on both sides: the sum of ratings never moves.
  const double sum = std::accumulate(r.state.columns[0].begin(), r.state.columns[0].end(), 0.0);
  CHECK(sum == Approx(1500.0 * r.data.players.size()).margin(1e-7));
  // Everyone who played holds a published rating, so every peak is known and at least the final rating.
  for (int32_t p = 0; p < r.data.players.size(); ++p) CHECK(r.state.peak[size_t(p)] >= r.state.rating()[p]);

  testing::temp_dir out;
  write_outputs(r, c, out.path());
  const std::string ratings = testing::read_text(out / "ratings.csv");
  CHECK_THAT(ratings, Catch::StartsWith("player,rating,"));
  CHECK_THAT(ratings.substr(0, ratings.find('\n')), Catch::EndsWith(",games,peak"));
  const std::string history = testing::read_text(out / "history.csv");
  CHECK(std::count(history.begin(), history.end(), '\n') == 1 + 2 * 964);
  // fide-logistic's `rated` closes each row; its pool of games towards a first rating is bookkeeping, left out.
  CHECK_THAT(history, Catch::StartsWith("period,date,player,opponent,expected,score,k,change,rating_before,rating_after,"
                                        "rated_after\n"
                                        "1,1930-07-13,Belgium,United States,0.5,0,60,-30,1500,1470,1\n"
                                        "1,1930-07-13,United States,Belgium,0.5,1,60,30,1500,1530,1\n"));
  const auto summary = nlohmann::json::parse(testing::read_text(out / "summary.json"));
  CHECK(summary["model"] == "fide-logistic");
  CHECK(summary["counts"]["games"] == 964);
  CHECK(summary["params"]["xi"] == 400.0);
  CHECK(summary["metrics"].contains("foresight"));

  SECTION("ratings are sorted highest first") {
    std::vector<double> listed;
    std::istringstream in(ratings);
    std::string line;
    std::getline(in, line);
    while (std::getline(in, line)) {
      listed.push_back(std::stod(line.substr(line.find(',') + 1)));  // no team name holds a comma
    }
    REQUIRE(listed.size() == size_t(r.data.players.size()));
    CHECK(std::is_sorted(listed.rbegin(), listed.rend()));
    CHECK(listed.front() == r.state.columns[0][size_t(std::max_element(r.state.columns[0].begin(), r.state.columns[0].end()) - r.state.columns[0].begin())]);
  }
  SECTION("the same run writes the same bytes") {
    testing::temp_dir again;
    write_outputs(rate(c, builtin()), c, again.path());
    for (const char* f : {"ratings.csv", "history.csv", "summary.json"})
      CHECK(testing::read_text(again / f) == testing::read_text(out / f));
  }
}

TEST_CASE("a run with charts writes the chart of its top five", "[engine][integration]") {
  const competition_config c =
      load_config(testing::source_path("configs/nfl-2009-points-variable-k.yaml"), builtin());
  REQUIRE(c.write_charts);
  testing::temp_dir out;
  write_outputs(rate(c, builtin()), c, out.path());
  const std::string svg = testing::read_text(out / "chart.svg");
  CHECK_THAT(svg, Catch::StartsWith("<svg xmlns=\"http://www.w3.org/2000/svg\"") && Catch::EndsWith("</svg>\n"));
  CHECK_THAT(svg, Catch::Contains(c.competition + ": the top 5"));
  // The five highest in ratings.csv are the chart's five lines.
  std::istringstream ratings(testing::read_text(out / "ratings.csv"));
  std::string line;
  std::getline(ratings, line);
  for (int i = 0; i < 5 && std::getline(ratings, line); ++i)
    CHECK_THAT(svg, Catch::Contains(std::string(">").append(line, 0, line.find(',')).append("</text><text class=\"rating\"")));  // its legend
}

TEST_CASE("the sum of ratings is constant over a long random stream", "[engine][fide-logistic]") {
  const auto p = builtin().get("fide-logistic");
  model m(p, resolve_params(p->descriptor(), {}));
  const int players = 1000;
  std::vector<std::vector<double>> state;
  for (uint32_t f = 0; f < p->descriptor().state_count; ++f) state.emplace_back(players, p->descriptor().state[f].initial);
  std::vector<double>& rating = state[0];
  std::vector<double*> columns;
  for (auto& c : state) columns.push_back(c.data());
  const rk_state s{sizeof(rk_state), uint32_t(columns.size()), uint64_t(players), columns.data(), nullptr, nullptr, nullptr};
  std::mt19937_64 rng(42);
  std::uniform_int_distribution<int> pick(0, players - 1);
  std::vector<rk_game> games;
  for (int i = 0; i < 1'000'000; ++i) {
    int a = pick(rng), b = pick(rng);
    if (a == b) b = (b + 1) % players;
    rk_game g{a, b, double(rng() % 3) / 2, NAN, NAN, 32, 32, 0, 0, 0, 0, 0};
    games.push_back(g);
  }
  rk_game_batch batch{};
  batch.struct_size = sizeof(rk_game_batch);
  batch.games = games.data();
  batch.game_count = games.size();
  m.rate_games(s, batch, nullptr);
  const double sum = std::accumulate(rating.begin(), rating.end(), 0.0);
  CHECK(std::abs(sum - 1500.0 * players) < 1e-6);
  CHECK(*std::max_element(rating.begin(), rating.end()) > 1600);  // the stream did move ratings
}

TEST_CASE("a plugin failure names the plugin file and the game's line", "[engine][faults]") {
  testing::temp_dir dir;
  testing::write_text(dir / "games.csv", "date,player_a,player_b,score_a\n2024-01-01,A,B,1\n2024-01-02,B,C,1\n"
                                         "2024-01-03,C,A,0\n");
  const plugin_registry registry({fs::path(RATEKIT_TEST_PLUGIN_DIR)});
  for (const std::string model : {"test-throws", "test-nan"}) {
    const std::string file = model == "test-nan" ? "returns-nan" : "throws";
    testing::write_text(dir / "c.yaml", "competition: t\nmodel: " + model +
                                            "\ninput: { format: games-csv, path: games.csv }\nperiod: month\n");
    try {
      rate(load_config(dir / "c.yaml", registry), registry);
      FAIL("no error");
    } catch (const user_error& e) {
      const std::string what = e.what();
      CHECK_THAT(what, Catch::Contains(std::string(RATEKIT_TEST_PLUGIN_DIR) + "/ratekit-" + file + ".so"));
      if (model == "test-throws") CHECK_THAT(what, Catch::Contains("failed on game 3 (" + (dir / "games.csv").string() + ":4): cannot rate this game"));
      if (model == "test-nan") CHECK_THAT(what, Catch::Contains("returned a non-finite rating for player A"));
    }
  }
}

TEST_CASE("a non-finite state is found among many players without a check per game", "[engine][faults]") {
  // 100 players from a previous list, 3 games: the state is checked once, at the end, by whole columns.
  testing::temp_dir dir;
  std::string list = "player,rating\n";
  for (int p = 0; p < 100; ++p) list.append("q").append(std::to_string(p)).append(",1500\n");
  testing::write_text(dir / "list.csv", list);
  testing::write_text(dir / "games.csv", "date,player_a,player_b,score_a\n2024-01-01,q7,q8,1\n2024-01-02,q8,q9,1\n"
                                         "2024-01-03,q9,q7,0\n");
  testing::write_text(dir / "c.yaml", "competition: t\nmodel: test-nan\ninitial: { ratings: list.csv }\n"
                                      "input: { format: games-csv, path: games.csv }\n");
  const plugin_registry registry({fs::path(RATEKIT_TEST_PLUGIN_DIR)});
  try {
    rate(load_config(dir / "c.yaml", registry), registry);
    FAIL("no error");
  } catch (const user_error& e) {
    CHECK_THAT(std::string(e.what()), Catch::Contains("returned a non-finite rating for player q7 after games 1 to 3 (" +
                                                      (dir / "games.csv").string() + ":2 to line 4)"));
  }
}

namespace {

struct stream_game {
  int month, a, b;
  double score;
  bool a_home;
};

// 1,200,000 games among 500 players over 600 days (about 21 months), a third
// drawn, every other one at A's home: longer than many of the pieces the
// reader hands over, so pieces end inside months.
std::vector<stream_game> write_stream(const fs::path& csv_file) {
  std::vector<stream_game> games;
  std::string csv = "date,player_a,player_b,score_a,home\n";
  std::mt19937_64 rng(7);
  for (int i = 0; i < 1'200'000; ++i) {
    const int a = int(rng() % 500), b = (a + 1 + int(rng() % 499)) % 500;
    const int day = i / 2000, year = 2000 + day / 336, month = 1 + day % 336 / 28;
    const double score = rng() % 3 == 0 ? 0.5 : rng() % 2 ? 1.0 : 0.0;
    char line[96];
    std::snprintf(line, sizeof line, "%04d-%02d-%02d,p%d,p%d,%s,%s\n", year, month, 1 + day % 28, a, b,
                  score == 0.5 ? "0.5" : score == 1 ? "1" : "0", i % 2 ? "a" : "");
    csv += line;
    games.push_back({year * 12 + month, a, b, score, i % 2 == 1});
  }
  testing::write_text(csv_file, csv);
  return games;
}

// The logistic Elo with 30 home points, written out plainly: each period's
// games are evaluated on the ratings at its start. K is 16, or 24 for a player
// with fewer than `newcomer_games` games before the period.
std::vector<double> plain_elo(const std::vector<stream_game>& games, bool by_month, int newcomer_games = 0) {
  std::vector<double> rating(500, 1500.0), change(500, 0.0);
  std::vector<int> played(500, 0), played_before(500, 0);
  auto k = [&](int p) { return played_before[size_t(p)] < newcomer_games ? 24.0 : 16.0; };
  for (size_t begin = 0; begin < games.size();) {
    size_t end = begin + 1;
    while (by_month && end < games.size() && games[end].month == games[begin].month) ++end;
    for (size_t i = begin; i < end; ++i) {
      const stream_game& g = games[i];
      const double e = 1 / (1 + std::pow(10.0, -(rating[g.a] + (g.a_home ? 30 : 0) - rating[g.b]) / 400));
      change[g.a] += k(g.a) * (g.score - e);
      change[g.b] -= k(g.b) * (g.score - e);
      ++played[g.a];
      ++played[g.b];
    }
    for (int p = 0; p < 500; ++p) rating[p] += std::exchange(change[p], 0.0);
    played_before = played;
    begin = end;
  }
  return rating;
}

// "p12": the generated name of player 12.
std::string player(int p) { return std::string("p").append(std::to_string(p)); }

}  // namespace

TEST_CASE("a stream rated in pieces as it is read gives the plain Elo of the whole stream", "[engine][stream]") {
  testing::temp_dir dir;
  const auto games = write_stream(dir / "games.csv");
  for (const std::string period : {"game", "month"}) {
    auto config_with = [&](bool history) {
      testing::write_text(dir / "c.yaml", "competition: s\nmodel: fide-logistic\nparams: { cap: 0 }\n"
                                          "k_schedule: [ { k: 16 } ]\ninitial: 1500\nhome_advantage: 30\n"
                                          "input: { format: games-csv, path: games.csv }\n"
                                          "period: " + period + "\noutput: { history: " +
                                              (history ? "true" : "false") + " }\n");
      return load_config(dir / "c.yaml", builtin());
    };
    const std::vector<double> expected = plain_elo(games, period == "month");
    const run_result streamed = rate(config_with(false), builtin());
    std::vector<double> final(500);
    for (int p = 0; p < 500; ++p) {
      final[size_t(p)] = rating_of(streamed, player(p));
      REQUIRE(final[size_t(p)] == Approx(expected[size_t(p)]).margin(1e-6));
    }
    // Hindsight: the final ratings with the home side's 30 points pick the winner.
    int64_t hindsight = 0;
    for (const stream_game& g : games)
      hindsight += g.score != 0.5 && (final[size_t(g.a)] + (g.a_home ? 30 : 0) > final[size_t(g.b)]) == (g.score == 1);
    CHECK(streamed.metrics["hindsight"]["correct"] == hindsight);
    CHECK(streamed.game_count == games.size());
    CHECK(streamed.period_count == (period == "month" ? 22u : games.size()));
    CHECK(streamed.data.games.empty());  // nothing reads them after the run
    CHECK(streamed.game_out.empty());
    CHECK(streamed.metrics["foresight"]["games"] == games.size());

    const run_result kept = rate(config_with(true), builtin());
    CHECK(kept.data.games.size() == games.size());
    CHECK(kept.game_out.size() == games.size());
    CHECK(kept.data.facts.line.back() == int32_t(games.size()) + 1);
    CHECK(kept.period_ends.size() == (period == "month" ? 22u : 0u));
    CHECK(streamed.state.columns == kept.state.columns);
    CHECK(streamed.state.peak == kept.state.peak);
    CHECK(streamed.metrics == kept.metrics);
  }
}

TEST_CASE("a K that reads player state is evaluated period by period across pieces", "[engine][stream]") {
  // Players reach 3,000 games around the 750,000th game: K drops from 24 to 16 mid-stream.
  testing::temp_dir dir;
  const auto games = write_stream(dir / "games.csv");
  testing::write_text(dir / "c.yaml", "competition: s\nmodel: fide-logistic\nparams: { cap: 0 }\n"
                                      "k_schedule: [ { when: { games_lt: 3000 }, k: 24 }, { k: 16 } ]\n"
                                      "initial: 1500\nhome_advantage: 30\nperiod: month\n"
                                      "input: { format: games-csv, path: games.csv }\noutput: { history: false }\n");
  const run_result r = rate(load_config(dir / "c.yaml", builtin()), builtin());
  const std::vector<double> expected = plain_elo(games, true, 3000);
  CHECK(plain_elo(games, true) != expected);  // the rule changes something
  for (int p = 0; p < 500; ++p)
    REQUIRE(rating_of(r, player(p)) == Approx(expected[size_t(p)]).margin(1e-6));
}

TEST_CASE("in a long stream a plugin failure is reported, unless the input itself is wrong", "[engine][stream]") {
  // The plugin fails on the first piece while the reader has most of the file to go.
  testing::temp_dir dir;
  write_stream(dir / "games.csv");
  const plugin_registry registry({fs::path(RATEKIT_TEST_PLUGIN_DIR)});
  testing::write_text(dir / "c.yaml", "competition: t\nmodel: test-throws\n"
                                      "input: { format: games-csv, path: games.csv }\n");
  auto error_of_run = [&] {
    try {
      rate(load_config(dir / "c.yaml", registry), registry);
    } catch (const user_error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK_THAT(error_of_run(), Catch::Contains("failed on game 3 (" + (dir / "games.csv").string() + ":4)"));
  std::ofstream(dir / "games.csv", std::ios::app) << "2001-09-01,p1,p2,2,\n";
  CHECK_THAT(error_of_run(), Catch::Contains("games.csv:1200002:") && Catch::Contains("expected score_a"));
}

TEST_CASE("an error at the end of a long stream fails the run before anything is written", "[engine][stream]") {
  testing::temp_dir dir;
  write_stream(dir / "games.csv");
  std::ofstream(dir / "games.csv", std::ios::app) << "2001-09-01,p1,p2,2,\n";
  testing::write_text(dir / "c.yaml", "competition: s\nmodel: fide-logistic\nk_schedule: [ { k: 16 } ]\n"
                                      "input: { format: games-csv, path: games.csv }\noutput: { dir: out }\n");
  const auto result = testing::run_cli("run " + (dir / "c.yaml").string());
  CHECK(result.status != 0);
  CHECK_THAT(result.out, Catch::Contains("games.csv:1200002:") &&
                             Catch::Contains("expected score_a as a number from 0 to 1, got '2'"));
  CHECK_FALSE(fs::exists(dir / "out"));
}

TEST_CASE("categories apply from their 'from' rating included up to the next one excluded", "[config][categories]") {
  testing::temp_dir dir;
  // Players who do not play keep their listed ratings: each sits on or beside a threshold.
  testing::write_text(dir / "list.csv", "player,rating\nlow,999.99\nat1000,1000\nbelow1400,1399.99\nat1400,1400\n"
                                        "below2500,2499.99\nat2500,2500\n");
  testing::write_text(dir / "games.csv", "date,player_a,player_b,score_a\n2024-01-01,X,Y,0.5\n");
  testing::write_text(dir / "c.yaml", "competition: t\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
                                      "initial: { rating: 1200, ratings: list.csv }\n"
                                      "input: { format: games-csv, path: games.csv }\noutput: { dir: out }\n"
                                      "categories:\n  - { from: 1000, label: beginner }\n"
                                      "  - { from: 1400, label: amateur }\n  - { from: 2500, label: master }\n");
  REQUIRE(testing::run_cli("-q run " + (dir / "c.yaml").string()).status == 0);
  const std::string ratings = testing::read_text(dir / "out" / "ratings.csv");
  auto category = [&](const std::string& player) {
    const size_t at = ratings.find("\n" + player + ",");
    REQUIRE(at != std::string::npos);
    const std::string row = ratings.substr(at + 1, ratings.find('\n', at + 1) - at - 1);
    return row.substr(row.rfind(',') + 1);
  };
  CHECK(category("low") == "");
  CHECK(category("at1000") == "beginner");
  CHECK(category("below1400") == "beginner");
  CHECK(category("at1400") == "amateur");
  CHECK(category("below2500") == "amateur");
  CHECK(category("at2500") == "master");
  CHECK(category("X") == "beginner");  // 1200 after a draw at 1200
}

}  // namespace test_engine
