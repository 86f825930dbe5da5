// Every state field a plugin declares reaches every output: history.csv, the
// report's periods, the database (period by period, and when each player was
// last rated, so the next run goes on from there) and `ratekit history`.
// The numbers come from the Glicko reference written from the paper.
#include "test_glicko_common.hpp"
#include "sql_support.hpp"
#include "test_support.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <map>
#include <sstream>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_state_outputs {

using namespace ratekit::testing;
using glicko_test::game;
using glicko_test::paper_player;

namespace {

constexpr int64_t jan = 2024 * 12, may = 2024 * 12 + 4, jul = 2024 * 12 + 6;
const std::vector<std::string> names = {"A", "B", "C"};

// A and B play in January, May and July; C in January and July only.
const char* const january = "2024-01-10,A,B,1\n2024-01-20,A,C,0\n";
const char* const later = "2024-05-03,B,A,1\n2024-07-02,C,B,0.5\n";
const std::vector<glicko_test::period> periods = {
    {jan, {game(0, 1, 1), game(0, 2, 0)}}, {may, {game(1, 0, 1)}}, {jul, {game(2, 1, 0.5)}}};

// The reference RD of each player after each period he played: [period label][name].
std::map<std::string, std::map<std::string, double>> reference_rds() {
  std::vector<paper_player> p(3);
  std::map<std::string, std::map<std::string, double>> out;
  const char* const labels[] = {"2024-01", "2024-05", "2024-07"};
  for (size_t k = 0; k < periods.size(); ++k) {
    glicko_test::paper_glicko(p, {periods[k]}, 60);
    for (const rk_game& g : periods[k].games)
      for (const int who : {g.a, g.b}) out[labels[k]][names[size_t(who)]] = p[size_t(who)].rd;
  }
  return out;
}

std::string config(const std::string& extra) {
  return "competition: club\nmodel: glicko\nparams: { c: 60 }\nperiod: month\n"
         "input: { format: games-csv, path: games.csv }\n" + extra;
}

std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> cells;
  std::stringstream in(line);
  for (std::string cell; std::getline(in, cell, ',');) cells.push_back(cell);
  return cells;
}

// The rows of a CSV file as maps from header names to cells.
std::vector<std::map<std::string, std::string>> rows(const std::filesystem::path& file) {
  std::stringstream in(read_text(file));
  std::string line;
  std::getline(in, line);
  const auto header = split(line);
  std::vector<std::map<std::string, std::string>> out;
  while (std::getline(in, line)) {
    const auto cells = split(line);
    auto& row = out.emplace_back();
    for (size_t c = 0; c < header.size() && c < cells.size(); ++c) row[header[c]] = cells[c];
  }
  return out;
}

}  // namespace

TEST_CASE("glicko's rd after each period reaches history.csv, periods.csv, report.md, the database and `ratekit history`",
          "[state][glicko]") {
  temp_dir dir;
  write_text(dir / "games.csv", std::string("date,player_a,player_b,score_a\n") + january + later);
  write_text(dir / "c.yaml", config("output: { dir: out, database: club.db, report: true, charts: true }\n"));
  REQUIRE(run_cli("-q run " + (dir / "c.yaml").string()).status == 0);
  const auto expected = reference_rds();

  const auto history = rows(dir / "out" / "history.csv");
  REQUIRE(history.size() == 8);  // four games, two sides
  CHECK_THAT(read_text(dir / "out" / "history.csv"), Catch::StartsWith(
      "period,date,player,opponent,expected,score,k,change,rating_before,rating_after,rd_after\n"));
  for (const auto& row : history)
    CHECK(std::stod(row.at("rd_after")) == Approx(expected.at(row.at("period")).at(row.at("player"))).epsilon(1e-12));
  // Both sides of one game carry their own RD: A's and B's differ after January.
  CHECK(history[0].at("rd_after") != history[1].at("rd_after"));

  bool c_july = false;
  for (const auto& row : rows(dir / "out" / "periods.csv"))
    if (row.at("player") == "C" && row.at("period") == "2024-07") {
      c_july = true;
      CHECK(std::stod(row.at("rd_after")) == Approx(expected.at("2024-07").at("C")).epsilon(1e-12));
    }
  CHECK(c_july);
  CHECK_THAT(read_text(dir / "out" / "report.md"), Catch::Contains(", rd "));

  // The database: one rd per player and period played, and `ratekit history` prints it.
  CHECK(sql_number(dir / "club.db", "SELECT count(*) FROM ratings WHERE json_extract(state, '$.rd') > 0") == 7);
  CHECK(sql_number(dir / "club.db", "SELECT count(*) FROM ratings WHERE state IS NOT NULL") == 7);
  // Each period's state object holds the rd after that period's last game (history.csv's rd_after), to the digit.
  std::map<std::pair<std::string, std::string>, std::string> last_rd;
  for (const auto& row : history) last_rd[{row.at("period"), row.at("player")}] = row.at("rd_after");
  REQUIRE(last_rd.size() == 7);
  for (const auto& [key, rd] : last_rd)
    CHECK(sql_text(dir / "club.db", "SELECT r.state FROM ratings r JOIN periods pe ON pe.id = r.period_id JOIN players p "
                                    "ON p.id = r.player_id WHERE pe.label = '" + key.first + "' AND p.name = '" +
                                        key.second + "'") == "{\"rd\":" + rd + "}");
  const auto shown = run_cli("history " + (dir / "club.db").string() + " C --json");
  REQUIRE(shown.status == 0);
  const auto json = nlohmann::json::parse(shown.out);
  REQUIRE(json["history"].size() == 2);
  CHECK(json["history"][0]["period"] == "2024-01");
  CHECK(json["history"][0]["rd"].get<double>() == Approx(expected.at("2024-01").at("C")).epsilon(1e-12));
  CHECK(json["history"][1]["rd"].get<double>() == Approx(expected.at("2024-07").at("C")).epsilon(1e-12));
  const auto table = run_cli("history " + (dir / "club.db").string() + " C");
  CHECK_THAT(table.out, Catch::Contains("rd"));

  // The chart draws the RD band.
  CHECK_THAT(read_text(dir / "out" / "chart.svg"), Catch::Contains("class=\"band\""));
}

TEST_CASE("a run started from the database goes on with the months each player was away", "[state][glicko][store]") {
  temp_dir dir;
  // One run over January to July ...
  write_text(dir / "games.csv", std::string("date,player_a,player_b,score_a\n") + january + later);
  write_text(dir / "whole.yaml", config("output: { dir: whole, history: false, report: false, charts: false }\n"));
  REQUIRE(run_cli("-q run " + (dir / "whole.yaml").string()).status == 0);
  // ... and January, then May to July started from the database January went into.
  write_text(dir / "jan.csv", std::string("date,player_a,player_b,score_a\n") + january);
  write_text(dir / "later.csv", std::string("date,player_a,player_b,score_a\n") + later);
  std::string first = config("output: { dir: first, database: club.db }\n");
  first.replace(first.find("games.csv"), 9, "jan.csv");
  write_text(dir / "first.yaml", first);
  std::string second = config("initial: { database: club.db }\noutput: { dir: second, database: club.db }\n");
  second.replace(second.find("games.csv"), 9, "later.csv");
  write_text(dir / "second.yaml", second);
  REQUIRE(run_cli("-q run " + (dir / "first.yaml").string()).status == 0);
  REQUIRE(run_cli("-q run " + (dir / "second.yaml").string()).status == 0);
  CHECK(sql_number(dir / "club.db", "SELECT value FROM states s JOIN players p ON p.id = s.player_id "
                                     "WHERE p.name = 'C' AND s.field = 'last_played' AND s.run_id = 1") == 20240131);
  CHECK(sql_number(dir / "club.db", "SELECT value FROM states s JOIN players p ON p.id = s.player_id "
                                     "WHERE p.name = 'C' AND s.field = 'last_period' AND s.run_id = 1") == double(jan));

  std::vector<paper_player> p(3);
  glicko_test::paper_glicko(p, periods, 60);
  for (const auto& row : rows(dir / "second" / "ratings.csv")) {
    const size_t i = size_t(std::find(names.begin(), names.end(), row.at("player")) - names.begin());
    CHECK(std::stod(row.at("rating")) == Approx(p[i].r).epsilon(1e-12));
    CHECK(std::stod(row.at("rd")) == Approx(p[i].rd).epsilon(1e-12));
  }
  CHECK(read_text(dir / "second" / "ratings.csv") == read_text(dir / "whole" / "ratings.csv"));
}

TEST_CASE("game periods go on from the database: two runs rate as one", "[state][elapsed][store]") {
  temp_dir dir;
  const std::string head = "date,player_a,player_b,score_a\n";
  const std::string one = "2024-01-10,A,B,1\n2024-01-11,B,C,0\n", two = "2024-01-12,C,A,1\n2024-01-13,A,B,0.5\n";
  write_text(dir / "all.csv", head + one + two);
  write_text(dir / "one.csv", head + one);
  write_text(dir / "two.csv", head + two);
  auto yaml = [](const std::string& input, const std::string& extra) {
    // The probe's state is the elapsed time and the period number it was told.
    return "competition: club\nmodel: test-elapsed-probe\nk_schedule: [ { k: 20 } ]\nperiod: game\n"
           "input: { format: games-csv, path: " + input + " }\n" + extra;
  };
  write_text(dir / "all.yaml", yaml("all.csv", "output: { dir: all }\n"));
  write_text(dir / "one.yaml", yaml("one.csv", "output: { dir: one, database: club.db }\n"));
  write_text(dir / "two.yaml", yaml("two.csv", "initial: { database: club.db }\noutput: { dir: two, database: club.db }\n"));
  for (const char* c : {"all", "one", "two"})
    REQUIRE(run_cli(std::string("-q run ") + (dir / (std::string(c) + ".yaml")).string() + " --plugin-dir " +
                    RATEKIT_TEST_PLUGIN_DIR).status == 0);
  // Game periods are counted: C last played in game 1 of the first run; the
  // second run's games are numbered 2 and 3, so C was away for one game.
  CHECK(sql_number(dir / "club.db", "SELECT value FROM states s JOIN players p ON p.id = s.player_id "
                                     "WHERE p.name = 'C' AND s.field = 'last_period' AND s.run_id = 1") == 1);
  CHECK(read_text(dir / "two" / "ratings.csv") == read_text(dir / "all" / "ratings.csv"));
}

TEST_CASE("a plugin's bookkeeping fields stay in the files but out of history.csv and the reports", "[state][fide]") {
  temp_dir dir;
  write_text(dir / "games.csv", "date,player_a,player_b,score_a\n2024-01-10,A,B,1\n");
  write_text(dir / "c.yaml", "competition: club\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
                             "input: { format: games-csv, path: games.csv }\noutput: { dir: out }\n");
  REQUIRE(run_cli("-q run " + (dir / "c.yaml").string()).status == 0);
  const auto summary = nlohmann::json::parse(read_text(dir / "out" / "summary.json"));
  CHECK(summary["bookkeeping_state"] ==
        nlohmann::json::array({"pool_games", "pool_opponents", "pool_score", "pool_since"}));
  CHECK_THAT(read_text(dir / "out" / "ratings.csv"),
             Catch::StartsWith("player,rating,rated,pool_games,pool_opponents,pool_score,pool_since,games,peak\n"));
  const std::string history = read_text(dir / "out" / "history.csv");
  CHECK(history.substr(0, history.find('\n')) ==
        "period,date,player,opponent,expected,score,k,change,rating_before,rating_after,rated_after");
  REQUIRE(run_cli("report " + (dir / "out").string()).status == 0);
  const std::string html = read_text(dir / "out" / "report.html");
  CHECK_THAT(html, Catch::Contains("\"rated\""));
  CHECK_THAT(html, !Catch::Contains("pool_games"));
}

// January's games recorded into dir/club.db, turned back into layout 4 (state fields in period_states).
void record_january_as_layout_4(const temp_dir& dir) {
  write_text(dir / "jan.csv", std::string("date,player_a,player_b,score_a\n") + january);
  std::string first = config("output: { dir: first, database: club.db }\n");
  first.replace(first.find("games.csv"), 9, "jan.csv");
  write_text(dir / "first.yaml", first);
  REQUIRE(run_cli("-q run " + (dir / "first.yaml").string()).status == 0);
  sql_exec(dir / "club.db", back_to_layout_4);
}

TEST_CASE("a database of layout 2 is read as it is and gains state objects with the next recording run",
          "[state][store]") {
  temp_dir dir;
  record_january_as_layout_4(dir);
  write_text(dir / "later.csv", std::string("date,player_a,player_b,score_a\n") + later);
  // What ratekit wrote before layout 3: no state fields by period.
  sql_exec(dir / "club.db", "DROP TABLE period_states; PRAGMA user_version = 2;");
  const auto old = run_cli("history " + (dir / "club.db").string() + " C --json");
  REQUIRE(old.status == 0);
  CHECK_FALSE(nlohmann::json::parse(old.out)["history"][0].contains("rd"));

  std::string second = config("initial: { database: club.db }\noutput: { dir: second, database: club.db }\n");
  second.replace(second.find("games.csv"), 9, "later.csv");
  write_text(dir / "second.yaml", second);
  REQUIRE(run_cli("-q run " + (dir / "second.yaml").string()).status == 0);
  CHECK(sql_number(dir / "club.db", "PRAGMA user_version") == 7);
  CHECK(sql_number(dir / "club.db", "SELECT count(*) FROM ratings WHERE state IS NOT NULL") == 4);  // May and July, two sides each
  CHECK(sql_number(dir / "club.db", "SELECT count(*) FROM ratings") == 7);        // January's three rows kept
}

TEST_CASE("`ratekit history` refuses a layout-4 database's state value that is no number, naming the row",
          "[state][store]") {
  temp_dir dir;
  record_january_as_layout_4(dir);
  REQUIRE(run_cli("history " + (dir / "club.db").string() + " C").status == 0);
  sql_exec(dir / "club.db", "UPDATE period_states SET value = NULL WHERE player_id = (SELECT id FROM players WHERE "
                            "name = 'C') AND field = (SELECT min(field) FROM period_states)");
  const auto damaged = run_cli("history " + (dir / "club.db").string() + " C");
  CHECK(damaged.status == 1);
  CHECK_THAT(damaged.out, Catch::Contains("damaged rating database: table period_states, player 'C', period '"));
  CHECK_THAT(damaged.out, Catch::Contains(": expected a finite number, found NULL"));
}

}  // namespace test_state_outputs
