// Whole-history runs (ttt, whr) recorded into the SQLite history database: the estimates as ratings rows,
// ratekit history on them, incremental runs equal to a full run, --replace, and the refusals.
#include "whole_history_db_support.hpp"

#include "store/database.hpp"

#include <ratekit/host/recording/run_recording.hpp>

#include <nlohmann/json.hpp>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_whole_history_database {

using namespace ratekit;
using namespace ratekit::testing;
namespace fs = std::filesystem;

namespace {

nlohmann::json summary_of(const fs::path& dir) { return nlohmann::json::parse(read_text(dir / "summary.json")); }

void exec(const fs::path& db, const std::string& sql) {
  store::open_database(db.string(), store::database::mode::read_write)->exec(sql.c_str());
}

int64_t count(const fs::path& db, const std::string& sql) {
  auto opened = store::open_database(db.string(), store::database::mode::read_only);
  store::statement s = opened->prepare(sql.c_str());
  REQUIRE(s.step());
  return s.integer(0);
}

}  // namespace

TEST_CASE("a whole-history run records every estimate, and ratekit history reads them", "[whole_history][database]") {
  const whole_history_competition c("ttt", "epsilon: 1e-6", "h.db");
  const auto r = c.recorded({"m1.csv"});
  INFO(r.out);
  REQUIRE(r.status == 0);
  const fs::path db = c.dir / "h.db";
  // One ratings row per history.csv row, with its mean and deviation; the fit's summary beside them.
  const std::string history = read_text(c.dir / "out/history.csv");
  const auto rows = int64_t(std::count(history.begin(), history.end(), '\n')) - 1;
  CHECK(count(db, "SELECT count(*) FROM ratings") == rows);
  CHECK(count(db, "SELECT count(*) FROM whole_history_games") == 150);
  CHECK(count(db, "SELECT sweeps FROM whole_history_fits") == summary_of(c.dir / "out")["whole_history"]["sweeps"].get<int64_t>());
  const auto shown = run_cli("history " + db.string() + " P3 --json");
  REQUIRE(shown.status == 0);
  const auto points = nlohmann::json::parse(shown.out)["history"];
  REQUIRE(points.size() > 3);
  // The first point of P3 in history.csv: the same date, mean and deviation.
  const size_t at = history.find(",P3,");
  const std::string line = history.substr(history.rfind('\n', at) + 1, history.find('\n', at) - history.rfind('\n', at) - 1);
  double mean = 0, sd = 0;
  REQUIRE(std::sscanf(line.c_str() + line.find(",P3,") + 4, "%lf,%lf", &mean, &sd) == 2);
  CHECK(points[0]["period"] == line.substr(0, 10));
  CHECK(points[0]["rating"].get<double>() == Approx(mean).margin(1e-12));
  CHECK(points[0]["deviation"].get<double>() == Approx(sd).margin(1e-12));
  // change: from his estimate before (the model's first, mu 0, at his first), not a change a game caused.
  CHECK(points[0]["change"].get<double>() == Approx(mean).margin(1e-12));
  CHECK(points[1]["change"].get<double>() == Approx(points[1]["rating"].get<double>() - mean).margin(1e-12));
}

TEST_CASE("incremental whole-history runs equal a full run over all the games", "[whole_history][database]") {
  for (const auto& [model, params, tolerance, home] :
       {std::tuple{"ttt", "epsilon: 1e-7, iterations: 100000", 1e-5, 0.5}, std::tuple{"whr", "epsilon: 1e-6", 1e-6, 30.0}}) {
    INFO(model);
    const whole_history_competition c(model, params, "h.db", home);
    incremental_equals_full(c, tolerance);
    recorded_as_full_run(c, (c.dir / "h.db").string(), read_text(c.dir / "full/history.csv"), tolerance);
    const auto warm = summary_of(c.dir / "out")["whole_history"];
    CHECK(warm["converged"] == true);
    CHECK(count(c.dir / "h.db", "SELECT count(*) FROM runs") == 3);
    CHECK(count(c.dir / "h.db", "SELECT count(*) FROM whole_history_games") == 450);
    // Warm-started from what the last fit left (whr: the estimates; ttt: its messages, then a window around the
    // new batches, docs/plugins/ttt.md): ttt takes fewer whole sweeps than cold (a third of the games is new;
    // 2091 against 2540 here before the window); whr's Newton sweeps are few either way, so it is held to no
    // more than cold.
    const auto cold = summary_of(c.dir / "full")["whole_history"];
    CHECK(warm["warm_start"] == true);
    CHECK(warm["sweeps"].get<int>() > 0);
    if (std::string(model) == "ttt") CHECK(warm["sweeps"].get<int>() < cold["sweeps"].get<int>());
    CHECK(warm["sweeps"].get<int>() <= cold["sweeps"].get<int>());
  }
}

TEST_CASE("an incremental whr run adds its games and periods and rewrites no recorded one", "[whole_history][database]") {
  const whole_history_competition c("whr", "epsilon: 1e-6", "h.db", 30.0);
  REQUIRE(c.full({"m1.csv", "m2.csv", "m3.csv"}).status == 0);
  REQUIRE(c.recorded({"m1.csv"}).status == 0);
  // A recorded game's or period's row deleted or changed aborts the later runs: they only add their own.
  for (const char* table : {"whole_history_games", "periods"})
    for (const char* change : {"DELETE", "UPDATE"})
      exec(c.dir / "h.db", std::string("CREATE TRIGGER keep_") + table + "_" + change + " BEFORE " + change + " ON " + table +
                               " BEGIN SELECT RAISE(ABORT, 'a recorded row of " + table + " rewritten'); END");
  for (const char* month : {"m2.csv", "m3.csv"}) {
    const auto r = c.recorded({month});
    INFO(r.out);
    REQUIRE(r.status == 0);
  }
  recorded_as_full_run(c, (c.dir / "h.db").string(), read_text(c.dir / "full/history.csv"), 1e-6);
  same_history(read_text(c.dir / "full/history.csv"), read_text(c.dir / "out/history.csv"), 1e-6);
}

TEST_CASE("a whole-history run of a month before the recorded ones writes the periods again in time order",
          "[whole_history][database]") {
  const whole_history_competition c("whr", "epsilon: 1e-6", "h.db");
  REQUIRE(c.recorded({"m2.csv"}).status == 0);
  const auto r = c.recorded({"m1.csv"});
  INFO(r.out);
  REQUIRE(r.status == 0);
  REQUIRE(c.full({"m2.csv", "m1.csv"}).status == 0);
  same_history(read_text(c.dir / "full/history.csv"), read_text(c.dir / "out/history.csv"), 1e-6);
  CHECK(count(c.dir / "h.db", "SELECT count(*) FROM whole_history_games") == 300);
  // ratekit history lists a player's estimates by period id: January's now come first.
  CHECK(count(c.dir / "h.db", "SELECT count(*) FROM periods a JOIN periods b ON b.id > a.id AND b.label < a.label") == 0);
  CHECK(count(c.dir / "h.db", "SELECT count(*) FROM periods WHERE label LIKE '2024-01%' AND run_id = 2") > 10);
}

TEST_CASE("the same input again leaves the database as it was", "[whole_history][database]") {
  const whole_history_competition c("whr", "epsilon: 1e-4", "h.db");
  REQUIRE(c.recorded({"m1.csv"}).status == 0);
  const auto again = c.recorded({"m1.csv"});
  INFO(again.out);
  REQUIRE(again.status == 0);
  CHECK_THAT(again.out, Catch::Contains("already holds this run from the same input"));
  CHECK(count(c.dir / "h.db", "SELECT count(*) FROM runs") == 1);
}

TEST_CASE("a run with --replace refits a corrected month in the place of the run that recorded it", "[whole_history][database]") {
  const whole_history_competition c("whr", "epsilon: 1e-6", "h.db");
  REQUIRE(c.recorded({"m1.csv"}).status == 0);
  REQUIRE(c.recorded({"m2.csv"}).status == 0);
  // January corrected: its first game's result the other way round.
  std::string corrected = read_text(c.dir / "m1.csv");
  const size_t score = corrected.rfind(',', corrected.find('\n', corrected.find('\n') + 1)) - 1;
  corrected[score] = corrected[score] == '1' ? '0' : '1';
  write_text(c.dir / "m1c.csv", corrected);
  const auto refused = c.recorded({"m1c.csv"});
  CHECK(refused.status == 1);
  CHECK_THAT(refused.out, Catch::Contains("is already recorded (run 1 of"));
  CHECK_THAT(refused.out, Catch::Contains("run again with --replace"));
  const auto replaced = c.recorded({"m1c.csv"}, " --replace");
  INFO(replaced.out);
  REQUIRE(replaced.status == 0);
  CHECK_THAT(replaced.out, Catch::Contains("replaced run 1 of"));
  CHECK(count(c.dir / "h.db", "SELECT count(*) FROM runs") == 2);  // February's run and the correction
  CHECK(count(c.dir / "h.db", "SELECT count(*) FROM whole_history_games") == 300);
  CHECK(count(c.dir / "h.db", "SELECT count(*) FROM periods WHERE run_id = 1") == 0);
  // The history as a full run over the corrected January and February gives it, in time order.
  REQUIRE(c.full({"m1c.csv", "m2.csv"}).status == 0);
  REQUIRE(c.recorded({"m3.csv"}).status == 0);
  REQUIRE(c.full({"m1c.csv", "m2.csv", "m3.csv"}).status == 0);
  same_history(read_text(c.dir / "full/history.csv"), read_text(c.dir / "out/history.csv"), 1e-3);
  const auto shown = run_cli("history " + (c.dir / "h.db").string() + " P1 --json");
  const auto points = nlohmann::json::parse(shown.out)["history"];
  CHECK(points.front()["period"].get<std::string>().substr(0, 7) == "2024-01");
  CHECK(points.back()["period"].get<std::string>().substr(0, 7) == "2024-03");
}

TEST_CASE("a whole-history competition refuses what is not one history with it", "[whole_history][database]") {
  const whole_history_competition c("whr", "epsilon: 1e-4", "h.db");
  REQUIRE(c.recorded({"m1.csv"}).status == 0);
  // A model rated period by period into it.
  write_text(c.dir / "elo.yaml", "competition: club\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
                                 "input: { format: games-csv }\nperiod: month\noutput: { database: h.db }\n");
  auto r = run_cli("run " + (c.dir / "elo.yaml").string() + c.inputs({"m2.csv"}) + " --out " + (c.dir / "e").string() +
                   " --new-model");
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("competition 'club' holds 1 run(s) of the whole-history model 'whr', and model "
                                    "'fide-logistic' rates period by period"));
  // Another whole-history model, or other parameters.
  write_text(c.dir / "ttt.yaml", "competition: club\nmodel: ttt\ninput: { format: games-csv }\noutput: { database: h.db }\n");
  r = run_cli("run " + (c.dir / "ttt.yaml").string() + c.inputs({"m2.csv"}) + " --out " + (c.dir / "t").string());
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("competition 'club' changes model: run 1 used whr"));
  // A whole-history model into a competition rated period by period.
  write_text(c.dir / "elo2.yaml", "competition: elo\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
                                  "input: { format: games-csv }\nperiod: month\noutput: { database: h.db }\n");
  REQUIRE(run_cli("run " + (c.dir / "elo2.yaml").string() + c.inputs({"m2.csv"}) + " --out " + (c.dir / "e").string()).status == 0);
  write_text(c.dir / "whr2.yaml", "competition: elo\nmodel: whr\ninput: { format: games-csv }\noutput: { database: h.db }\n");
  r = run_cli("run " + (c.dir / "whr2.yaml").string() + c.inputs({"m3.csv"}) + " --out " + (c.dir / "w").string() +
              " --new-model");
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("competition 'elo' holds 1 run(s) of a model rated period by period, and model "
                                    "'whr' fits the whole history"));
  CHECK(count(c.dir / "h.db", "SELECT count(*) FROM runs") == 2);
}

TEST_CASE("a damaged recorded game or estimate is refused naming its row", "[whole_history][database]") {
  const whole_history_competition c("whr", "epsilon: 1e-4", "h.db");
  REQUIRE(c.recorded({"m1.csv"}).status == 0);
  exec(c.dir / "h.db", "UPDATE whole_history_games SET score_a = 0.25 WHERE seq = 7");
  auto r = c.recorded({"m2.csv"});
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("damaged rating database: table whole_history_games, run 1, game 7, score_a: "
                                    "expected 0, 0.5 or 1, found 0.25"));
  exec(c.dir / "h.db", "UPDATE whole_history_games SET score_a = 1, date = 20240231 WHERE seq = 7");
  r = c.recorded({"m2.csv"});
  CHECK_THAT(r.out, Catch::Contains("game 7, date: expected a date as the number yyyymmdd, found 20240231"));
  exec(c.dir / "h.db", "UPDATE whole_history_games SET date = 20240105 WHERE seq = 7");
  exec(c.dir / "h.db", "UPDATE ratings SET state = '{\"deviation\":-1}' WHERE (period_id, player_id) = "
                       "(SELECT period_id, player_id FROM ratings LIMIT 1)");
  r = c.recorded({"m2.csv"});
  CHECK_THAT(r.out, Catch::Contains("state: expected a positive deviation, found -1"));
  // A number JSON does not write is refused as the JSON reader refuses it; one written otherwise is read.
  exec(c.dir / "h.db", "UPDATE ratings SET state = '{\"deviation\":.5}' WHERE state LIKE '%-1}'");
  r = c.recorded({"m2.csv"});
  CHECK_THAT(r.out, Catch::Contains("state: expected a JSON object of state fields, found '{\"deviation\":.5}'"));
  CHECK(count(c.dir / "h.db", "SELECT count(*) FROM runs") == 1);
  exec(c.dir / "h.db", "UPDATE ratings SET state = '{\"deviation\":5e-1}' WHERE state LIKE '%.5}'");
  r = c.recorded({"m2.csv"});
  INFO(r.out);
  CHECK(r.status == 0);
}

TEST_CASE("a whole-history run reads and records under the database's lock", "[whole_history][database]") {
  const whole_history_competition c("whr", "epsilon: 1e-4", "h.db");
  REQUIRE(c.recorded({"m1.csv"}).status == 0);
  {
    // Another run recording into the file between this run's reading and writing: refused, nothing changed.
    run_recording other(c.dir / "h.db", "club");
    const auto r = c.recorded({"m2.csv"});
    CHECK(r.status == 1);
    CHECK_THAT(r.out, Catch::Contains("another ratekit run is recording into this database"));
  }
  CHECK(count(c.dir / "h.db", "SELECT count(*) FROM runs") == 1);
  CHECK(c.recorded({"m2.csv"}).status == 0);
}

TEST_CASE("predict --database on a whole-history run forecasts as predict from its config does",
          "[whole_history][database][predict]") {
  temp_dir dir;
  // Old plays in January only: by March his estimate has drifted for two months, which the forecast must carry.
  // New, never rated: ttt's from the config's `initial` (his prior) both ways.
  const std::string march = month_of_games(3, 60, 6, 4u);
  write_text(dir / "games.csv", month_of_games(1, 60, 6, 3u) + "2024-01-02,Old,P1,1,\n2024-01-03,P2,Old,0.5,\n" +
                                    march.substr(march.find('\n') + 1));
  // whr forecasts duels, ttt lineups (it rates team matches).
  write_text(dir / "whr.csv", "player_a,player_b,home\nOld,P1,a\nP0,P3,b\nP2,Old,\nNew,P4,\n");
  write_text(dir / "ttt.csv", "match,team,player\nm1,a,Old\nm1,b,P1\nm2,a,P2\nm2,b,Old\nm3,a,New\nm3,b,P4\n");
  for (const char* model : {"whr", "ttt"}) {
    INFO(model);
    const std::string head = "competition: club\nmodel: " + std::string(model) +
                             "\ninput: { format: games-csv, path: games.csv }\nhome_advantage: " +
                             (model == std::string("ttt") ? "0.3" : "30") + "\n" +
                             (model == std::string("ttt") ? "params: { p_draw: 0.1 }\ninitial: { rating: 0.5, state: { deviation: 3 } }\n"
                                                           : "");
    write_text(dir / "c.yaml", head);
    fs::remove(dir / "h.db");
    write_text(dir / "db.yaml", head + "output: { database: h.db }\n");
    const auto recorded = run_cli("run " + (dir / "db.yaml").string() + " --out " + (dir / model).string());
    INFO(recorded.out);
    REQUIRE(recorded.status == 0);
    const fs::path games = dir / (std::string(model) + ".csv");
    const auto from_config = run_cli("predict " + (dir / "c.yaml").string() + " " + games.string());
    const auto from_db = run_cli("predict --database " + (dir / "h.db").string() + " --competition club " +
                                 games.string());
    INFO(from_config.out << "\n" << from_db.out);
    REQUIRE(from_config.status == 0);
    REQUIRE(from_db.status == 0);
    // Field by field: the numbers to 1e-12, the rest the same.
    std::istringstream a(from_config.out), b(from_db.out);
    std::string la, lb;
    size_t lines = 0, numbers = 0;
    while (std::getline(a, la)) {
      REQUIRE(std::getline(b, lb));
      ++lines;
      std::istringstream fa(la), fb(lb);
      for (std::string x, y; std::getline(fa, x, ',');) {
        REQUIRE(std::getline(fb, y, ','));
        char* end = nullptr;
        const double vx = std::strtod(x.c_str(), &end);
        if (x.empty() || *end != '\0') {
          CHECK(x == y);
          continue;
        }
        ++numbers;
        CHECK(std::abs(vx - std::stod(y)) <= 1e-12);
      }
    }
    CHECK_FALSE(std::getline(b, lb));
    CHECK(lines >= (model == std::string("ttt") ? 7u : 5u));  // and a warning of the new player
    CHECK(numbers >= 8);
  }
}

}  // namespace test_whole_history_database
