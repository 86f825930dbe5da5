// stephenson against the R package PlayerRatings' steph() itself: its final
// ratings and deviations of a random stream (defaults and every option) and of
// 49,097 international matches month by month, stored by
// scripts/playerratings-reference.R in data/playerratings/; and its rules one
// at a time on the plugin (RD growth and its cap, RD per game, bonus, pull).
#include "playerratings_support.hpp"
#include "split_runs_support.hpp"
#include "test_glicko_common.hpp"

#include <stephenson/stephenson.hpp>

#include <fstream>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_stephenson {

using namespace ratekit::testing;
using ratekit::plugins::stephenson;

namespace {

// The random stream's config lines: `period` month (every month has games) or
// event (its `period` column, PlayerRatings' time index).
std::string random_stream(const std::string& period, const std::string& more = "") {
  return "model: stephenson\n" + more + "input: { format: games-csv, path: " + data_path("random_games.csv") +
         ", home_side: a }\nperiod: " + period + "\n";
}

const std::string options =
    "params: { c: 80, h: 5, bonus: 2, lambda: 5, rdmax: 200 }\ninitial: { rating: 1800, state: { rd: 180 } }\n"
    "home_advantage: 30\n";

stephenson make(double c, double h, double bonus, double lambda, double rdmax = 350) {
  const double values[] = {c, h, bonus, lambda, rdmax};
  return stephenson(ratekit::sdk::host(nullptr), ratekit::sdk::params(values, 5));
}

}  // namespace

TEST_CASE("stephenson equals PlayerRatings' steph() with its defaults on a random stream", "[stephenson][peers]") {
  const auto reference = read_player_table(source_path("data/playerratings/steph_random_default.csv"));
  REQUIRE(reference.size() == 40);
  for (const std::string period : {"month", "event"}) {
    INFO("period " << period);
    temp_dir dir;
    const auto ours = run_ratings(dir, random_stream(period));
    CHECK(largest_difference(reference, "rating", ours, "rating") < 1e-9);
    CHECK(largest_difference(reference, "deviation", ours, "rd") < 1e-9);
  }
}

TEST_CASE("stephenson equals steph() with every option set: init, gamma, cval, hval, bval, lambda, rdmax",
          "[stephenson][peers]") {
  const auto reference = read_player_table(source_path("data/playerratings/steph_random_options.csv"));
  temp_dir dir;
  const auto ours = run_ratings(dir, random_stream("month", options));
  CHECK(largest_difference(reference, "rating", ours, "rating") < 1e-9);
  CHECK(largest_difference(reference, "deviation", ours, "rd") < 1e-9);
  // Each option counts: without the home advantage, or with the defaults, the numbers move.
  temp_dir other;
  const auto without_gamma = run_ratings(other, random_stream("month", options.substr(0, options.find("home_"))));
  CHECK(largest_difference(reference, "rating", without_gamma, "rating") > 1.0);
}

TEST_CASE("with h, bonus and lambda 0 stephenson is PlayerRatings' glicko()", "[stephenson][peers]") {
  const auto reference = read_player_table(source_path("data/playerratings/glicko_random_gamma.csv"));
  temp_dir dir;
  const auto ours = run_ratings(dir, random_stream("month", "params: { c: 20, h: 0, bonus: 0, lambda: 0 }\n"
                                                            "initial: { rating: 1800, state: { rd: 250 } }\n"
                                                            "home_advantage: 30\n"));
  CHECK(largest_difference(reference, "rating", ours, "rating") < 1e-9);
  CHECK(largest_difference(reference, "deviation", ours, "rd") < 1e-9);
}

TEST_CASE("stephenson equals steph() on 49,097 international matches, month by month", "[stephenson][peers]") {
  const auto reference = read_player_table(source_path("data/playerratings/steph_football_monthly.csv"));
  REQUIRE(reference.size() == 336);
  // steph() counts the months with matches as its periods: period: event on a column naming the month.
  temp_dir dir;
  std::ifstream in(source_path("data/football/international_results_1872_2025.csv"));
  std::ofstream games(dir / "games.csv");
  std::string line;
  std::getline(in, line);
  games << line << ",period\n";
  while (std::getline(in, line)) games << line << ',' << line.substr(0, 7) << '\n';
  games.close();
  const auto ours = run_ratings(dir, "model: stephenson\ninput: { format: games-csv, path: games.csv }\nperiod: event\n");
  CHECK(largest_difference(reference, "rating", ours, "rating") < 1e-9);
  CHECK(largest_difference(reference, "deviation", ours, "rd") < 1e-9);
}

TEST_CASE("stephenson grows RD^2 by c^2 per period away, by one period for a new player, up to rdmax^2",
          "[stephenson]") {
  using namespace glicko_test;
  // Player 0 last rated in period 10 and back in 14; player 1 never rated; both with h, bonus, lambda 0.
  const double c = 30;
  for (const double rd0 : {100.0, 345.0}) {
    INFO("rd " << rd0);
    table t({{1500, 1500}, {rd0, 200}});
    t.last_period = {10, RK_NEVER_RATED};
    stephenson model = make(c, 0, 0, 0);
    rate(model, t, {{14, {game(0, 1, 0.5)}}});
    // A draw between equals: E = 1/2, 1/d^2 = q^2 g(RD_j)^2 / 4.
    const double q = std::log(10.0) / 400;
    const double grown0 = std::min(rd0 * rd0 + 4 * c * c, 350.0 * 350), grown1 = 200.0 * 200 + c * c;
    const auto g = [&](double v) { return 1 / std::sqrt(1 + 3 * q * q * v / (M_PI * M_PI)); };
    CHECK(t.columns[1][0] == Approx(1 / std::sqrt(1 / grown0 + q * q * g(grown1) * g(grown1) / 4)).epsilon(1e-12));
    CHECK(t.columns[1][1] == Approx(1 / std::sqrt(1 / grown1 + q * q * g(grown0) * g(grown0) / 4)).epsilon(1e-12));
    // 100^2 + 4 c^2 stays below the cap; 345^2 + 4 c^2 passes it.
    CHECK((rd0 * rd0 + 4 * c * c < 350.0 * 350) == (rd0 == 100.0));
  }
}

TEST_CASE("stephenson: h adds n h^2 to RD^2, the bonus to every score, lambda pulls towards the opponents",
          "[stephenson]") {
  using namespace glicko_test;
  const double q = std::log(10.0) / 400;
  // 1600 (RD 100) draws twice with 1400 (RD 100) in one period, both rated in the period before.
  const auto after = [&](double h, double bonus, double lambda) {
    table t({{1600, 1400}, {100, 100}});
    t.last_period = {0, 0};
    stephenson model = make(10, h, bonus, lambda);
    const auto out = rate(model, t, {{1, {game(0, 1, 0.5), game(1, 0, 0.5)}}});
    CHECK(out[0].delta_a + out[1].delta_b == Approx(t.columns[0][0] - 1600).epsilon(1e-12));
    return std::make_pair(t.columns[0][0], t.columns[1][0]);
  };
  const double v = 100.0 * 100 + 10 * 10, g = 1 / std::sqrt(1 + 3 * q * q * v / (M_PI * M_PI));
  const double e = 1 / (1 + std::pow(10.0, -g * 200 / 400));
  const auto expected = [&](double h, double bonus, double lambda) {
    const double v2 = 1 / (1 / (v + 2 * h * h) + q * q * 2 * g * g * e * (1 - e));
    return std::make_pair(1600 + q * v2 * 2 * g * (0.5 + bonus / 100 - e) + lambda / 100 * (1400 - 1600), std::sqrt(v2));
  };
  for (const auto& [h, bonus, lambda] : {std::tuple{0.0, 0.0, 0.0}, std::tuple{10.0, 0.0, 0.0},
                                          std::tuple{0.0, 3.0, 0.0}, std::tuple{0.0, 0.0, 2.0},
                                          std::tuple{10.0, 3.0, 2.0}}) {
    INFO("h " << h << " bonus " << bonus << " lambda " << lambda);
    const auto [rating, rd] = after(h, bonus, lambda);
    CHECK(rating == Approx(expected(h, bonus, lambda).first).epsilon(1e-12));
    CHECK(rd == Approx(expected(h, bonus, lambda).second).epsilon(1e-12));
  }
  // Each option moves the numbers its own way: h raises the RD, the bonus and a pull towards 1400 move the rating.
  CHECK(after(10, 0, 0).second > after(0, 0, 0).second);
  CHECK(after(0, 3, 0).first > after(0, 0, 0).first);
  CHECK(after(0, 0, 2).first < after(0, 0, 0).first);
}

TEST_CASE("stephenson: an RD above rdmax is capped at the next period's start, as in steph()", "[stephenson]") {
  using namespace glicko_test;
  // At the cap, a game whose result was certain adds n h^2 and takes almost nothing away: RD' > rdmax.
  table t({{1500, 3500}, {350, 30}});
  t.last_period = {0, 0};
  stephenson model = make(10, 10, 0, 0);
  rate(model, t, {{1, {game(0, 1, 0)}}});
  CHECK(t.columns[1][0] > 350);
  // The next period starts him at rdmax again: as a player listed at exactly 350.
  table capped({{t.columns[0][0], t.columns[0][1]}, {350, t.columns[1][1]}});
  capped.last_period = {1, 1};
  rate(model, t, {{2, {game(0, 1, 0.5)}}});
  rate(model, capped, {{2, {game(0, 1, 0.5)}}});
  CHECK(t.columns[0][0] == Approx(capped.columns[0][0]).epsilon(1e-12));
  CHECK(t.columns[1][0] == Approx(capped.columns[1][0]).epsilon(1e-12));
}

TEST_CASE("stephenson refuses a period before the one a player was last rated in", "[stephenson]") {
  stephenson model = make(10, 0, 0, 0);
  glicko_test::check_periods_backwards(model, {{1500, 1500, 1500}, {200, 200, 200}});
}

TEST_CASE("stephenson takes any starting RD above 0 and refuses 0", "[stephenson]") {
  temp_dir dir;
  write_text(dir / "g.csv", "date,player_a,player_b,score_a\n2024-01-05,A,B,1\n");
  const auto rated = [&](const std::string& rd) {
    write_text(dir / "list.csv", "player,rating,rd\nA,2200," + rd + "\nB,2100,80\n");
    write_text(dir / "c.yaml", "competition: pr\nmodel: stephenson\ninitial: { ratings: list.csv }\n"
                               "input: { format: games-csv, path: g.csv }\nperiod: month\noutput: { dir: out }\n");
    const auto r = run_cli("-q run '" + (dir / "c.yaml").string() + "'");
    return std::make_pair(r, r.status == 0 ? read_text(dir / "out/ratings.csv") : "");
  };
  // Above rdmax it starts at rdmax, as steph() caps a status's deviation: 400 rates as 350 does.
  CHECK(rated("400").second == rated("350").second);
  CHECK(rated("0.001").first.status == 0);
  const auto refused = rated("0").first;
  CHECK(refused.status != 0);
  CHECK(refused.out.find("a player's rd must be a number above 0") != std::string::npos);
}

TEST_CASE("stephenson through the history database: the World Cups to 1990, then on, end as one run", "[stephenson][cli]") {
  // The RDs, and the years each team sat out, cross from the first run to the second.
  const auto runs = ratekit::testing::rate_in_one_and_two_runs("data/football/world_cup_1930_2022.csv", "1994",
                                                               "model: stephenson\nperiod: year\n", "games-csv");
  REQUIRE(runs.rated);
  CHECK(runs.second_run == runs.one_run);
  CHECK_THAT(runs.second_run, Catch::Contains("\nBrazil,"));
}

TEST_CASE("stephenson's expectations are glicko's: Elo's logistic without RDs, A raised by the advantage",
          "[stephenson][expect]") {
  const stephenson model = make(10, 10, 0, 2);
  CHECK(model.expect(1500, 1900, 0) == Approx(1.0 / 11).epsilon(1e-12));  // 1 / (1 + 10^(400/400))
  CHECK(model.expect(1500, 1900, 400) == Approx(0.5).epsilon(1e-12));
  CHECK(model.expect(1900, 1500, -400) == Approx(0.5).epsilon(1e-12));
  const double a[] = {1500, 0}, b[] = {1900, 0}, unsure_a[] = {1500, 350}, unsure_b[] = {1900, 350};
  CHECK(model.expect(a, b, 400) == Approx(0.5).epsilon(1e-12));
  CHECK(model.expect(unsure_a, unsure_b, 0) > 1.0 / 11 + 0.05);
  CHECK(model.expect(unsure_a, unsure_b, 0) < 0.5);
}

}  // namespace test_stephenson
