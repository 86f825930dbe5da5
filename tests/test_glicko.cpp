// glicko against Glickman's worked example (1999) and, over a stream of months
// with idle players and empty months, against a plain implementation written
// here from the paper's formulas.
#include <ratekit/host/config/config.hpp>
#include <ratekit/host/engine/engine.hpp>

#include "test_glicko_common.hpp"
#include "test_support.hpp"

#include <catch2/catch.hpp>
#include <glicko/glicko.hpp>

#include <cmath>
#include <sstream>
#include <string>
#include <vector>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_glicko {

using ratekit::plugins::glicko;
using namespace glicko_test;

namespace {

double round_to(double x, int decimals) { return std::round(x * std::pow(10.0, decimals)) / std::pow(10.0, decimals); }

// rdmax at its default, 350.
glicko make(double c) {
  const double values[] = {c, glicko::new_rd};
  return glicko(ratekit::sdk::host(nullptr), ratekit::sdk::params(values, 2));
}

// `file` of configs/glicko-world-cup.yaml rated into `dir`.
std::string world_cup_output(const ratekit::testing::temp_dir& dir, const std::string& file) {
  const auto result = ratekit::testing::run_cli(
      "-q run " + ratekit::testing::source_path("configs/glicko-world-cup.yaml").string() + " --out " + (dir / "out").string());
  REQUIRE(result.status == 0);
  return ratekit::testing::read_text(dir / "out" / file);
}

}  // namespace

TEST_CASE("glicko reproduces Glickman's example: 1464.1 and RD 151.4", "[glicko]") {
  // 1500 (RD 200) beats 1400 (30), loses to 1550 (100) and to 1700 (300), in one period.
  table t({{1500, 1400, 1550, 1700}, {200, 30, 100, 300}});
  glicko model = make(34.6);
  const auto out = rate(model, t, {{0, {game(0, 1, 1), game(0, 2, 0), game(0, 3, 0)}}});
  CHECK(round_to(t.columns[0][0], 1) == 1464.1);
  CHECK(round_to(t.columns[1][0], 1) == 151.4);
  // The paper's intermediate values: E = 0.639, 0.432, 0.303.
  CHECK(round_to(out[0].expected_a, 3) == 0.639);
  CHECK(round_to(out[1].expected_a, 3) == 0.432);
  CHECK(round_to(out[2].expected_a, 3) == 0.303);
  CHECK(round_to(ratekit::plugins::glicko_math::g(30), 4) == 0.9955);
  CHECK(round_to(ratekit::plugins::glicko_math::g(300), 4) == 0.7242);
  // The player's per-game changes add up to his change.
  CHECK(out[0].delta_a + out[1].delta_a + out[2].delta_a == Approx(t.columns[0][0] - 1500).epsilon(1e-12));

  std::vector<paper_player> p = {{1500, 200}, {1400, 30}, {1550, 100}, {1700, 300}};
  paper_glicko(p, {{0, {game(0, 1, 1), game(0, 2, 0), game(0, 3, 0)}}}, 34.6);
  for (size_t i = 0; i < 4; ++i) {
    CHECK(t.columns[0][i] == Approx(p[i].r).margin(1e-9));
    CHECK(t.columns[1][i] == Approx(p[i].rd).margin(1e-9));
  }
  CHECK(t.last_period == std::vector<int64_t>{0, 0, 0, 0});
}

TEST_CASE("glicko grows the RD by c^2 per period away, up to 350", "[glicko]") {
  // Rated in period 10 with RD 50, back in period 14: his RD at the start is sqrt(50^2 + 4 c^2).
  for (const double c : {0.0, 30.0, 200.0}) {
    INFO("c " << c);
    table t({{1500, 1500}, {50, 80}});
    t.last_period = {10, 13};
    glicko model = make(c);
    rate(model, t, {{14, {game(0, 1, 0.5)}}});
    std::vector<paper_player> p = {{1500, 50, true, 10}, {1500, 80, true, 13}};
    paper_glicko(p, {{14, {game(0, 1, 0.5)}}}, c);
    const double grown = std::min(std::sqrt(50 * 50 + 4 * c * c), 350.0);
    const double g = 1 / std::sqrt(1 + 3 * std::pow(std::log(10.0) / 400 * std::min(std::sqrt(80 * 80 + c * c), 350.0), 2) /
                                           (M_PI * M_PI));
    const double information = std::pow(std::log(10.0) / 400, 2) * g * g * 0.25;  // a draw between equals: E = 1/2
    CHECK(t.columns[1][0] == Approx(1 / std::sqrt(1 / (grown * grown) + information)).epsilon(1e-12));
    CHECK(t.columns[1][0] == Approx(p[0].rd).epsilon(1e-12));
    CHECK(t.last_period == std::vector<int64_t>{14, 14});
  }
}

TEST_CASE("glicko over a stream of months with idle players matches the paper's rules", "[glicko]") {
  const stream s(17);
  const double c = 40;
  std::vector<paper_player> expected(size_t(s.players));
  paper_glicko(expected, s.months, c);

  SECTION("all months in one call") {
    table t({std::vector<double>(size_t(s.players), 1500), std::vector<double>(size_t(s.players), 350)});
    glicko model = make(c);
    rate(model, t, s.months);
    for (size_t i = 0; i < expected.size(); ++i) {
      INFO("player " << i);
      CHECK(t.columns[0][i] == Approx(expected[i].r).margin(1e-9));
      CHECK(t.columns[1][i] == Approx(expected[i].rd).margin(1e-9));
    }
  }
  SECTION("a call per month") {
    table t({std::vector<double>(size_t(s.players), 1500), std::vector<double>(size_t(s.players), 350)});
    glicko model = make(c);
    for (const period& month : s.months) rate(model, t, {month});
    for (size_t i = 0; i < expected.size(); ++i) {
      CHECK(t.columns[0][i] == Approx(expected[i].r).margin(1e-9));
      CHECK(t.columns[1][i] == Approx(expected[i].rd).margin(1e-9));
    }
  }
  SECTION("through the host, from a games file with month periods") {
    ratekit::testing::temp_dir dir;
    ratekit::testing::write_text(dir / "games.csv", s.csv());
    ratekit::testing::write_text(dir / "c.yaml", "competition: t\nmodel: glicko\nparams: { c: 40 }\n"
                                                 "input: { format: games-csv, path: games.csv }\nperiod: month\n");
    const auto& plugins = ratekit::testing::builtin();
    const ratekit::run_result r = ratekit::rate(ratekit::load_config(dir / "c.yaml", plugins), plugins);
    int compared = 0;
    for (size_t i = 0; i < expected.size(); ++i) {
      const int32_t id = r.data.players.find(stream::name(i));
      if (id < 0) continue;
      CHECK(r.state.columns[0][size_t(id)] == Approx(expected[i].r).margin(1e-9));
      CHECK(r.state.columns[1][size_t(id)] == Approx(expected[i].rd).margin(1e-9));
      ++compared;
    }
    CHECK(compared == s.players);
  }
}

TEST_CASE("glicko through the host: an idle player's RD grows by the months he was away, empty months included",
          "[glicko]") {
  // A and B play in January 2024 and again in May: nobody plays in February to April, yet t = 4.
  ratekit::testing::temp_dir dir;
  auto run = [&](const std::string& games) {
    ratekit::testing::write_text(dir / "games.csv", "date,player_a,player_b,score_a\n" + games);
    ratekit::testing::write_text(dir / "c.yaml", "competition: t\nmodel: glicko\nparams: { c: 60 }\n"
                                                 "input: { format: games-csv, path: games.csv }\nperiod: month\n");
    const auto& plugins = ratekit::testing::builtin();
    return ratekit::rate(ratekit::load_config(dir / "c.yaml", plugins), plugins);
  };
  const ratekit::run_result january = run("2024-01-10,A,B,1\n");
  const ratekit::run_result may = run("2024-01-10,A,B,1\n2024-05-03,B,A,1\n");
  const int32_t a = january.data.players.find("A"), b = january.data.players.find("B");
  std::vector<paper_player> p = {{january.state.columns[0][size_t(a)], january.state.columns[1][size_t(a)], true, 0},
                               {january.state.columns[0][size_t(b)], january.state.columns[1][size_t(b)], true, 0}};
  paper_glicko(p, {{4, {game(1, 0, 1)}}}, 60);
  CHECK(may.state.columns[0][size_t(may.data.players.find("A"))] == Approx(p[0].r).margin(1e-9));
  CHECK(may.state.columns[1][size_t(may.data.players.find("A"))] == Approx(p[0].rd).margin(1e-9));
  CHECK(may.state.columns[1][size_t(may.data.players.find("B"))] == Approx(p[1].rd).margin(1e-9));
  // Had the empty months not counted (t = 1), the RD would be smaller.
  std::vector<paper_player> one = {p[0], p[1]};
  one[0] = {january.state.columns[0][size_t(a)], january.state.columns[1][size_t(a)], true, 3};
  one[1] = {january.state.columns[0][size_t(b)], january.state.columns[1][size_t(b)], true, 3};
  paper_glicko(one, {{4, {game(1, 0, 1)}}}, 60);
  CHECK(one[0].rd < p[0].rd - 1);
}

TEST_CASE("glicko's example config writes 1464.1 and 151.4 to ratings.csv", "[glicko]") {
  ratekit::testing::temp_dir dir;
  const auto result = ratekit::testing::run_cli("-q run " + ratekit::testing::source_path("configs/glicko-example.yaml").string() +
                                                " --out " + (dir / "out").string());
  REQUIRE(result.status == 0);
  const std::string ratings = ratekit::testing::read_text(dir / "out" / "ratings.csv");
  CHECK_THAT(ratings, Catch::StartsWith("player,rating,rd,games,peak,last_played\n"));
  CHECK_THAT(ratings, Catch::Contains("\nPlayer,1464.10"));
  CHECK_THAT(ratings, Catch::Contains(",151.39"));
}

// Peaks follow each game's change, whose sum over a period can differ from the
// model's rating in the last bits: on the World Cup data, Japan's 1572.5070745960534
// had a peak of 1572.5070745960531.
TEST_CASE("no player's peak is below the rating he holds", "[glicko]") {
  ratekit::testing::temp_dir dir;
  std::istringstream rows(world_cup_output(dir, "ratings.csv"));
  std::string line;
  std::getline(rows, line);
  REQUIRE(line == "player,rating,rd,games,peak,last_played");
  size_t players = 0;
  while (std::getline(rows, line)) {
    std::vector<std::string> cells;
    for (size_t from = 0, comma = 0; comma != std::string::npos; from = comma + 1) cells.push_back(line.substr(from, (comma = line.find(',', from)) - from));
    INFO(line);
    REQUIRE(cells.size() == 6);
    CHECK(std::stod(cells[4]) >= std::stod(cells[1]));
    ++players;
  }
  CHECK(players > 50);
}

// The README shows two history rows of this run to explain that rating_before
// and rating_after are the period's; they must be what the run writes.
TEST_CASE("the README's history.csv example is what glicko-world-cup writes", "[glicko][docs]") {
  ratekit::testing::temp_dir dir;
  const std::string history = world_cup_output(dir, "history.csv");
  std::istringstream readme(ratekit::testing::read_text(ratekit::testing::source_path("README.md")));
  size_t shown = 0;
  for (std::string line; std::getline(readme, line);)
    if (line.starts_with("  1958,1958-06-")) {
      CHECK_THAT(history, Catch::Contains("\n" + line.substr(2) + "\n"));
      ++shown;
    } else if (line.starts_with("  period,date,player,opponent,")) {
      CHECK_THAT(history, Catch::StartsWith(line.substr(2) + "\n"));
    }
  CHECK(shown == 2);
}

TEST_CASE("glicko run by a 1.0 host, which keeps no time, refuses with a status instead of guessing", "[glicko][abi]") {
  table t({{1500, 1500}, {350, 350}});
  t.raw.struct_size = RK_STATE_SIZE_1_0;  // a 1.0 host's shorter state
  glicko model = make(34.6);
  try {
    rate(model, t, {{0, {game(0, 1, 1)}}});
    FAIL("no error");
  } catch (const ratekit::sdk::failure& e) {
    CHECK(e.code() == RK_ERR_UNSUPPORTED);
    CHECK_THAT(std::string(e.what()), Catch::Contains("ABI 1.1"));
  }
  CHECK(t.columns[0] == std::vector<double>{1500, 1500});
  // A 1.0 batch: no dates, no period numbers, whatever lies beyond its size.
  const rk_game g = game(0, 1, 1);
  const int32_t date = 20240101;
  const int64_t number = 5;
  const rk_game_batch old{RK_GAME_BATCH_SIZE_1_0, 0, &g, 1, nullptr, 0, &date, &number, &date, &date, nullptr, 0};
  CHECK(ratekit::sdk::game_date(old, 0) == 0);
  table fresh({{1500, 1500}, {350, 350}});
  CHECK_FALSE(ratekit::sdk::has_elapsed_time(fresh.state(), old));
  rk_game_batch now = old;
  now.struct_size = sizeof(rk_game_batch);
  CHECK(ratekit::sdk::game_date(now, 0) == 20240101);
  CHECK(ratekit::sdk::has_elapsed_time(fresh.state(), now));
}

TEST_CASE("glicko refuses a period before the one a player was last rated in", "[glicko]") {
  glicko model = make(34.6);
  glicko_test::check_periods_backwards(model, {{1500, 1500, 1500}, {200, 200, 200}});
}

TEST_CASE("glicko: a side flagged fixed keeps his state and record, the other is rated as usual", "[glicko]") {
  // Glickman's example with the three opponents fixed (foreign or unrated players): the player
  // moves exactly as in the paper, his opponents not at all, on either side of the game.
  table t({{1500, 1400, 1550, 1700}, {200, 30, 100, 300}});
  glicko model = make(34.6);
  rk_game g1 = game(0, 1, 1), g2 = game(2, 0, 1), g3 = game(0, 3, 0);
  g1.flags = RK_GAME_FIXED_B;
  g2.flags = RK_GAME_FIXED_A;  // the 1550 player as A, winning
  g3.flags = RK_GAME_FIXED_B;
  const auto out = rate(model, t, {{0, {g1, g2, g3}}});
  CHECK(round_to(t.columns[0][0], 1) == 1464.1);
  CHECK(round_to(t.columns[1][0], 1) == 151.4);
  CHECK(t.columns[0][1] == 1400);
  CHECK(t.columns[1][1] == 30);
  CHECK(t.columns[0][2] == 1550);
  CHECK(t.columns[1][2] == 100);
  CHECK(t.columns[0][3] == 1700);
  CHECK(out[0].delta_b == 0);
  CHECK(out[1].delta_a == 0);
  CHECK(out[1].delta_b + out[0].delta_a + out[2].delta_a == Approx(t.columns[0][0] - 1500).epsilon(1e-12));
  CHECK(t.last_period == std::vector<int64_t>{0, RK_NEVER_RATED, RK_NEVER_RATED, RK_NEVER_RATED});
}

TEST_CASE("glicko's expectations: Elo's logistic without RDs, A's rating raised by the advantage", "[glicko][expect]") {
  const glicko model = make(34.6);
  CHECK(model.expect(1500, 1900, 0) == Approx(1.0 / 11).epsilon(1e-12));  // 1 / (1 + 10^(400/400))
  CHECK(model.expect(1900, 1500, 0) == Approx(10.0 / 11).epsilon(1e-12));
  CHECK(model.expect(1500, 1900, 400) == Approx(0.5).epsilon(1e-12));  // the advantage makes them equal
  CHECK(model.expect(1900, 1500, -400) == Approx(0.5).epsilon(1e-12));
  // From the state rows (rating, rd): RDs of 0 flatten nothing; RDs of 350 pull it toward 1/2.
  const double a[] = {1500, 0}, b[] = {1900, 0}, unsure_a[] = {1500, 350}, unsure_b[] = {1900, 350};
  CHECK(model.expect(a, b, 0) == Approx(1.0 / 11).epsilon(1e-12));
  CHECK(model.expect(a, b, 400) == Approx(0.5).epsilon(1e-12));
  CHECK(model.expect(unsure_a, unsure_b, 0) > 1.0 / 11 + 0.05);
  CHECK(model.expect(unsure_a, unsure_b, 0) < 0.5);
}

}  // namespace test_glicko
