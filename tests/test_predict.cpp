// ratekit predict: new games and events from the final state of a run or a database.
#include <ratekit/host/config/config.hpp>
#include <ratekit/host/engine/engine.hpp>

#include "test_support.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <sstream>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_predict {

using namespace ratekit;
using testing::run_cli;

namespace {

std::vector<std::string> split(const std::string& text, char by) {
  std::vector<std::string> out;
  std::stringstream in(text);
  for (std::string part; std::getline(in, part, by);) out.push_back(part);
  return out;
}

// The CSV's rows as fields (no quoted commas in these files but the echoed one).
double field(const std::string& csv, size_t row, size_t column) { return std::stod(split(split(csv, '\n')[row], ',')[column]); }

// fide-logistic, K 20, home advantage 100, game by game; E(d) = 1 / (1 + 10^(-d/400)).
//  game 1: A beats B, no home side: E 1/2, A 1510, B 1490.
//  game 2: B beats C at C's home: d = 1490 - (1500 + 100) = -110, E_B = 0.3467828;
//          B 1490 + 20 (1 - E_B) = 1503.0643433, C 1486.9356567.
// New games:
//  A at home against C: d = 1510 + 100 - 1486.9357 = 123.0643, E_A = 0.6700509
//  "B, x" (never rated: 1500, new) against A: d = -10, E = 0.4856128
//  C against B at B's home: d = 1486.9357 - 1603.0643, E_A = 0.3388349
struct two_games {
  testing::temp_dir dir;
  two_games() {
    testing::write_text(dir / "g.csv", "date,player_a,player_b,score_a,home\n2024-03-01,A,B,1,\n2024-03-02,B,C,1,b\n");
    testing::write_text(dir / "c.yaml", "competition: t\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
                                        "initial: 1500\nhome_advantage: 100\n"
                                        "input: { format: games-csv, path: g.csv }\nperiod: game\n"
                                        "output: { dir: out, database: r.db }\n");
    testing::write_text(dir / "new.csv", "round,player_a,player_b,home\n1,A,C,a\n1,\"B, x\",A,\n2,C,B,b\n");
  }
  std::string path(const std::string& name) const { return (dir / name).string(); }
};

void check_two_games(const std::string& csv) {
  const auto lines = split(csv, '\n');
  REQUIRE(lines.size() == 4);
  CHECK(lines[0] == "round,player_a,player_b,home,rating_a,rated_a,pool_games_a,pool_opponents_a,pool_score_a,"
                    "pool_since_a,new_a,rating_b,rated_b,pool_games_b,pool_opponents_b,pool_score_b,pool_since_b,"
                    "new_b,expected_a,expected_b");
  CHECK(field(csv, 1, 4) == Approx(1510).epsilon(1e-12));
  CHECK(field(csv, 1, 11) == Approx(1486.9356566556226).epsilon(1e-12));
  CHECK(field(csv, 1, 18) == Approx(0.6700509058920038).epsilon(1e-12));
  CHECK(field(csv, 1, 19) == Approx(1 - 0.6700509058920038).epsilon(1e-12));
  CHECK(lines[2].rfind("1,\"B, x\",A,,1500,", 0) == 0);  // the input row as it was, then B's initial state
  CHECK(split(lines[2], ',')[11] == "1");                // new_a (the quoted name holds one comma)
  CHECK(field(csv, 2, 19) == Approx(0.48561281583400134).epsilon(1e-12));
  CHECK(field(csv, 3, 4) == Approx(1486.9356566556226).epsilon(1e-12));
  CHECK(field(csv, 3, 11) == Approx(1503.0643433443774).epsilon(1e-12));
  CHECK(field(csv, 3, 17) == 0);
  CHECK(field(csv, 3, 18) == Approx(0.33883493506900697).epsilon(1e-12));
}

}  // namespace

TEST_CASE("predict from a config: the run's final state, its home advantage, new players at 1500", "[predict][cli]") {
  const two_games x;
  const auto r = run_cli("predict " + x.path("c.yaml") + " " + x.path("new.csv") + " -o " + x.path("p.csv"));
  REQUIRE(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("1 appearance(s) of players not rated yet"));
  check_two_games(testing::read_text(x.dir / "p.csv"));
  CHECK_FALSE(std::filesystem::exists(x.dir / "out"));  // nothing of the run is written
  CHECK_FALSE(std::filesystem::exists(x.dir / "r.db"));
}

TEST_CASE("predict from a database: the model and parameters of its last run", "[predict][cli]") {
  const two_games x;
  REQUIRE(run_cli("run -q " + x.path("c.yaml")).status == 0);
  const auto r = run_cli("-q predict --database " + x.path("r.db") + " --competition t --home-advantage 100 " +
                         x.path("new.csv"));
  REQUIRE(r.status == 0);
  check_two_games(r.out);
}

namespace {

// A competition of `games` under `config` (recording into r.db), run once, and
// new.csv's predictions from its config and from its database.
struct recorded_competition {
  testing::temp_dir dir;
  recorded_competition(const std::string& games, const std::string& config, const std::string& new_games) {
    testing::write_text(dir / "g.csv", games);
    testing::write_text(dir / "c.yaml", config + "input: { format: games-csv, path: g.csv }\noutput: { database: r.db }\n");
    testing::write_text(dir / "new.csv", new_games);
    REQUIRE(run_cli("run -q " + (dir / "c.yaml").string() + " -o " + (dir / "out").string()).status == 0);
  }
  testing::command_result from_config() const {
    return run_cli("-q predict " + (dir / "c.yaml").string() + " " + (dir / "new.csv").string());
  }
  testing::command_result from_database(const std::string& options = "") const {
    return run_cli("-q predict --database " + (dir / "r.db").string() + " --competition t " + options +
                   (dir / "new.csv").string());
  }
};

}  // namespace

TEST_CASE("predict from a database takes new players' rating and the home advantage from the last run's config",
          "[predict][cli]") {
  // A beats B from 1300 each at K 20: A 1310. A at home (65 to predict) against NEW, who enters at 1300:
  // d = 1310 + 65 - 1300 = 75, E = 1 / (1 + 10^(-75/400)) = 0.6062878; without the home advantage d = 10.
  // (A was at home in his game too, but the update reads no home advantage: 1300 + 20 / 2.)
  const recorded_competition x("date,player_a,player_b,score_a,home\n2024-01-06,A,B,1,a\n",
                               "competition: t\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
                               "initial: { rating: 1300 }\nhome_advantage: { predict: 65, update: 0 }\n",
                               "player_a,player_b,home\nA,NEW,a\n");
  const auto r = x.from_database();
  REQUIRE(r.status == 0);
  CHECK(split(split(r.out, '\n')[1], ',')[3] == "1310");
  CHECK(split(split(r.out, '\n')[1], ',')[10] == "1300");  // NEW's rating
  CHECK(field(r.out, 1, 17) == Approx(0.6062878237854281).epsilon(1e-12));
  CHECK(r.out == x.from_config().out);
  const auto away = x.from_database("--home-advantage 0 ");
  CHECK(field(away.out, 1, 17) == Approx(1 / (1 + std::pow(10.0, -10.0 / 400))).epsilon(1e-12));
}

TEST_CASE("predict from a database takes the home advantage of a config without 'initial'", "[predict][cli]") {
  const recorded_competition x("date,player_a,player_b,score_a,home\n2024-01-08,A,B,1,a\n2024-01-15,B,C,0,b\n",
                               "competition: t\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
                               "home_advantage: 40\nperiod: month\n",
                               "player_a,player_b,home\nA,B,a\nA,Z,b\n");
  const auto config = x.from_config();
  REQUIRE(config.status == 0);
  CHECK(x.from_database().out == config.out);
}

TEST_CASE("predict refuses bad input naming file and line, and writes nothing", "[predict][cli]") {
  const two_games x;
  testing::write_text(x.dir / "bad.csv", "player_a,player_b,home\nA,C,a\nA,C,x\n");
  auto r = run_cli("predict " + x.path("c.yaml") + " " + x.path("bad.csv") + " -o " + x.path("p.csv"));
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("bad.csv:3:5: expected home as a, b or empty, got 'x'"));
  CHECK_FALSE(std::filesystem::exists(x.dir / "p.csv"));
  testing::write_text(x.dir / "bad.csv", "player,opponent\nA,C\n");
  r = run_cli("predict " + x.path("c.yaml") + " " + x.path("bad.csv"));
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("bad.csv:1") && Catch::Contains("player_a"));
  CHECK(run_cli("predict " + x.path("new.csv")).status == 2);  // neither a config nor --database
  r = run_cli("predict --database " + x.path("nope.db") + " --competition t " + x.path("new.csv"));
  CHECK(r.status != 0);
}

// codeforces, one round (A first, B second, C third), then a new event of A,
// B and D (never rated: 1500). Expected rank = 1 + the chances that each other
// entry finishes ahead, P(j ahead of i) = 1 / (1 + 10^((r_i - r_j) / 400)),
// on the ratings the round left.
TEST_CASE("predict gives each entry of a new event its expected rank", "[predict][cli][events]") {
  testing::temp_dir dir;
  testing::write_text(dir / "r.csv", "event,date,player,rank\nR1,2024-03-01,A,1\nR1,2024-03-01,B,2\nR1,2024-03-01,C,3\n");
  testing::write_text(dir / "c.yaml", "competition: t\nmodel: codeforces\n"
                                      "input: { format: standings-csv, path: r.csv }\nperiod: event\n");
  testing::write_text(dir / "new.csv", "event,player\nR2,A\nR2,B\nR2,D\nR3,C\nR3,A\n");
  const run_result run = rate(load_config(dir / "c.yaml", testing::builtin()), testing::builtin());
  auto rating = [&](const char* name) { return run.state.rating()[run.data.players.find(name)]; };
  const double a = rating("A"), b = rating("B"), c = rating("C"), d = 1500;
  REQUIRE(a > b);
  REQUIRE(b > c);
  auto ahead = [](double j, double i) { return 1 / (1 + std::pow(10.0, (i - j) / 400)); };
  const auto r = run_cli("predict " + (dir / "c.yaml").string() + " " + (dir / "new.csv").string());
  REQUIRE(r.status == 0);
  const std::string csv = r.out.substr(r.out.find("event,player"));
  CHECK(split(csv, '\n')[0] == "event,player,rating,shown,contests,new,expected_rank");
  CHECK(field(csv, 1, 2) == Approx(a).epsilon(1e-12));
  CHECK(field(csv, 1, 6) == Approx(1 + ahead(b, a) + ahead(d, a)).epsilon(1e-12));
  CHECK(field(csv, 2, 6) == Approx(1 + ahead(a, b) + ahead(d, b)).epsilon(1e-12));
  CHECK(field(csv, 3, 5) == 1);
  CHECK(field(csv, 3, 6) == Approx(1 + ahead(a, d) + ahead(b, d)).epsilon(1e-12));
  // A new event starts where the event column changes: two entries, ranks adding up to 3.
  CHECK(field(csv, 4, 6) == Approx(1 + ahead(a, c)).epsilon(1e-12));
  CHECK(field(csv, 4, 6) + field(csv, 5, 6) == Approx(3).epsilon(1e-12));
}

TEST_CASE("predict refuses what a run refuses: nameless, self-played, split or doubled entries, nothing at all",
          "[predict][cli]") {
  const two_games x;
  const auto games = [&](const std::string& csv) {
    testing::write_text(x.dir / "bad.csv", csv);
    return run_cli("predict " + x.path("c.yaml") + " " + x.path("bad.csv") + " -o " + x.path("p.csv"));
  };
  auto r = games("player_a,player_b\nA,A\n,B\nC,\n");
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("bad.csv:2:3: expected player_b as a different player than player_a, got 'A'") &&
                        Catch::Contains("bad.csv:3:1: expected player_a as a player name without control characters, got ''") &&
                        Catch::Contains("bad.csv:4:3: expected player_b as a player name without control characters, got ''"));
  r = games("player_a,player_b\nA\x01x,B\n");
  CHECK_THAT(r.out, Catch::Contains("bad.csv:2:1: expected player_a as a player name without control characters, "
                                    "got 'A\\x01x'"));
  r = games("player_a,player_b\n");
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("bad.csv: no games: expected at least one row after the header"));
  CHECK_FALSE(std::filesystem::exists(x.dir / "p.csv"));

  testing::temp_dir dir;
  testing::write_text(dir / "r.csv", "event,date,player,rank\nR1,2024-03-01,A,1\nR1,2024-03-01,B,2\nR1,2024-03-01,C,3\n");
  testing::write_text(dir / "c.yaml", "competition: t\nmodel: codeforces\n"
                                      "input: { format: standings-csv, path: r.csv }\nperiod: event\n");
  const auto events = [&](const std::string& csv) {
    testing::write_text(dir / "new.csv", csv);
    return run_cli("predict " + (dir / "c.yaml").string() + " " + (dir / "new.csv").string());
  };
  r = events("event,player\nNext,A\nOther,B\nOther,C\nNext,C\nNext,B\n");
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("new.csv:5:1: expected the rows of event 'Next' together, got it again (its rows "
                                    "began at line 2)"));
  r = events("event,player\nNext,A\nNext,B\nNext,A\n");
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("new.csv:4:6: expected each player once per event, got 'A' again in event 'Next' "
                                    "(first at line 2)"));
  r = events("event,player\nSolo,A\nPair,A\nPair,B\n");
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("new.csv:2:1: expected at least 2 players in event 'Solo', got 1"));
  r = events("event,player\nNext,A\n,B\nNext,\nNext,C\n");
  CHECK(r.out == "error: " + (dir / "new.csv").string() + ":3:1: expected event as an event name without control "
                 "characters, got ''\n"
                 "error: " + (dir / "new.csv").string() + ":4:6: expected player as a player name without control "
                 "characters, got ''\n");
  // A split event is said to be one, and its piece is not also an event of one player.
  r = events("event,player\nE,A\nE,B\nF,A\nF,C\nE,D\n");
  CHECK(r.out == "error: " + (dir / "new.csv").string() + ":6:1: expected the rows of event 'E' together, got it "
                 "again (its rows began at line 2)\n");
  r = events("event,player\n");
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("new.csv: no events: expected at least one row after the header"));
  CHECK(events("event,player\nNext,A\nNext,B\nLast,B\nLast,C\n").status == 0);  // one player in two events
}

// predict writes the input's columns, then its own: a name in both, or twice
// in the input, would make a header that ratekit's readers refuse and pandas
// reads as the user's column.
TEST_CASE("predict refuses an input column named as one of its outputs, or named twice", "[predict][cli]") {
  const two_games x;
  const auto games = [&](const std::string& csv) {
    testing::write_text(x.dir / "bad.csv", csv);
    return run_cli("predict " + x.path("c.yaml") + " " + x.path("bad.csv") + " -o " + x.path("p.csv"));
  };
  for (const std::string column : {"expected_a", "rating_b", "new_a", "pool_score_b"}) {
    const auto r = games("player_a,player_b," + column + "\nA,C,1\n");
    CHECK(r.status == 1);
    CHECK_THAT(r.out, Catch::Contains("bad.csv:1:19: expected a column that ratekit predict does not write itself, got '" +
                                      column + "': rename it or leave it out (predict adds rating_a, rated_a,"));
    CHECK_FALSE(std::filesystem::exists(x.dir / "p.csv"));
  }
  auto r = games("note,player_a,player_b,note\nx,A,C,y\n");
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("bad.csv:1:24: expected each column once, got 'note' again (first at column 1)"));
  // Names that only look alike are other columns.
  r = games("player_a,player_b,Expected_A,rating\nA,C,1,2\n");
  REQUIRE(r.status == 0);
  CHECK(split(testing::read_text(x.dir / "p.csv"), '\n')[0].rfind("player_a,player_b,Expected_A,rating,rating_a,", 0) == 0);

  testing::temp_dir dir;
  testing::write_text(dir / "r.csv", "event,date,player,rank\nR1,2024-03-01,A,1\nR1,2024-03-01,B,2\n");
  testing::write_text(dir / "c.yaml", "competition: t\nmodel: codeforces\n"
                                      "input: { format: standings-csv, path: r.csv }\nperiod: event\n");
  for (const std::string column : {"rating", "new", "expected_rank"}) {
    testing::write_text(dir / "new.csv", "event,player," + column + "\nR2,A,1\nR2,B,2\n");
    r = run_cli("predict " + (dir / "c.yaml").string() + " " + (dir / "new.csv").string());
    CHECK(r.status == 1);
    CHECK_THAT(r.out, Catch::Contains("new.csv:1:14: expected a column that ratekit predict does not write itself, got '" +
                                      column + "'"));
  }
  testing::write_text(dir / "m.csv", "match,date,team,player,rank\nm1,2024-01-01,red,A,1\nm1,2024-01-01,blue,B,2\n");
  testing::write_text(dir / "t.yaml", "competition: t\nmodel: trueskill\ninput: { format: team-csv, path: m.csv }\n");
  for (const std::string column : {"sigma", "win", "draw"}) {
    testing::write_text(dir / "lineups.csv", "match,team,player," + column + "\nx,red,A,1\nx,blue,B,0\n");
    r = run_cli("predict -q " + (dir / "t.yaml").string() + " " + (dir / "lineups.csv").string());
    CHECK(r.status == 1);
    CHECK_THAT(r.out, Catch::Contains("lineups.csv:1:19: expected a column that ratekit predict does not write itself, "
                                      "got '" + column + "': rename it or leave it out (predict adds rating, sigma, new, "
                                      "win, draw, expected_rank)"));
  }
}

TEST_CASE("predict refuses a plugin whose state field would repeat one of its columns", "[predict][cli]") {
  testing::temp_dir dir;
  testing::write_text(dir / "g.csv", "date,player_a,player_b,score_a\n2024-01-01,A,B,1\n");
  testing::write_text(dir / "c.yaml", "competition: t\nmodel: test-field-expected\nk_schedule: [ { k: 20 } ]\n"
                                      "input: { format: games-csv, path: g.csv }\n");
  testing::write_text(dir / "new.csv", "player_a,player_b\nA,B\n");
  const std::string plugins = std::string(" --plugin-dir ") + RATEKIT_TEST_PLUGIN_DIR;
  REQUIRE(run_cli("run" + plugins + " " + (dir / "c.yaml").string() + " --out " + (dir / "out").string()).status == 0);
  const auto r = run_cli("predict" + plugins + " " + (dir / "c.yaml").string() + " " + (dir / "new.csv").string() +
                         " -o " + (dir / "p.csv").string());
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("plugin 'test-field-expected' has a state field that makes the column 'expected_a' "
                                    "twice in ratekit predict's output"));
  CHECK_FALSE(std::filesystem::exists(dir / "p.csv"));
}

// A lineup's weights enter predict's chances as they enter the run's forecasts
// (history's expected): for weng-lin too, whose update reads them otherwise
// and says so.
TEST_CASE("predict weighs a lineup by the players' shares, as a run forecasts a match", "[predict][cli][teams]") {
  testing::temp_dir dir;
  const std::string lineup = "n,red,A,\nn,red,B,0.5\nn,red,C,0.5\nn,blue,D,\nn,blue,E,\n";
  testing::write_text(dir / "lineups.csv", "match,team,player,weight\n" + lineup);
  std::string played;  // the same lineup played: red wins
  for (const auto& row : split(lineup, '\n')) {
    const auto f = split(row + ",", ',');
    played += "n,2024-01-02," + f[1] + "," + f[2] + "," + (f[1] == "red" ? "1," : "2,") + f[3] + "\n";
  }
  for (const std::string model : {"weng-lin", "trueskill"}) {
    INFO(model);
    const auto config = [&](const std::string& name, const std::string& matches) {
      testing::write_text(dir / (name + ".csv"), "match,date,team,player,rank,weight\n" + matches);
      testing::write_text(dir / (name + ".yaml"), "competition: t\nmodel: " + model + "\ninput: { format: team-csv, path: " +
                                                      name + ".csv }\noutput: { dir: " + name + " }\n");
      return (dir / (name + ".yaml")).string();
    };
    const std::string before = "m,2024-01-01,x,X,1,\nm,2024-01-01,y,Y,2,\n";
    auto r = run_cli("predict " + config("first", before) + " " + (dir / "lineups.csv").string());
    REQUIRE(r.status == 0);
    const auto rows = split(r.out.substr(r.out.find("match,team")), '\n');
    const double win = std::stod(split(rows[1], ',')[7]), lose = std::stod(split(rows[4], ',')[7]);
    const double draw = std::stod(split(rows[1], ',')[8]);
    // Two half-time substitutes fill one place: among new players, neither side is favoured.
    CHECK(win == Approx(lose).epsilon(1e-12));
    r = run_cli("run " + config("both", before + played));
    REQUIRE(r.status == 0);
    CHECK((r.out.find("a team that all played half is rated as a full one") != std::string::npos) == (model == "weng-lin"));
    const auto history = split(testing::read_text(dir / "both/history.csv"), '\n');
    CHECK(std::stod(split(history[3], ',')[4]) == Approx(win + draw / 2).epsilon(1e-12));  // A's expected
  }
}

}  // namespace test_predict
