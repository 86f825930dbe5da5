// Team and multiplayer matches end to end, as a user runs them: team-csv in,
// ratings.csv, history.csv, metrics and predictions out, against the published
// numbers and against ts-trueskill and openskill.js on streams of thousands of
// matches (tests/data/teams, made by tests/reference).
#include "test_support.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cmath>
#include <map>
#include <sstream>
#include <string>
#include <vector>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_team_matches {

using namespace ratekit::testing;

namespace {

// A CSV file's rows as fields (no quoting in these files).
std::vector<std::vector<std::string>> csv_rows(const std::string& text) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    std::vector<std::string> fields;
    std::istringstream cells(line);
    for (std::string cell; std::getline(cells, cell, ',');) fields.push_back(cell);
    if (!line.empty() && line.back() == ',') fields.emplace_back();
    rows.push_back(fields);
  }
  return rows;
}

// Runs `model` (with `params`, YAML flow) on `data`; the output folder is dir/out.
command_result run_matches(const temp_dir& dir, const std::string& model, const std::string& data,
                           const std::string& params = "{}", const std::string& input_extra = "") {
  write_text(dir / "matches.csv", data);
  write_text(dir / "c.yaml", "competition: teams\nmodel: " + model + "\nparams: " + params +
                                 "\ninput: { format: team-csv, path: matches.csv" + input_extra +
                                 " }\noutput: { dir: out }\n");
  return run_cli("run -q " + (dir / "c.yaml").string());
}

const std::string two_new_players = "match,date,team,player,rank\nm1,2024-01-01,red,A,1\nm1,2024-01-01,blue,B,2\n";

}  // namespace

TEST_CASE("team-csv: TrueSkill's published check through a whole run, every history column", "[teams]") {
  temp_dir dir;
  const auto r = run_matches(dir, "trueskill", two_new_players);
  REQUIRE(r.status == 0);
  const auto ratings = csv_rows(read_text(dir / "out/ratings.csv"));
  REQUIRE(ratings[0] == std::vector<std::string>{"player", "rating", "sigma", "ordinal", "games", "peak"});
  REQUIRE(ratings[1][0] == "A");
  CHECK(std::round(std::stod(ratings[1][1]) * 1000) == 29396);  // 29.396 / 7.171
  CHECK(std::round(std::stod(ratings[1][2]) * 1000) == 7171);
  CHECK(std::round(std::stod(ratings[2][1]) * 1000) == 20604);  // 20.604 / 7.171
  CHECK(std::round(std::stod(ratings[2][2]) * 1000) == 7171);
  // The conservative ordinal is mu - 3 sigma, exactly as written.
  CHECK(std::stod(ratings[1][3]) == std::stod(ratings[1][1]) - 3 * std::stod(ratings[1][2]));
  CHECK(std::stod(ratings[2][3]) == std::stod(ratings[2][1]) - 3 * std::stod(ratings[2][2]));

  const auto history = csv_rows(read_text(dir / "out/history.csv"));
  REQUIRE(history[0] == std::vector<std::string>{"match", "date", "player", "team", "expected", "rank", "weight", "change",
                                                 "rating_before", "rating_after", "sigma_after", "sigma_before"});
  REQUIRE(history.size() == 3);
  CHECK(history[1][0] == "m1");
  CHECK(history[1][1] == "2024-01-01");
  CHECK(history[1][3] == "red");
  CHECK(history[2][3] == "blue");
  CHECK(history[1][4] == "0.5");  // two equal teams: the win chance, a draw counting half
  CHECK(history[1][5] == "1");
  CHECK(history[2][5] == "2");
  CHECK(history[1][6] == "1");
  CHECK(history[1][8] == "25");
  CHECK(std::stod(history[1][7]) == Approx(4.396).margin(5e-4));
  CHECK(std::stod(history[2][7]) == Approx(-4.396).margin(5e-4));
  CHECK(std::stod(history[1][11]) == 25.0 / 3);
}

TEST_CASE("team-csv: a draw, and Weng-Lin's published check", "[teams]") {
  temp_dir dir;
  REQUIRE(run_matches(dir, "trueskill", "match,date,team,player,rank\nd,2024-01-01,x,A,1\nd,2024-01-01,y,B,1\n").status == 0);
  const auto drawn = csv_rows(read_text(dir / "out/ratings.csv"));
  REQUIRE(drawn.size() == 3);
  for (size_t i = 1; i < drawn.size(); ++i) {
    CHECK(std::round(std::stod(drawn[i][1]) * 1000) == 25000);
    CHECK(std::round(std::stod(drawn[i][2]) * 1000) == 6458);
  }
  temp_dir wl;
  REQUIRE(run_matches(wl, "weng-lin", two_new_players).status == 0);
  const auto ratings = csv_rows(read_text(wl / "out/ratings.csv"));
  CHECK(std::round(std::stod(ratings[1][1]) * 1000) == 27635);
  CHECK(std::round(std::stod(ratings[1][2]) * 1000) == 8066);
  CHECK(std::round(std::stod(ratings[2][1]) * 1000) == 22365);
  CHECK(std::round(std::stod(ratings[2][2]) * 1000) == 8066);
}

// The reference streams run through the whole host (reader, engine, history.csv):
// each history row's rating_after and sigma_after are the reference's.
void check_stream(const std::string& model, const std::string& params, const std::string& file, double tolerance) {
  INFO(model << " " << params << " on " << file);
  temp_dir dir;
  const std::string data = read_text(source_path("tests/data/teams/" + file));
  const auto r = run_matches(dir, model, data, params,
                             ", columns: { match: match, date: date, team: team, player: player, rank: rank, weight: weight }");
  REQUIRE(r.status == 0);
  const auto expected = csv_rows(data), history = csv_rows(read_text(dir / "out/history.csv"));
  REQUIRE(history.size() == expected.size());
  double worst = 0;
  for (size_t i = 1; i < expected.size(); ++i) {
    REQUIRE(history[i][2] == expected[i][3]);  // the same player in the same place
    worst = std::max({worst, std::fabs(std::stod(history[i][9]) - std::stod(expected[i][6])),
                      std::fabs(std::stod(history[i][10]) - std::stod(expected[i][7]))});
  }
  INFO("largest difference " << worst);
  CHECK(worst <= tolerance);
}

TEST_CASE("team-csv streams agree with ts-trueskill and openskill.js through the host", "[teams]") {
  check_stream("trueskill", "{}", "trueskill-stream.csv", 1e-9);
  check_stream("weng-lin", "{ variant: plackett-luce }", "openskill-plackett-luce.csv", 1e-9);
  check_stream("weng-lin", "{ variant: thurstone-mosteller-full }", "openskill-thurstone-mosteller-full.csv", 1e-9);
  check_stream("weng-lin", "{ variant: bradley-terry-part }", "openskill-bradley-terry-part.csv", 1e-9);
}

TEST_CASE("team-csv refuses what is no team match, at its line and column", "[teams]") {
  const std::string head = "match,date,team,player,rank,weight\n";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"m,2024-01-01,a,A,1,1\nm,2024-01-01,a,B,1,1\n", "matches.csv:2:1: expected at least 2 teams in match 'm', got 1"},
      {"m,2024-01-01,a,A,1,1\nm,2024-01-01,b,A,2,1\n", "matches.csv:3:16: expected each player once per match"},
      {"m,2024-01-01,a,A,1,1\nm,2024-01-01,a,C,2,1\nm,2024-01-01,b,B,2,1\n", "matches.csv:3:18: expected rank '1' for team 'a'"},
      {"m,2024-01-01,a,A,1,0\nm,2024-01-01,b,B,2,1\n", "matches.csv:2:20: expected weight as a share of the match in (0, 1]"},
      {"m,2024-01-01,a,A,1,1.5\nm,2024-01-01,b,B,2,1\n", "matches.csv:2:20: expected weight as a share"},
      {"m,2024-01-01,a,A,1,-0.5\nm,2024-01-01,b,B,2,1\n", "matches.csv:2:20: expected weight as a share"},
      {"m,2024-01-01,a,A,0,1\nm,2024-01-01,b,B,2,1\n", "matches.csv:2:18: expected rank as a positive number"},
      {"m,2024-01-01,a,A,-1,1\nm,2024-01-01,b,B,2,1\n", "matches.csv:2:18: expected rank as a positive number"},
      {"m,2024-01-01,a,A,x,1\nm,2024-01-01,b,B,2,1\n", "matches.csv:2:18: expected rank as a positive number"},
      {"m,2024-01-01,a,A,1,1\nn,2024-01-02,a,A,1,1\nn,2024-01-02,b,B,2,1\nm,2024-01-03,b,B,2,1\n",
       "matches.csv:5:1: expected the rows of match 'm' together, got it again (its rows began at line 2)"},
      {",2024-01-01,a,A,1,1\nm,2024-01-01,b,B,2,1\n", "matches.csv:2:1: expected match as a match name without control"},
      {"m\x01,2024-01-01,a,A,1,1\nm\x01,2024-01-01,b,B,2,1\n", "matches.csv:3:1: expected match as a match name"},
      {"m,2024-01-01,a,A,1,1\nm,2024-01-01,\x1b,B,2,1\n", "matches.csv:3:14: expected team as a team name without control"},
      {"m,2024-01-01,a,A,1,1\nm,2024-01-01,,B,2,1\n", "matches.csv:3:14: expected team as a team name without control"},
      {"m,2024-01-01,a,A,1,1\nm,2024-01-01,a,B\x02,1,1\nm,2024-01-01,b,C,2,1\n",
       "matches.csv:3:16: expected player as a player name without control"},
      {"m,2024-01-01,a,A,1,1\nm,2024-01-01,b,,2,1\n", "matches.csv:3:16: expected player as a player name without control"},
      {"m,2024-02-30,a,A,1,1\nm,2024-02-30,b,B,2,1\n", "matches.csv:2:3: expected date as a valid date"},
      {"m,2024-01-01,a,A,1,1\nm,2024-01-02,b,B,2,1\n", "matches.csv:3:3: expected date as '2024-01-01'"},
  };
  for (const auto& [rows, message] : cases) {
    INFO(rows);
    temp_dir dir;
    const auto r = run_matches(dir, "trueskill", head + rows);
    CHECK(r.status != 0);
    CHECK_THAT(r.out, Catch::Contains(message));
    CHECK(!std::filesystem::exists(dir / "out/ratings.csv"));
  }
  // At the edges: a weight of exactly 1, a small share, an empty weight (1), a fractional rank.
  temp_dir ok;
  REQUIRE(run_matches(ok, "trueskill", head + "m,2024-01-01,a,A,1.5,1\nm,2024-01-01,a,C,1.5,0.01\nm,2024-01-01,b,B,2,\n")
              .status == 0);
  const auto history = csv_rows(read_text(ok / "out/history.csv"));
  CHECK(history[2][6] == "0.01");
  CHECK(history[3][6] == "1");
}

TEST_CASE("team-csv needs a model of team matches, weights change the update", "[teams]") {
  temp_dir dir;
  const auto r = run_matches(dir, "elod-duplicate-scrabble", two_new_players);
  CHECK(r.status != 0);
  CHECK_THAT(r.out, Catch::Contains("rates ranked events of single players, but the input holds team matches"));
  const auto elo = run_matches(dir, "fide-logistic\nk_schedule: [{ k: 20 }]", two_new_players);
  CHECK(elo.status != 0);
  CHECK_THAT(elo.out, Catch::Contains("rates pairwise games, but the input holds team matches"));
  const auto home = run_matches(dir, "trueskill", two_new_players, "{}", ", home_side: a");
  CHECK(home.status != 0);
  CHECK_THAT(home.out, Catch::Contains("c.yaml:4:47: 'home_side' is not an option of input format 'team-csv'"));

  // A substitute who played half the match moves less than a teammate who played it all.
  temp_dir w;
  REQUIRE(run_matches(w, "trueskill", "match,date,team,player,rank,weight\nm,2024-01-01,a,A,1,1\nm,2024-01-01,a,S,1,0.5\n"
                                      "m,2024-01-01,b,B,2,1\nm,2024-01-01,b,C,2,1\n")
              .status == 0);
  const auto history = csv_rows(read_text(w / "out/history.csv"));
  const double full = std::stod(history[1][7]), half = std::stod(history[2][7]);
  CHECK(full > 0);
  CHECK(half > 0);
  CHECK(half < full);
}

TEST_CASE("team matches' metrics count pairs of teams, not of players", "[teams]") {
  temp_dir dir;
  // Two equal new teams (0.5 each: Brier 0.25, log-loss ln 2), then a 3-team
  // match: 3 team pairs, 4 pairs in all; a 2 v 2 match counted as 1 pair.
  REQUIRE(run_matches(dir, "weng-lin",
                      "match,date,team,player,rank\n"
                      "m1,2024-01-01,a,A,1\nm1,2024-01-01,a,B,1\nm1,2024-01-01,b,C,2\nm1,2024-01-01,b,D,2\n")
              .status == 0);
  auto metrics = nlohmann::json::parse(read_text(dir / "out/summary.json"))["metrics"];
  CHECK(metrics["foresight"]["team pairs"] == 1);
  CHECK(metrics["brier"].get<double>() == 0.25);
  CHECK(metrics["log_loss"].get<double>() == Approx(std::log(2.0)).epsilon(1e-12));
  CHECK(!metrics.contains("hindsight"));
  REQUIRE(run_matches(dir, "weng-lin",
                      "match,date,team,player,rank\nm1,2024-01-01,a,A,1\nm1,2024-01-01,b,B,2\n"
                      "m2,2024-01-02,a,A,1\nm2,2024-01-02,b,B,2\nm2,2024-01-02,c,C,3\n")
              .status == 0);
  metrics = nlohmann::json::parse(read_text(dir / "out/summary.json"))["metrics"];
  CHECK(metrics["foresight"]["team pairs"] == 4);
  // m1 favours no one (not right); in m2 A, who won m1, is favoured over B and
  // the new C (right twice), and C over B, who lost m1 (wrong: B came second).
  CHECK(metrics["foresight"]["correct"] == 2);
}

TEST_CASE("predict gives lineups their win and draw chances", "[teams]") {
  temp_dir dir;
  REQUIRE(run_matches(dir, "trueskill", two_new_players).status == 0);
  write_text(dir / "lineups.csv",
             "match,team,player\nnext,red,A\nnext,blue,B\nffa,x,A\nffa,y,B\nffa,z,New\n");
  const auto r = run_cli("predict -q " + (dir / "c.yaml").string() + " " + (dir / "lineups.csv").string());
  REQUIRE(r.status == 0);
  const auto rows = csv_rows(r.out);
  REQUIRE(rows[0] == std::vector<std::string>{"match", "team", "player", "rating", "sigma", "new", "win", "draw",
                                              "expected_rank"});
  const double win_a = std::stod(rows[1][6]), win_b = std::stod(rows[2][6]), draw = std::stod(rows[1][7]);
  CHECK(win_a > win_b);  // A won their first match
  CHECK(draw == std::stod(rows[2][7]));
  CHECK(win_a + win_b + draw == Approx(1.0).epsilon(1e-12));
  CHECK(rows[1][8].empty());
  // Three teams: expected ranks add up to 1 + 2 + 3, the new player's is between A's and B's.
  const double ra = std::stod(rows[3][8]), rb = std::stod(rows[4][8]), rn = std::stod(rows[5][8]);
  CHECK(ra + rb + rn == Approx(6.0).epsilon(1e-12));
  CHECK(ra < rn);
  CHECK(rn < rb);
  CHECK(rows[5][5] == "1");
  CHECK(rows[5][3] == "25");

  write_text(dir / "bad.csv", "match,team,player\nsolo,red,A\nsolo,red,B\n");
  const auto bad = run_cli("predict -q " + (dir / "c.yaml").string() + " " + (dir / "bad.csv").string());
  CHECK(bad.status != 0);
  CHECK_THAT(bad.out, Catch::Contains("bad.csv:2:1: expected at least 2 teams in match 'solo', got 1"));
}

TEST_CASE("a ratings list carries mu and sigma into the next run", "[teams]") {
  temp_dir dir;
  REQUIRE(run_matches(dir, "trueskill", two_new_players).status == 0);
  std::filesystem::copy_file(dir / "out/ratings.csv", dir / "list.csv");
  write_text(dir / "matches2.csv", "match,date,team,player,rank\nm2,2024-02-01,red,A,2\nm2,2024-02-01,blue,B,1\n");
  write_text(dir / "c2.yaml", "competition: teams\nmodel: trueskill\ninitial: { ratings: list.csv }\n"
                              "input: { format: team-csv, path: matches2.csv }\noutput: { dir: out2 }\n");
  REQUIRE(run_cli("run -q " + (dir / "c2.yaml").string()).status == 0);
  const auto list = csv_rows(read_text(dir / "list.csv")), history = csv_rows(read_text(dir / "out2/history.csv"));
  CHECK(history[1][2] == "A");
  CHECK(history[1][8] == list[1][1]);   // rating_before: A's mu from the list
  CHECK(history[1][11] == list[1][2]);  // sigma_before: his sigma
}

TEST_CASE("a team model rates ranked events of single players as free-for-alls, and charts draw sigma", "[teams]") {
  temp_dir dir;
  write_text(dir / "race.csv", "event,date,player,rank\nr1,2024-01-01,A,1\nr1,2024-01-01,B,2\nr1,2024-01-01,C,3\n"
                               "r2,2024-01-02,A,1\nr2,2024-01-02,B,2\nr2,2024-01-02,C,3\n");
  write_text(dir / "c.yaml", "competition: race\nmodel: trueskill\ninput: { format: standings-csv, path: race.csv }\n"
                             "output: { dir: out, charts: true, report: true }\n");
  REQUIRE(run_cli("run -q " + (dir / "c.yaml").string()).status == 0);
  const auto history = csv_rows(read_text(dir / "out/history.csv"));
  CHECK(history[1][3] == "A");  // each player his own team
  CHECK(std::stod(history[1][7]) > 0);
  CHECK(std::stod(history[3][7]) < 0);
  const auto chart = run_cli("chart -q " + (dir / "out").string() + " --player A --player C");
  REQUIRE(chart.status == 0);
  CHECK_THAT(read_text(dir / "out/chart.svg"), Catch::Contains("2 sigma"));
  // The report names the matches and each player's team; a team's expected score, not a rank.
  const auto report = csv_rows(read_text(dir / "out/report.csv"));
  REQUIRE(report.size() == 7);
  CHECK(report[0][0] == "match");
  CHECK(report[0][1] == "team");
  CHECK(report[0][4] == "expected");
  CHECK(report[1][1] == "A");
  CHECK(report[1][2] == "A");
}

TEST_CASE("a plugin built against ABI 1.2 still rates ranked events and is refused team matches", "[teams]") {
  temp_dir dir;
  const std::string plugins = std::string("--plugin-dir ") + RATEKIT_TEST_PLUGIN_DIR + " ";
  write_text(dir / "race.csv", "event,date,player,rank\nr1,2024-01-01,A,1\nr1,2024-01-01,B,2\nr1,2024-01-01,C,3\n");
  write_text(dir / "c.yaml", "competition: race\nmodel: test-abi12-places\ninput: { format: standings-csv, path: race.csv }\n"
                             "output: { dir: out }\n");
  REQUIRE(run_cli(plugins + "run -q " + (dir / "c.yaml").string()).status == 0);
  const auto ratings = csv_rows(read_text(dir / "out/ratings.csv"));
  CHECK(ratings[1] == std::vector<std::string>{"A", "1", "1", "1"});
  CHECK(ratings[3] == std::vector<std::string>{"C", "-1", "1", "0"});
  write_text(dir / "matches.csv", two_new_players);
  write_text(dir / "t.yaml", "competition: t\nmodel: test-abi12-places\ninput: { format: team-csv, path: matches.csv }\n");
  const auto r = run_cli(plugins + "run -q " + (dir / "t.yaml").string());
  CHECK(r.status != 0);
  CHECK_THAT(r.out, Catch::Contains("t.yaml:2:1: model 'test-abi12-places' rates ranked events of single players"));
}

}  // namespace test_team_matches
