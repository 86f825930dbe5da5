// fifa-sum against FIFA's SUM rules ("Revision of the FIFA / Coca-Cola World Ranking", 2018):
// P = P_before + I (W - We), We = 1 / (10^(-dr/600) + 1); shoot-outs; knockout rounds.
#include "model_pool.hpp"
#include "test_support.hpp"

#include <catch2/catch.hpp>
#include <fifa-sum/fifa_sum.hpp>

#include <filesystem>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_fifa_sum {

using ratekit::plugins::fifa_sum;
using ratekit::plugins::fifa_we;
using pool = model_pool<fifa_sum>;
using namespace ratekit::testing;

namespace {
// A team 600 points above its opponent expects 1 / (10^-1 + 1) = 10/11.
constexpr double we_600 = 10.0 / 11.0;
}  // namespace

TEST_CASE("fifa-sum: We is 1 / (10^(-dr/600) + 1)", "[fifa-sum]") {
  CHECK(fifa_we(0.0) == 0.5);
  CHECK(fifa_we(600.0) == Approx(we_600).margin(1e-15));
  CHECK(fifa_we(-600.0) == Approx(1.0 / 11.0).margin(1e-15));
  CHECK(fifa_we(1200.0) == Approx(100.0 / 101.0).margin(1e-15));
  // FIFA's scale is 600 points a factor 10 in the odds, not chess's 400.
  CHECK(fifa_we(400.0) == Approx(1.0 / (std::pow(10.0, -2.0 / 3.0) + 1.0)).margin(1e-15));
}

TEST_CASE("fifa-sum: a match moves both teams by I (W - We), match by match", "[fifa-sum]") {
  pool p({1600, 1000, 1000});
  p.play(0, 1, 1.0, 10);   // a friendly in a window: the favourite wins
  p.play(1, 2, 0.5, 25);   // a qualifier, played on team 1's points after the friendly
  p.rate(true);
  CHECK(p.out[0].expected_a == Approx(we_600).margin(1e-15));
  CHECK(p.out[0].delta_a == Approx(10.0 / 11.0).margin(1e-12));
  CHECK(p.out[0].delta_b == Approx(-10.0 / 11.0).margin(1e-12));
  const double p1 = 1000.0 - 10.0 / 11.0;
  CHECK(p.out[1].delta_a == Approx(25.0 * (0.5 - fifa_we(p1 - 1000.0))).margin(1e-12));
  CHECK(p.rating[0] == Approx(1600.0 + 10.0 / 11.0).margin(1e-12));
  CHECK(p.rating[2] - 1000.0 == Approx(-p.out[1].delta_a).margin(1e-12));
}

TEST_CASE("fifa-sum: a shoot-out gives its winner W 0.75 and the loser 0.5", "[fifa-sum]") {
  pool p({1000, 1000, 1600, 1000});
  p.play(0, 1, 0.5, 50, RK_GAME_SHOOTOUT_A);  // equals: the winner gains I/4, the loser nothing
  p.play(2, 3, 0.5, 50, RK_GAME_SHOOTOUT_B);  // the favourite loses the shoot-out of a group-stage match
  p.rate(true);
  CHECK(p.out[0].delta_a == Approx(12.5).margin(1e-12));
  CHECK(p.out[0].delta_b == 0.0);
  CHECK(p.out[1].delta_a == Approx(50.0 * (0.5 - we_600)).margin(1e-12));
  CHECK(p.out[1].delta_b == Approx(50.0 * (0.75 - 1.0 / 11.0)).margin(1e-12));
  // Without the shoot-out the same draw is W 0.5 for both.
  pool draw({1000, 1000});
  draw.play(0, 1, 0.5, 50);
  draw.rate(true);
  CHECK(draw.out[0].delta_a == 0.0);
  CHECK(draw.rating[0] == 1000.0);
}

TEST_CASE("fifa-sum: a knockout round of a final competition takes no points, on both sides", "[fifa-sum]") {
  // The favourite (1600) loses: in the group stage he loses I We, in a knockout round nothing,
  // while the winner gains I (1 - (1 - We)) either way.
  for (const bool knockout : {false, true}) {
    INFO("knockout " << knockout);
    pool p({1600, 1000});
    p.play(0, 1, 0.0, 60, knockout ? RK_GAME_PLAYOFF : 0u);
    p.rate(true);
    CHECK(p.out[0].delta_a == Approx(knockout ? 0.0 : -60.0 * we_600).margin(1e-12));
    CHECK(p.out[0].delta_b == Approx(60.0 * we_600).margin(1e-12));
    CHECK(p.rating[0] == Approx(knockout ? 1600.0 : 1600.0 - 60.0 * we_600).margin(1e-12));
  }
  // A favourite keeps his points after a knockout shoot-out, lost (W 0.5) or won (W 0.75), both below We.
  pool p({1600, 1000, 1600, 1000});
  p.play(0, 1, 0.5, 60, RK_GAME_PLAYOFF | RK_GAME_SHOOTOUT_B);
  p.play(2, 3, 0.5, 60, RK_GAME_PLAYOFF | RK_GAME_SHOOTOUT_A);
  p.rate(true);
  CHECK(p.out[0].delta_a == 0.0);
  CHECK(p.out[0].delta_b == Approx(60.0 * (0.75 - 1.0 / 11.0)).margin(1e-12));
  CHECK(p.out[1].delta_a == 0.0);  // 0.75 is below We = 10/11: even the shoot-out's winner would lose
  // The underdog losing the shoot-out gains 60 (0.5 - 1/11): the rule spares losses only.
  CHECK(p.out[1].delta_b == Approx(60.0 * (0.5 - 1.0 / 11.0)).margin(1e-12));
}

TEST_CASE("fifa-sum refuses a shoot-out after a decided match, and two winners", "[fifa-sum]") {
  pool p({1000, 1000});
  p.play(0, 1, 1.0, 50, RK_GAME_SHOOTOUT_A);
  CHECK_THROWS_WITH(p.rate(true), Catch::Contains("score must be 0.5"));
  CHECK(p.rating[0] == 1000.0);
  pool both({1000, 1000});
  both.play(0, 1, 0.5, 50, RK_GAME_SHOOTOUT_A | RK_GAME_SHOOTOUT_B);
  CHECK_THROWS_WITH(both.rate(true), Catch::Contains("one winner"));
}

TEST_CASE("fifa-sum rates games-csv's shootout and playoff columns", "[fifa-sum][cli]") {
  const temp_dir tmp;
  const auto& dir = tmp.path();
  write_text(dir / "config.yaml",
             "competition: c\nmodel: fifa-sum\nk_schedule: [ { when: { playoff: true }, k: 60 }, { k: 50 } ]\n"
             "initial: 1000\ninput: { format: games-csv, path: games.csv }\n");
  // Argentina and France draw the final (France wins nothing back); then a group match.
  write_text(dir / "games.csv",
             "date,player_a,player_b,score_a,playoff,shootout\n2022-12-18,Argentina,France,0.5,1,a\n"
             "2022-12-20,France,Chile,0.5,0,B\n");
  const auto r = run_cli("-q run " + (dir / "config.yaml").string() + " --out " + (dir / "out").string());
  REQUIRE(r.status == 0);
  const std::string ratings = read_text(dir / "out" / "ratings.csv");
  CHECK(ratings.find("Argentina,1015,") != std::string::npos);  // 60 (0.75 - 0.5)
  CHECK(ratings.find("Chile,1012.5,") != std::string::npos);    // 50 (0.75 - 0.5)
  CHECK(ratings.find("France,1000,") != std::string::npos);
}

TEST_CASE("fifa-sum through the database, predict and a chart", "[fifa-sum][cli]") {
  const temp_dir tmp;
  const std::string dir = tmp.path().string();
  write_text(tmp / "c.yaml", "competition: c\nmodel: fifa-sum\nk_schedule: [ { k: 50 } ]\n"
                             "input: { format: games-csv, path: g.csv }\noutput: { database: r.db }\n");
  write_text(tmp / "g.csv", "date,player_a,player_b,score_a\n2022-11-20,Qatar,Ecuador,0\n");  // 50 (1 - 0.5)
  write_text(tmp / "new.csv", "match,player_a,player_b\n1,Ecuador,Qatar\n");
  REQUIRE(run_cli("-q run '" + dir + "/c.yaml' --out '" + dir + "/out'").status == 0);
  CHECK_THAT(run_cli("history '" + dir + "/r.db' Ecuador").out, Catch::Contains("1025"));
  // Ecuador at 1025 against Qatar at 975: We = 1 / (10^(-50/600) + 1).
  const auto from_config = run_cli("-q predict '" + dir + "/c.yaml' '" + dir + "/new.csv'");
  REQUIRE(from_config.status == 0);
  CHECK_THAT(from_config.out, Catch::Contains("0.5478238781693"));
  const auto from_database = run_cli("-q predict --database '" + dir + "/r.db' --competition c '" + dir + "/new.csv'");
  CHECK(from_database.out == from_config.out);
  const auto chart = run_cli("chart '" + dir + "/out' --player Ecuador");
  REQUIRE(chart.status == 0);
  CHECK_THAT(chart.out, Catch::Contains("Ecuador,1,1025.000000,"));
}

namespace {
// One row of a CSV file, with fields in double quotes holding commas (the data's tags do).
std::vector<std::string> fifa_example_fields(const std::string& line) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (const char c : line) {
    if (c == '"') quoted = !quoted;
    else if (c == ',' && !quoted) fields.emplace_back();
    else fields.back() += c;
  }
  return fields;
}

// I from the README's table (FIFA's importance of a match), for the source's tag.
double fifa_example_importance(const std::string& tag) {
  static const std::set<std::string> confederation_finals = {
      "UEFA Euro", "Copa América", "African Cup of Nations", "AFC Asian Cup", "Gold Cup", "Oceania Nations Cup"};
  static const std::set<std::string> fixed_25 = {
      "FIFA World Cup qualification", "CONCACAF Nations League qualification",
      "UEFA Nations League, play-offs and finals", "CONCACAF Nations League, play-offs and finals"};
  const std::string late = ", quarter-finals on";
  const bool from_quarter_finals = tag.size() > late.size() && tag.compare(tag.size() - late.size(), late.size(), late) == 0;
  const std::string competition = from_quarter_finals ? tag.substr(0, tag.size() - late.size()) : tag;
  const std::string qualifier = " qualification";
  const bool qualification = competition.size() > qualifier.size() &&
                             confederation_finals.count(competition.substr(0, competition.size() - qualifier.size())) &&
                             competition.compare(competition.size() - qualifier.size(), qualifier.size(), qualifier) == 0;
  if (competition == "FIFA World Cup") return from_quarter_finals ? 60 : 50;
  if (confederation_finals.count(competition)) return from_quarter_finals ? 40 : 35;
  if (qualification || fixed_25.count(tag)) return 25;
  if (tag == "UEFA Nations League" || tag == "CONCACAF Nations League") return 15;
  return 10;
}
}  // namespace

// configs/fifa-sum.yaml on the bundled results (2018 to 2025): every match at the importance of
// FIFA's table for its competition and stage, and no team losing points in a knockout round.
TEST_CASE("fifa-sum rates configs/fifa-sum.yaml: FIFA's table of I and the knockout rule on every match",
          "[fifa-sum][cli]") {
  const temp_dir tmp;
  const auto r = run_cli("-q run " + source_path("configs/fifa-sum.yaml").string() + " --out '" + tmp.path().string() + "'");
  REQUIRE(r.status == 0);
  // The data's matches: (date, team, opponent) -> (tag, knockout), both ways round.
  std::map<std::tuple<std::string, std::string, std::string>, std::pair<std::string, bool>> matches;
  std::istringstream data(read_text(source_path("data/football/fifa_sum_2018_2025.csv")));
  std::string line;
  std::getline(data, line);
  while (std::getline(data, line)) {
    const auto f = fifa_example_fields(line);  // date,player_a,player_b,score_a,points_a,points_b,tag,playoff,shootout
    REQUIRE(f.size() == 9);
    matches[{f[0], f[1], f[2]}] = matches[{f[0], f[2], f[1]}] = {f[6], f[7] == "1"};
  }
  std::map<double, int> rows_at;  // I: rows rated at it
  int knockout_rows = 0, spared = 0, group_losses = 0;
  std::istringstream history(read_text(tmp / "history.csv"));
  std::getline(history, line);
  REQUIRE(line.rfind("period,date,player,opponent,expected,score,k,change,", 0) == 0);
  while (std::getline(history, line)) {
    const auto f = fifa_example_fields(line);
    const auto match = matches.find({f[1], f[2], f[3]});
    REQUIRE(match != matches.end());
    const auto& [tag, knockout] = match->second;
    INFO(line << " (" << tag << ")");
    const double k = std::stod(f[6]), change = std::stod(f[7]), score = std::stod(f[5]);
    CHECK(k == fifa_example_importance(tag));
    ++rows_at[k];
    if (knockout) {
      ++knockout_rows;
      CHECK(change >= 0);
      spared += score == 0 && change == 0;
    } else {
      group_losses += score == 0 && change < 0;
    }
  }
  CHECK(rows_at.size() == 7);  // 10, 15, 25, 35, 40, 50 and 60 each rate some match
  CHECK(rows_at[60] == 2 * 16);  // the World Cups' 16 matches from the quarter-finals on
  CHECK(knockout_rows == 2 * 196);
  CHECK(spared > 0);
  CHECK(group_losses > 0);
  // Egypt 0 Uruguay 1, both new at 1000, a group match of the 2018 World Cup: 50 (0 - 0.5).
  const std::string ratings_history = read_text(tmp / "history.csv");
  CHECK_THAT(ratings_history, Catch::Contains("2018-06-15,Egypt,Uruguay,0.5,0,50,-25,1000,975"));
  // Uruguay 0 France 2, a quarter-final: Uruguay keeps his points.
  CHECK_THAT(ratings_history, Catch::Contains("2018-07-06,Uruguay,France,"));
}

}  // namespace test_fifa_sum
