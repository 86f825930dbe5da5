// FiveThirtyEight's NFL Elo 1999-2017 (configs/nfl-538.yaml) against every rating
// 538 published, and the pieces it is built from: the margin multiplier, season
// regression toward a fixed value, entry ratings, games-csv column mapping and
// M/D/YYYY dates.
#include "test_nfl_common.hpp"
#include "test_support.hpp"

#include <catch2/catch.hpp>

#include <nfl-score-elo/nfl_score_elo.hpp>
#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/input/readers.hpp>

#include <array>
#include <cmath>
#include <map>
#include <sstream>
#include <vector>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_nfl538 {

using namespace ratekit::testing;
using ratekit::plugins::margin_rule;
using ratekit::plugins::nfl_score_elo;

namespace {

constexpr double tight = 1e-12;

std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> out;
  std::stringstream ss(line);
  for (std::string f; std::getline(ss, f, ',');) out.push_back(f);
  return out;
}

// A CSV file as rows of fields, header first.
std::vector<std::vector<std::string>> rows(const std::filesystem::path& file) {
  std::istringstream in(read_text(file));
  std::vector<std::vector<std::string>> out;
  for (std::string line; std::getline(in, line);) out.push_back(split(line));
  return out;
}

size_t column(const std::vector<std::string>& header, const std::string& name) {
  const auto it = std::find(header.begin(), header.end(), name);
  REQUIRE(it != header.end());
  return size_t(it - header.begin());
}

// The model with 538's NFL settings, regressing toward `target` (0 mean, 1 value 1505).
nfl_score_elo model_538(double target = 1, double margin = margin_rule::log_margin) {
  static std::array<double, 11> values;
  values = {400.0, 0.0, 1.0 / 3.0, target, 1505.0, margin, 2.2, 0.001, 0.0, 1.0, 2.2};
  return nfl_score_elo(ratekit::sdk::host(nullptr), ratekit::sdk::params(values.data(), 11));
}

// A game with points, K 20 and home advantage `adv` for A in prediction and update.
rk_game game(int32_t a, int32_t b, double pa, double pb, double adv, uint32_t flags = 0) {
  const double s = pa > pb ? 1.0 : pa < pb ? 0.0 : 0.5;
  return rk_game{a, b, s, pa, pb, 20, 20, adv, adv, 0.0, flags, 0};
}

std::vector<rk_game_out> rate(nfl_score_elo& model, league& l, const std::vector<rk_game>& games) {
  std::vector<rk_game_out> out(games.size());
  const rk_game_batch batch{sizeof(rk_game_batch), 0, games.data(), games.size(), nullptr, 0, nullptr, nullptr, nullptr, nullptr, nullptr, 0};
  model.rate_games(l.state(), batch, out.data());
  return out;
}

double p_home(double diff) { return 1.0 / (1.0 + std::pow(10.0, -diff / 400.0)); }

}  // namespace

TEST_CASE("nfl-538 reproduces every rating FiveThirtyEight published for 1999-2017", "[nfl538][integration]") {
  temp_dir dir;
  const auto run = run_cli("run " + source_path("configs/nfl-538.yaml").string() + " --out " + (dir / "out").string());
  REQUIRE(run.status == 0);
  const auto published = rows(source_path("data/nfl/nfl_elo_538_1999_2017.csv"));
  const auto history = rows(dir / "out" / "history.csv");
  REQUIRE(published.size() == 1 + 5049);
  REQUIRE(history.size() == 1 + 2 * 5049);  // both sides of every game, in game order
  const auto& ph = published[0];
  const size_t team1 = column(ph, "team1"), team2 = column(ph, "team2"), post1 = column(ph, "elo1_post"),
               post2 = column(ph, "elo2_post"), season = column(ph, "season");
  const auto& hh = history[0];
  const size_t player = column(hh, "player"), before = column(hh, "rating_before"), after = column(hh, "rating_after");

  size_t matched = 0, in_order = 0;
  double worst = 0;
  std::map<std::string, std::pair<std::string, double>> entry;  // team -> (first season, rating before)
  for (size_t g = 1; g < published.size(); ++g) {
    const auto& p = published[g];
    const std::array<const std::vector<std::string>*, 2> sides{&history[2 * g - 1], &history[2 * g]};
    const std::array<size_t, 2> teams{team1, team2}, posts{post1, post2};
    for (size_t s = 0; s < 2; ++s) {
      const auto& h = *sides[s];
      in_order += h[player] == p[teams[s]];
      const double error = std::fabs(std::stod(h[after]) - std::stod(p[posts[s]]));
      worst = std::max(worst, error);
      matched += error <= 0.01;
      entry.try_emplace(h[player], p[season], std::stod(h[before]));
    }
  }
  CHECK(in_order == 10098);
  CHECK(matched == 10098);
  CHECK(worst < 0.001);  // measured 0.00086: the file's first ratings are rounded to 0.001
  // New franchises enter at 1300: Cleveland in 1999 (from the list), Houston in 2002 (from initial.rating).
  CHECK(entry.at("CLE") == std::make_pair(std::string("1999"), 1300.0));
  CHECK(entry.at("HOU") == std::make_pair(std::string("2002"), 1300.0));
  CHECK(entry.at("NO") == std::make_pair(std::string("1999"), 1437.814));
  CHECK(entry.size() == 32);
}

TEST_CASE("margin multiplier: log-margin, seen from the winner, 2.2 for a tie", "[nfl538]") {
  const margin_rule log{margin_rule::log_margin, 2.2, 0.001, 0.0, 1.0, 2.2};
  // Home (A) wins by 7 with a difference of +100: damped by the favourite's 100.
  CHECK(log.multiplier(7, 100, 0) == Approx(std::log(8.0) * 2.2 / 2.3).epsilon(tight));
  // A loses by 7 with +100: the winner B was 100 behind, an upset, so the multiplier grows.
  CHECK(log.multiplier(-7, 100, 0) == Approx(std::log(8.0) * 2.2 / 2.1).epsilon(tight));
  CHECK(log.multiplier(-7, -100, 0) == Approx(std::log(8.0) * 2.2 / 2.3).epsilon(tight));
  // A tie: ln(max(0, 1) + 1) with the fraction 2.2 / 1.0, whatever the difference.
  CHECK(log.multiplier(0, 300, 0) == Approx(std::log(2.0) * 2.2).epsilon(tight));
  CHECK(log.multiplier(0, -300, 0) == Approx(std::log(2.0) * 2.2).epsilon(tight));
  // A one-point margin counts as ln(2), like max(|m|, 1) says.
  CHECK(log.multiplier(1, 0, 0) == Approx(std::log(2.0)).epsilon(tight));
  CHECK(log.multiplier(2, 0, 0) == Approx(std::log(3.0)).epsilon(tight));

  const margin_rule power{margin_rule::power_margin, 7.5, 0.006, 3.0, 0.8, 1.0};
  CHECK(power.multiplier(-10, -50, 0) == Approx(std::pow(13.0, 0.8) * 7.5 / 7.8).epsilon(tight));
  CHECK(power.multiplier(0, 50, 0) == Approx(std::pow(3.0, 0.8)).epsilon(tight));
  CHECK(margin_rule{}.multiplier(NAN, 0, 0) == 1.0);  // none needs no points

  CHECK_THROWS_AS(log.multiplier(NAN, 0, 3), ratekit::sdk::failure);
  CHECK_THROWS_AS(log.multiplier(3, -2200, 0), ratekit::sdk::failure);  // divisor 0
  CHECK(log.multiplier(3, -2199, 0) == Approx(std::log(4.0) * 2200).epsilon(1e-9));
}

TEST_CASE("nfl-score-elo: the multiplier sees the home field in the difference", "[nfl538]") {
  auto model = model_538();
  league l({1500, 1500, 1480, 1520});
  // Equal teams, home wins by 7: d = 65 in the probability and in the multiplier.
  const auto out = rate(model, l, {game(0, 1, 24, 17, 65), game(2, 3, 10, 13, 0, RK_GAME_NEUTRAL), game(3, 2, 3, 3, 65)});
  const double m0 = std::log(8.0) * 2.2 / (2.2 + 0.065);
  CHECK(out[0].expected_a == Approx(p_home(65)).epsilon(tight));
  CHECK(out[0].delta_a == Approx(20 * m0 * (1 - p_home(65))).epsilon(tight));
  CHECK(out[0].delta_b == Approx(-20 * m0 * (1 - p_home(65))).epsilon(tight));
  // Neutral, the favourite B (40 ahead) wins by 3: winner's difference +40.
  const double m1 = std::log(4.0) * 2.2 / (2.2 + 0.040);
  CHECK(out[1].delta_b == Approx(20 * m1 * p_home(-40)).epsilon(tight));
  // A tie at home: 2.2 ln 2, the expectation with the home field.
  const double ra = 1520 + out[1].delta_b, rb = 1480 + out[1].delta_a;
  CHECK(out[2].delta_a == Approx(20 * 2.2 * std::log(2.0) * (0.5 - p_home(ra + 65 - rb))).epsilon(tight));
}

TEST_CASE("nfl-score-elo: seasons regress toward a fixed value or the mean, entries untouched", "[nfl538]") {
  // Teams 0-2 play season one; team 3 enters at 1300 in season two.
  const std::vector<double> start{1600, 1500, 1400, 1300};
  auto fixed = model_538(1, margin_rule::none);
  auto mean = model_538(0, margin_rule::none);
  league lf(start), lm(start);
  const std::vector<rk_game> one{game(0, 1, 7, 7, 0), game(1, 2, 7, 7, 0), game(2, 0, 7, 7, 0)};
  rate(fixed, lf, one);
  rate(mean, lm, one);
  std::vector<double> f = lf.rating, m = lm.rating;
  CHECK(f[3] == 1300);

  // Season two opens with 1 v 3: every team that played regresses, team 3 does not.
  const std::vector<rk_game> two{game(1, 3, 7, 7, 0, RK_GAME_SEASON_START)};
  const auto of = rate(fixed, lf, two);
  const auto om = rate(mean, lm, two);
  const double mean_played = (m[0] + m[1] + m[2]) / 3;
  for (int t : {0, 2}) {
    CHECK(lf.rating[size_t(t)] == Approx(f[size_t(t)] + (1505 - f[size_t(t)]) / 3).epsilon(tight));
    CHECK(lm.rating[size_t(t)] == Approx(m[size_t(t)] + (mean_played - m[size_t(t)]) / 3).epsilon(tight));
  }
  // Both sides of the game: team 1 regressed before it, team 3 played from 1300.
  const double r1 = f[1] + (1505 - f[1]) / 3;
  const double d = 20 * (0.5 - p_home(r1 - 1300));
  CHECK(of[0].expected_a == Approx(p_home(r1 - 1300)).epsilon(tight));
  CHECK(lf.rating[1] == Approx(r1 + d).epsilon(tight));
  CHECK(lf.rating[3] == Approx(1300 - d).epsilon(tight));
  CHECK(of[0].delta_a == Approx(r1 - f[1] + d).epsilon(tight));  // the shift shows in its first game
  CHECK(of[0].delta_b == Approx(-d).epsilon(tight));
  CHECK(om[0].delta_b == Approx(lm.rating[3] - 1300).epsilon(tight));

  // Season three: team 3 has played now and regresses too; again toward 1505.
  f = lf.rating;
  m = lm.rating;
  rate(fixed, lf, {game(0, 2, 7, 7, 0, RK_GAME_SEASON_START)});
  rate(mean, lm, {game(0, 2, 7, 7, 0, RK_GAME_SEASON_START)});
  CHECK(lf.rating[3] == Approx(f[3] + (1505 - f[3]) / 3).epsilon(tight));
  CHECK(lf.rating[1] == Approx(f[1] + (1505 - f[1]) / 3).epsilon(tight));
  const double mean_all = (m[0] + m[1] + m[2] + m[3]) / 4;
  CHECK(lm.rating[3] == Approx(m[3] + (mean_all - m[3]) / 3).epsilon(tight));
  CHECK(lm.rating[1] == Approx(m[1] + (mean_all - m[1]) / 3).epsilon(tight));
  // The mean keeps the sum; a fixed target does not.
  CHECK(lm.rating[0] + lm.rating[1] + lm.rating[2] + lm.rating[3] == Approx(m[0] + m[1] + m[2] + m[3]).epsilon(tight));
  CHECK(lf.rating[0] + lf.rating[1] + lf.rating[2] + lf.rating[3] ==
        Approx(f[0] + f[1] + f[2] + f[3] + (4 * 1505 - f[0] - f[1] - f[2] - f[3]) / 3).epsilon(tight));
}

namespace {

// Reads `text` as games-csv with the 538 file's mapping (or `options`); the problems as "line:column: message".
std::vector<std::string> read_problems(const std::string& text, ratekit::reader_options options, ratekit::dataset& d) {
  temp_dir dir;
  write_text(dir / "g.csv", text);
  try {
    ratekit::read_games_csv(dir / "g.csv", options, d);
  } catch (const ratekit::user_error& e) {
    std::vector<std::string> out;
    for (const auto& p : e.diagnostics())
      out.push_back(std::to_string(p.line) + ":" + std::to_string(p.column) + ": " + p.message);
    return out;
  }
  return {};
}

ratekit::reader_options mapped_538() {
  ratekit::reader_options o;
  o.columns = {{"date", "date"},       {"season", "season"},   {"neutral", "neutral"}, {"player_a", "team1"},
               {"player_b", "team2"}, {"points_a", "score1"}, {"points_b", "score2"}};
  o.dates = ratekit::date_layout::us;
  o.home_side = 1;
  return o;
}

const char* header_538 = "date,season,neutral,playoff,team1,team2,elo1_pre,score1,score2\n";

}  // namespace

TEST_CASE("games-csv maps the columns of a published file and ignores the rest", "[nfl538][readers]") {
  ratekit::dataset d;
  const auto problems = read_problems(std::string(header_538) +
                                          "9/7/2003,2003,0,,NE,BUF,1520.1,31,0\n"
                                          "1/4/2004,2003,0,w,BUF,NE,1500,7,7\n"
                                          "2/1/2004,2003,1,s,NE,CAR,1600,32,29\n"
                                          "09/09/2004,2004,0,,CAR,NE,1550,24,27\n",
                                      mapped_538(), d);
  REQUIRE(problems.empty());
  REQUIRE(d.games.size() == 4);
  CHECK(d.facts.date == std::vector<int32_t>{20030907, 20040104, 20040201, 20040909});
  CHECK(d.players.name(d.games[0].a) == "NE");
  CHECK(d.players.name(d.games[0].b) == "BUF");
  // Scores come from the points; team1 is at home unless the game is neutral.
  CHECK(d.games[0].score_a == 1.0);
  CHECK(d.games[1].score_a == 0.5);
  CHECK(d.games[3].score_a == 0.0);
  CHECK(d.games[0].points_a == 31);
  CHECK(d.facts.home == std::vector<int8_t>{1, 1, 0, 1});
  CHECK(d.games[2].flags == RK_GAME_NEUTRAL);  // the playoff column is not mapped: 's' is not read
  // A new season label flags its first game; the file's first season has none before it.
  CHECK(d.games[0].flags == 0);
  CHECK(d.games[1].flags == 0);
  CHECK(d.games[3].flags == RK_GAME_SEASON_START);
  // A second file continues the season count.
  const auto more = read_problems(std::string(header_538) + "9/16/2004,2004,0,,NE,CAR,1,1,0\n9/6/2005,2005,0,,NE,CAR,1,1,0\n",
                                  mapped_538(), d);
  REQUIRE(more.empty());
  CHECK(d.games[4].flags == 0);
  CHECK(d.games[5].flags == RK_GAME_SEASON_START);
}

TEST_CASE("games-csv: a mapped column the file lacks is named", "[nfl538][readers]") {
  ratekit::dataset d;
  auto options = mapped_538();
  options.columns.emplace_back("week", "wk");
  CHECK(read_problems(std::string(header_538) + "9/7/2003,2003,0,,NE,BUF,1,31,0\n", options, d) ==
        std::vector<std::string>{"1:1: expected a column named 'wk', got header 'date,season,neutral,playoff,team1,tea...'"});
  options = mapped_538();
  options.columns.erase(options.columns.begin() + 5, options.columns.end());  // no points
  CHECK(read_problems(std::string(header_538) + "9/7/2003,2003,0,,NE,BUF,1,31,0\n", options, d) ==
        std::vector<std::string>{"1:1: expected input.columns to map score_a (or points_a and points_b)"});
}

TEST_CASE("games-csv reads M/D/YYYY dates and rejects impossible ones", "[nfl538][readers]") {
  ratekit::dataset d;
  const auto problems = read_problems(std::string(header_538) +
                                          "1/2/2003,2003,0,,A,B,1,1,0\n"     // 2: one digit each
                                          "12/31/2003,2003,0,,A,B,1,1,0\n"   // 3: two digits each
                                          "02/29/2004,2003,0,,A,B,1,1,0\n"   // 4: leap day
                                          "2/29/2003,2003,0,,A,B,1,1,0\n"    // 5: not a leap year
                                          "13/1/2003,2003,0,,A,B,1,1,0\n"    // 6: month 13
                                          "4/31/2003,2003,0,,A,B,1,1,0\n"    // 7: April 31
                                          "0/5/2003,2003,0,,A,B,1,1,0\n"     // 8: month 0
                                          "1/2/03,2003,0,,A,B,1,1,0\n"       // 9: two-digit year
                                          "2003-01-02,2003,0,,A,B,1,1,0\n"   // 10: ISO
                                          "123/1/2003,2003,0,,A,B,1,1,0\n"   // 11: three digits
                                          "1//2003,2003,0,,A,B,1,1,0\n"      // 12: no day
                                          "1/2/2003x,2003,0,,A,B,1,1,0\n"    // 13: junk
                                          "1/012/2003,2003,0,,A,B,1,1,0\n"   // 14: a three-digit day
                                          "1/2/20030,2003,0,,A,B,1,1,0\n",   // 15: a five-digit year
                                      mapped_538(), d);
  std::vector<std::string> expected;
  for (const auto& [line, date] : std::vector<std::pair<int, std::string>>{
           {5, "2/29/2003"}, {6, "13/1/2003"}, {7, "4/31/2003"}, {8, "0/5/2003"}, {9, "1/2/03"},
           {10, "2003-01-02"}, {11, "123/1/2003"}, {12, "1//2003"}, {13, "1/2/2003x"},
           {14, "1/012/2003"}, {15, "1/2/20030"}})
    expected.push_back(std::to_string(line) + ":1: expected date as a valid date M/D/YYYY" +
                       // a date another layout reads says which
                       (date == "13/1/2003"    ? " (input.date_format 'dd/mm/yyyy' reads this one)"
                        : date == "2003-01-02" ? " (input.date_format 'yyyy-mm-dd' reads this one)"
                                               : "") +
                       ", got '" + date + "'");
  CHECK(problems == expected);
  ratekit::dataset ok;
  REQUIRE(read_problems(std::string(header_538) + "1/2/2003,2003,0,,A,B,1,1,0\n12/31/2003,2003,0,,A,B,1,1,0\n"
                        "02/29/2004,2003,0,,A,B,1,1,0\n",
                        mapped_538(), ok).empty());
  CHECK(ok.facts.date == std::vector<int32_t>{20030102, 20031231, 20040229});
}

TEST_CASE("input.columns: unknown keys and options of formats without named columns", "[nfl538][config]") {
  temp_dir dir;
  std::string config = read_text(source_path("configs/nfl-538.yaml"));
  const auto replace = [&](const std::string& from, const std::string& to) {
    std::string c = config;
    REQUIRE(c.find(from) != std::string::npos);
    c.replace(c.find(from), from.size(), to);
    for (size_t at; (at = c.find("../data/")) != std::string::npos;) c.replace(at, 8, source_path("data").string() + "/");
    write_text(dir / "c.yaml", c);
    return run_cli("run " + (dir / "c.yaml").string() + " --out " + (dir / "out").string());
  };
  const std::string file = (dir / "c.yaml").string();
  auto r = replace("player_a: team1", "playr_a: team1");
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains(file + ":27:60: unknown column 'playr_a' in 'input.columns' of games-csv "
                                           "(did you mean 'player_a'?)"));
  r = replace("date_format: m/d/yyyy", "date_format: d/m/yyyy");
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains(file + ":29:16: expected one of"));
  r = replace("format: games-csv", "format: nfl-csv");
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains(file + ":27:3: 'columns' is not an option of input format 'nfl-csv'"));
  r = replace("date_format: m/d/yyyy", "date_format: yyyy-mm-dd");
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("nfl_elo_538_1999_2017.csv:2:1: expected date as a valid date YYYY-MM-DD (input.date_format "
                                    "'m/d/yyyy' or 'dd/mm/yyyy' reads this one), got '9/12/1999'"));
}

TEST_CASE("games-csv reads results as chess exports write them", "[nfl538][readers]") {
  ratekit::dataset d;
  ratekit::reader_options o;
  o.columns = {{"date", "Date"}, {"player_a", "White"}, {"player_b", "Black"}, {"score_a", "Result"}};
  const auto problems = read_problems("Event,Date,White,Black,Result\n"
                                      "Rated,2024-01-05,ann,bob,1-0\n"
                                      "Rated,2024-01-05,bob,ann,0-1\n"
                                      "Rated,2024-01-06,ann,bob,1/2-1/2\n"
                                      "Rated,2024-01-06,bob,ann,\u00BD-\u00BD\n"
                                      "Rated,2024-01-07,ann,bob,0.5\n"
                                      "Rated,2024-01-07,ann,bob,1-1\n"
                                      "Rated,2024-01-07,ann,bob,*\n",
                                      o, d);
  CHECK(problems == std::vector<std::string>{"7:26: expected Result as a number from 0 to 1, got '1-1'",
                                             "8:26: expected Result as a number from 0 to 1, got '*'"});
  ratekit::dataset ok;
  REQUIRE(read_problems("Date,White,Black,Result\n2024-01-05,ann,bob,1-0\n2024-01-05,bob,ann,0-1\n"
                        "2024-01-06,ann,bob,1/2-1/2\n2024-01-06,bob,ann,\u00BD-\u00BD\n",
                        o, ok).empty());
  REQUIRE(ok.games.size() == 4);
  CHECK(ok.games[0].score_a == 1.0);
  CHECK(ok.games[1].score_a == 0.0);
  CHECK(ok.games[2].score_a == 0.5);
  CHECK(ok.games[3].score_a == 0.5);
  CHECK(ok.facts.home == std::vector<int8_t>{0, 0, 0, 0});
}

}  // namespace test_nfl538
