// The history database written while the games are rated (database_stream)
// holds exactly the rows the recorder of a finished run writes, keeps no game
// in the run, and keeps the one-unit guarantees: a failure late in the run
// leaves the file as it was, the same input again is a no-op, other input is
// refused unless replaced. Layout 3 files are upgraded to layout 4 with their rows.
#include <ratekit/host/config/config.hpp>
#include <ratekit/host/engine/engine.hpp>
#include <ratekit/host/recording/run_recording.hpp>
#include <ratekit/host/store/store.hpp>

#include "sql_support.hpp"
#include "test_support.hpp"

#include <catch2/catch.hpp>

#include <sqlite3.h>

#include <cstdio>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_database_stream {

using namespace ratekit;
namespace fs = std::filesystem;

namespace {

using testing::builtin;
using testing::sql_exec;
using testing::sql_number;
using testing::sql_text;
using testing::with_db;

// `n` games among players who keep joining over three months (more than one
// piece of 65,536 games when n is larger), in named rounds of 7 games.
std::string games_csv(int n) {
  std::string text = "date,player_a,player_b,score_a,period\n";
  for (int i = 0; i < n; ++i) {
    const int a = i % 397, b = (i * 7 + 1) % (400 + i / 20), month = 1 + i * 3 / n,
              day = 1 + int(int64_t(i) * 3 % n * 27 / n);
    char date[32];
    std::snprintf(date, sizeof date, "2024-%02d-%02d,", month, day);
    text += std::string(date) + "p" + std::to_string(a) + ",p" + std::to_string(b == a ? b + 1 : b) +
            "," + (i % 3 ? "1" : i % 2 ? "0.5" : "0") + ",round " + std::to_string(i / 7) + "\n";
  }
  return text;
}

// The same games dated a year later.
std::string a_year_on(std::string games) {
  for (size_t at = games.find("\n2024-"); at != std::string::npos; at = games.find("\n2024-", at + 1)) games[at + 4] = '5';
  return games;
}

// Every row of every table in key order, each value exactly (numbers to 17
// digits); the time a run was recorded is left out.
std::string dump(const fs::path& db) {
  return with_db(db, [](sqlite3* h) {
    std::vector<std::string> tables;
    sqlite3_stmt* s = nullptr;
    REQUIRE(sqlite3_prepare_v2(h, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name", -1, &s, nullptr) == SQLITE_OK);
    while (sqlite3_step(s) == SQLITE_ROW) tables.emplace_back(reinterpret_cast<const char*>(sqlite3_column_text(s, 0)));
    sqlite3_finalize(s);
    std::string out;
    for (const auto& table : tables) {
      out += "table " + table + "\n";
      REQUIRE(sqlite3_prepare_v2(h, ("SELECT * FROM " + table).c_str(), -1, &s, nullptr) == SQLITE_OK);
      const int columns = sqlite3_column_count(s);
      std::string order;
      for (int c = 1; c <= columns; ++c) order += (c > 1 ? "," : "") + std::to_string(c);
      sqlite3_finalize(s);
      REQUIRE(sqlite3_prepare_v2(h, ("SELECT * FROM " + table + " ORDER BY " + order).c_str(), -1, &s, nullptr) == SQLITE_OK);
      while (sqlite3_step(s) == SQLITE_ROW) {
        for (int c = 0; c < columns; ++c) {
          const std::string name = sqlite3_column_name(s, c);
          char cell[64];
          switch (sqlite3_column_type(s, c)) {
            case SQLITE_NULL: out += "NULL"; break;
            case SQLITE_INTEGER: out += std::to_string(sqlite3_column_int64(s, c)); break;
            case SQLITE_FLOAT:
              std::snprintf(cell, sizeof cell, "%.17g", sqlite3_column_double(s, c));
              out += cell;
              break;
            default: out += table == "runs" && name == "recorded_at" ? "-" : reinterpret_cast<const char*>(sqlite3_column_text(s, c));
          }
          out += c + 1 < columns ? "|" : "\n";
        }
      }
      sqlite3_finalize(s);
    }
    return out;
  });
}

// games_csv(n) as one run a month from the same database r.db: jan.yaml
// (starting at the model's default), feb.yaml and mar.yaml from the database,
// and feb2.yaml, February with every game the first player won lost instead.
struct monthly_runs {
  testing::temp_dir dir;
  monthly_runs(const std::string& model, int games) {
    const std::string head = "competition: club\n" + model + "period: month\n";
    const std::string all = games_csv(games);
    const size_t feb = all.find("\n2024-02-") + 1, mar = all.find("\n2024-03-") + 1;
    const std::string header = all.substr(0, all.find('\n') + 1);
    testing::write_text(dir / "jan.csv", all.substr(0, feb));
    testing::write_text(dir / "feb.csv", header + all.substr(feb, mar - feb));
    testing::write_text(dir / "mar.csv", header + all.substr(mar));
    std::string other = all.substr(feb, mar - feb);
    for (size_t at = other.find(",1,round"); at != std::string::npos; at = other.find(",1,round", at + 1)) other[at + 1] = '0';
    testing::write_text(dir / "feb2.csv", header + other);
    testing::write_text(dir / "jan.yaml", head + "input: { format: games-csv, path: jan.csv }\noutput: { database: r.db }\n");
    for (const std::string name : {"feb", "mar", "feb2"})
      testing::write_text(dir / (name + ".yaml"), head + "initial: { database: r.db }\ninput: { format: games-csv, path: " +
                                                      name + ".csv }\noutput: { database: r.db }\n");
  }
  // `quiet`: "-q " or "" (to see what a run says besides errors).
  testing::command_result run(const std::string& config, const std::string& flags = "",
                              const std::string& quiet = "-q ") const {
    return testing::run_cli(quiet + "run " + (dir / config).string() + " --out " + (dir / "out").string() + flags);
  }
  // With February recorded (run 2), feb2.yaml without --replace is refused and changes nothing.
  void check_feb2_refused() const {
    const std::string rows = dump(dir / "r.db");
    const auto refused = run("feb2.yaml");
    CHECK(refused.status == 1);
    CHECK_THAT(refused.out, Catch::Contains("period '2024-02' of competition 'club' is already recorded (run 2") &&
                                Catch::Contains("--replace"));
    CHECK(dump(dir / "r.db") == rows);
  }
};

// The rows agree with each other, whoever wrote them: each player's ratings row
// of a period counts his games rows there, and its rating less its change is the
// rating his first game there was played on.
void check_consistent(const fs::path& db) {
  // The players' index of ratings is there, built at the end or kept up, and agrees with its table.
  CHECK(sql_text(db, "SELECT sql FROM sqlite_master WHERE name = 'ratings_by_player'") ==
        "CREATE INDEX ratings_by_player ON ratings (player_id, period_id)");
  CHECK(sql_text(db, "PRAGMA integrity_check") == "ok");
  const std::string counts =
      "WITH played AS (SELECT period_id, player_a AS player, seq, rating_a AS before FROM games "
      "UNION ALL SELECT period_id, player_b, seq, rating_b FROM games), "
      "firsts AS (SELECT period_id, player, count(*) AS n, min(seq) AS first FROM played GROUP BY 1, 2), "
      "counts AS (SELECT f.*, p.before FROM firsts f JOIN played p ON p.period_id = f.period_id AND "
      "p.player = f.player AND p.seq = f.first) ";
  CHECK(sql_number(db, counts + "SELECT count(*) FROM counts") == sql_number(db, "SELECT count(*) FROM ratings"));
  CHECK(sql_number(db, counts + "SELECT count(*) FROM counts c JOIN ratings r ON r.period_id = c.period_id AND "
                                "r.player_id = c.player WHERE r.games = c.n AND abs(r.rating - r.change - c.before) < 1e-9") ==
        sql_number(db, "SELECT count(*) FROM ratings"));
}

// Records `config` into `db` as `ratekit run` does: the rows as the games are rated.
recorded_run record_streamed(const fs::path& config_file, const fs::path& db) {
  competition_config config = load_config(config_file, builtin());
  config.output_database = db;
  config.write_history = false;  // only the database: nothing else would keep the games
  run_recording recording(db, config.competition);
  rated_games_sink& sink =
      recording.stream(config, builtin().get(config.model)->descriptor(), input_fingerprint(config), {});
  const run_result run = rate(config, builtin(), run_services{.sink = &sink});
  REQUIRE(run.database_streamed);
  CHECK(run.data.games.empty());  // nothing kept per game
  CHECK(run.game_out.empty());
  CHECK(run.game_state_after.empty());
  if (!run.data.ranked()) CHECK(run.period_ends.empty());  // a ranked run's events are kept for the metrics
  const recorded_run r = recording.finish_stream(run);
  recording.commit();
  return r;
}

// The same from the finished run, as the recorder wrote every run before.
recorded_run record_after(const fs::path& config_file, const fs::path& db) {
  competition_config config = load_config(config_file, builtin());
  config.output_database = db;
  const run_result run = rate(config, builtin());
  REQUIRE_FALSE(run.database_streamed);
  REQUIRE(run.data.games.size() == run.game_count);
  return record_run(run, config, db);
}

// The second run of `config`, into both files, each started from its own file:
// `initial: { database: db }` in dir.
void record_both(const fs::path& config, const fs::path& dir, const fs::path& streamed, const fs::path& after) {
  fs::copy_file(streamed, dir / "db");
  record_streamed(config, streamed);
  fs::remove(dir / "db");
  fs::copy_file(after, dir / "db");
  record_after(config, after);
  fs::remove(dir / "db");
}

struct two_runs {
  testing::temp_dir dir;
  // `model` and `period` over `n` games, then, when `second` is given, a second run
  // from the database over its games.
  two_runs(const std::string& model, const std::string& period, int n, int second = 0) {
    const std::string k = model == "glicko" ? "" : "k_schedule: [ { k: 20 } ]\n";
    const std::string head = "competition: club\nmodel: " + model + "\n" + k + "period: " + period + "\n";
    testing::write_text(dir / "games.csv", games_csv(n));
    testing::write_text(dir / "first.yaml", head + "input: { format: games-csv, path: games.csv }\n");
    if (second == 0) return;
    testing::write_text(dir / "later.csv", a_year_on(games_csv(second)));
    testing::write_text(dir / "second.yaml", head + "initial: { database: db }\ninput: { format: games-csv, path: later.csv }\n");
  }
  // Both runs streamed into one file and recorded after rating into another: the same rows.
  void check_same(bool second) {
    const fs::path streamed = dir / "streamed.db", after = dir / "after.db";
    const recorded_run s = record_streamed(dir / "first.yaml", streamed);
    const recorded_run a = record_after(dir / "first.yaml", after);
    CHECK(s.periods == a.periods);
    CHECK(s.players == a.players);
    if (second) record_both(dir / "second.yaml", dir.path(), streamed, after);
    const std::string rows = dump(streamed);
    CHECK(rows.find("table games\n1|") != std::string::npos);
    check_consistent(streamed);
    CHECK(rows == dump(after));
  }
};

}  // namespace

TEST_CASE("the streamed database holds the rows the recorder of a finished run writes", "[store][stream]") {
  SECTION("monthly periods over more than one piece, a second run from the database") {
    two_runs("fide-logistic", "month", 70'000, 3'000).check_same(true);
  }
  SECTION("a model with shown state (glicko: rd per period)") { two_runs("glicko", "month", 5'000, 2'000).check_same(true); }
  SECTION("named events as periods, names arriving piece by piece") { two_runs("fide-logistic", "event", 70'000).check_same(false); }
  SECTION("game periods: one stored period named after the dates") { two_runs("fide-logistic", "game", 70'000).check_same(false); }
  SECTION("days, glicko, a second run") { two_runs("glicko", "day", 3'000, 1'000).check_same(true); }
}

TEST_CASE("a streamed game-period run names its period after the dates", "[store][stream]") {
  two_runs t("fide-logistic", "game", 2'000);
  record_streamed(t.dir / "first.yaml", t.dir / "s.db");
  CHECK(sql_number(t.dir / "s.db", "SELECT count(*) FROM periods WHERE label = '2024-01-01..2024-03-27'") == 1);
  CHECK(sql_number(t.dir / "s.db", "SELECT count(*) FROM periods") == 1);
}

namespace {

struct cli_runs {
  testing::temp_dir dir;
  cli_runs() {
    testing::write_text(dir / "games.csv", games_csv(70'000));
    testing::write_text(dir / "c.yaml", "competition: club\nmodel: glicko\nperiod: month\n"
                                        "input: { format: games-csv, path: games.csv }\noutput: { database: r.db }\n");
  }
  testing::command_result run(const std::string& flags = "") const {
    return testing::run_cli("-q run " + (dir / "c.yaml").string() + " --out " + (dir / "out").string() + flags);
  }
};

}  // namespace

TEST_CASE("ratekit run streams the database: the same input again is a no-op", "[store][stream][cli]") {
  cli_runs t;
  REQUIRE(t.run().status == 0);
  const std::string rows = dump(t.dir / "r.db");
  CHECK(sql_number(t.dir / "r.db", "SELECT count(*) FROM games") == 70'000);
  CHECK(sql_number(t.dir / "r.db", "SELECT count(*) FROM periods") == 3);
  check_consistent(t.dir / "r.db");
  const auto again = testing::run_cli("run " + (t.dir / "c.yaml").string() + " --out " + (t.dir / "out").string());
  CHECK(again.status == 0);
  CHECK_THAT(again.out, Catch::Contains("left as it was"));
  CHECK(dump(t.dir / "r.db") == rows);
}

TEST_CASE("a first run and an added run leave every index of the layout as declared, agreeing with its table",
          "[store][stream][cli]") {
  testing::temp_dir dir;
  testing::write_text(dir / "games.csv", games_csv(70'000));
  testing::write_text(dir / "later.csv", a_year_on(games_csv(3'000)));
  testing::write_text(dir / "large.csv", a_year_on(games_csv(80'000)));
  const std::string head = "competition: club\nmodel: glicko\nperiod: month\n";
  testing::write_text(dir / "first.yaml", head + "input: { format: games-csv, path: games.csv }\noutput: { database: r.db }\n");
  for (const std::string added : {"later", "large"})
    testing::write_text(dir / (added + ".yaml"), head + "initial: { database: r.db }\ninput: { format: games-csv, path: " +
                                                     added + ".csv }\noutput: { database: r.db }\n");
  const std::string indexes =
      "SELECT group_concat(sql, ';') FROM (SELECT sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL "
      "ORDER BY name)";
  const std::string declared =
      "CREATE INDEX entries_by_player ON entries (player_id);CREATE INDEX games_by_player_a ON games (player_a);"
      "CREATE INDEX games_by_player_b ON games (player_b);CREATE INDEX players_by_external_id ON players "
      "(external_id);CREATE INDEX players_by_name ON players (name);"
      "CREATE INDEX ratings_by_player ON ratings (player_id, period_id)";
  // The first run builds the indexes of ratings, games and entries at its end; an added run of 3,000 games
  // keeps them up; one of 80,000, past a tenth of the 70,000 held, drops them and builds them at its end.
  const auto record = [&](const std::string& config) {
    INFO(config);
    REQUIRE(testing::run_cli("-q run " + (dir / config).string() + " --out " + (dir / "out").string()).status == 0);
    CHECK(sql_text(dir / "r.db", indexes) == declared);
    CHECK(sql_text(dir / "r.db", "PRAGMA integrity_check") == "ok");
  };
  record("first.yaml");
  SECTION("a small added run") {
    record("later.yaml");
    CHECK(sql_number(dir / "r.db", "SELECT count(*) FROM games") == 73'000);
  }
  SECTION("a large added run") {
    record("large.yaml");
    CHECK(sql_number(dir / "r.db", "SELECT count(*) FROM games") == 150'000);
  }
}

TEST_CASE("a failure late in a streamed run leaves the database as it was", "[store][stream][cli]") {
  cli_runs t;
  REQUIRE(t.run().status == 0);
  const std::string ratings = testing::read_text(t.dir / "out" / "ratings.csv");
  // Another year of the same games, refused at its last line: two pieces were recorded by then.
  const std::string later = a_year_on(games_csv(70'000));
  testing::write_text(t.dir / "games.csv", later + "2025-03-28,p1,p2,3\n");
  testing::write_text(t.dir / "c.yaml", testing::read_text(t.dir / "c.yaml") + "initial: { database: r.db }\n");
  const std::string rows = dump(t.dir / "r.db");
  const auto bad = t.run();
  CHECK(bad.status != 0);
  CHECK_THAT(bad.out, Catch::Contains("games.csv:70002"));
  CHECK(dump(t.dir / "r.db") == rows);
  CHECK(testing::read_text(t.dir / "out" / "ratings.csv") == ratings);
  // The database fails late (a trigger on the last games): the same.
  testing::write_text(t.dir / "games.csv", later);
  sql_exec(t.dir / "r.db", "CREATE TRIGGER late BEFORE INSERT ON games WHEN new.seq = 69990 "
                           "BEGIN SELECT RAISE(ABORT, 'injected failure'); END");
  const std::string with_trigger = dump(t.dir / "r.db");
  const auto failed = t.run();
  CHECK(failed.status != 0);
  CHECK_THAT(failed.out, Catch::Contains("injected failure"));
  CHECK(dump(t.dir / "r.db") == with_trigger);
  sql_exec(t.dir / "r.db", "DROP TRIGGER late");
  REQUIRE(t.run().status == 0);
  CHECK(sql_number(t.dir / "r.db", "SELECT count(*) FROM games") == 140'000);
}

TEST_CASE("a run past the file size limit fails naming the file, and leaves outputs and database as they were",
          "[store][stream][cli]") {
  cli_runs t;
  REQUIRE(t.run().status == 0);
  const std::string ratings = testing::read_text(t.dir / "out" / "ratings.csv");
  testing::write_text(t.dir / "games.csv", a_year_on(games_csv(70'000)));
  const std::string config = testing::read_text(t.dir / "c.yaml") + "initial: { database: r.db }\n";
  const std::string rows = dump(t.dir / "r.db");
  const auto run_limited = [&](uintmax_t bytes) {  // ulimit -f counts blocks of 512 bytes (1024 in bash)
    return testing::run_cli("-q run " + (t.dir / "c.yaml").string() + " --out " + (t.dir / "out").string(),
                            "ulimit -f " + std::to_string(bytes / 512) + "; ");
  };
  // The config's outputs set to `output`, a run past `bytes` fails with `error` (an error reported, not the run
  // killed by SIGXFSZ), naming files where they were to be (the staging folder is gone), and changes nothing.
  const auto refused = [&](const std::string& output, uintmax_t bytes, const std::string& error) {
    std::string limited = config;
    limited.replace(limited.find("{ database: r.db }"), 18, output);
    testing::write_text(t.dir / "c.yaml", limited);
    const auto r = run_limited(bytes);
    CHECK(r.status == 1);
    CHECK_THAT(r.out, Catch::Contains(error) && !Catch::Contains(".new-"));
    CHECK(dump(t.dir / "r.db") == rows);
    CHECK(testing::read_text(t.dir / "out" / "ratings.csv") == ratings);
    for (const auto& e : fs::directory_iterator(t.dir.path())) CHECK(e.path().filename().string().rfind(".out.new", 0) != 0);
  };
  // The limit is every file's: the run's write-ahead log beside the database (a few MB) and the
  // 32 KB index of it a reader keeps must fit under it.
  SECTION("history.csv (14 MB) past 12 MB") {
    refused("{ database: r.db }", 12 << 20, (t.dir / "out" / "history.csv").string() + ": cannot write: File too large");
  }
  SECTION("ratings.csv, written after the run, past 64 KB") {
    refused("{ history: false }", 64 << 10,
            (t.dir / "out" / "ratings.csv").string() + ": cannot write output file: File too large");
  }
  SECTION("the database past its size and 64 KB") {
    refused("{ database: r.db, history: false }", fs::file_size(t.dir / "r.db") + (64 << 10),
            (t.dir / "r.db").string() + ": rating database: disk I/O error (File too large)");
  }
}

TEST_CASE("a number the schema refuses stops a recording as it is bound, named, and leaves outputs and database as "
          "they were",
          "[store][stream][cli]") {
  // Finite, so no check of the engine's stops it; over 1e308, which the tables' constraints refuse.
  const std::string huge = "initial: 1.5e308\n";
  SECTION("a first run leaves no database") {
    cli_runs t;
    testing::write_text(t.dir / "c.yaml", testing::read_text(t.dir / "c.yaml") + huge);
    const auto r = t.run();
    CHECK(r.status == 1);
    CHECK_THAT(r.out, Catch::Contains("r.db: rating database: cannot store 1.5e+308 as games.rating_a: it holds finite "
                                      "numbers under 1e308 in size"));
    CHECK_FALSE(fs::exists(t.dir / "r.db"));
    CHECK_FALSE(fs::exists(t.dir / "out"));
  }
  SECTION("a later run leaves the database and outputs as they were") {
    cli_runs t;
    REQUIRE(t.run().status == 0);
    const std::string rows = dump(t.dir / "r.db"), ratings = testing::read_text(t.dir / "out" / "ratings.csv");
    testing::write_text(t.dir / "games.csv", a_year_on(games_csv(70'000)));
    testing::write_text(t.dir / "c.yaml", testing::read_text(t.dir / "c.yaml") + huge);
    const auto r = t.run();
    CHECK(r.status == 1);
    CHECK_THAT(r.out, Catch::Contains("cannot store 1.5e+308 as games.rating_a"));
    CHECK(dump(t.dir / "r.db") == rows);
    CHECK(testing::read_text(t.dir / "out" / "ratings.csv") == ratings);
  }
}

TEST_CASE("an upgrade that fails past the file size limit leaves the older layout as it was, still read",
          "[store][stream][cli]") {
  cli_runs t;
  REQUIRE(t.run().status == 0);
  sql_exec(t.dir / "r.db", testing::back_to_layout_4);
  const std::string rows = dump(t.dir / "r.db");
  const auto before = player_history(t.dir / "r.db", "p5", std::nullopt);
  REQUIRE_FALSE(before.back().state.empty());
  testing::write_text(t.dir / "games.csv", a_year_on(games_csv(1'000)));
  testing::write_text(t.dir / "c.yaml", testing::read_text(t.dir / "c.yaml") + "initial: { database: r.db }\n");
  // The upgrade copies the ratings into a new table, through the write-ahead log the first run left the
  // file in: the log cannot grow past 64 KB (what the log's index of a reader takes, 32 KB, fits).
  const auto r = testing::run_cli("-q run " + (t.dir / "c.yaml").string() + " --out " + (t.dir / "out").string(),
                                  "ulimit -f " + std::to_string((64 << 10) / 512) + "; ");
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("r.db") && Catch::Contains("File too large"));
  CHECK(dump(t.dir / "r.db") == rows);
  CHECK(sql_number(t.dir / "r.db", "PRAGMA user_version") == 4);
  const auto after = player_history(t.dir / "r.db", "p5", std::nullopt);
  REQUIRE(after.size() == before.size());
  CHECK(after.back().state == before.back().state);
  // Without the limit the same run upgrades it and records.
  REQUIRE(t.run().status == 0);
  CHECK(sql_number(t.dir / "r.db", "PRAGMA user_version") == 7);
}

TEST_CASE("a streamed run over other input is refused, and replaces it with --replace", "[store][stream][cli]") {
  // January and February, then February again from other input, from the same database.
  const monthly_runs t("model: fide-logistic\nk_schedule: [ { k: 20 } ]\n", 6'000);
  const testing::temp_dir& dir = t.dir;
  REQUIRE(t.run("jan.yaml").status == 0);
  REQUIRE(t.run("feb.yaml").status == 0);
  t.check_feb2_refused();
  // Replaced: February rated again from January's state, as if feb2 had been recorded instead.
  REQUIRE(t.run("feb2.yaml", " --replace").status == 0);
  CHECK(sql_number(dir / "r.db", "SELECT count(*) FROM runs") == 2);
  fs::copy_file(dir / "r.db", dir / "replaced.db");
  fs::remove(dir / "r.db");
  REQUIRE(t.run("jan.yaml").status == 0);
  REQUIRE(t.run("feb2.yaml").status == 0);
  // The same ratings, games and states; only run 2's number is 3 in the replaced file.
  const std::string fresh = "SELECT group_concat(x, ';') FROM (SELECT pe.label || p.name || r.rating || r.change || r.games AS x "
                            "FROM ratings r JOIN periods pe ON pe.id = r.period_id JOIN players p ON p.id = r.player_id "
                            "ORDER BY 1)";
  CHECK(sql_text(dir / "replaced.db", fresh) == sql_text(dir / "r.db", fresh));
  const std::string states = "SELECT group_concat(x, ';') FROM (SELECT p.name || s.field || coalesce(s.value, 'null') AS x "
                             "FROM states s JOIN players p ON p.id = s.player_id WHERE s.run_id = (SELECT max(id) FROM runs) ORDER BY 1)";
  CHECK(sql_text(dir / "replaced.db", states) == sql_text(dir / "r.db", states));
  CHECK(sql_number(dir / "replaced.db", "SELECT count(*) FROM games") == sql_number(dir / "r.db", "SELECT count(*) FROM games"));
}

// A model that reads elapsed time (glicko's rd grows with the periods since a
// player's last) fails on periods older than the state it starts from, so a
// month recorded before is refused, or rated again from the state before it,
// before the model sees a game of it: here February again after March. March,
// rated from the February replaced, is rated again from its recorded input.
TEST_CASE("a middle month redone from its own database with an elapsed-time model: refused, or rated again from the "
          "state before it", "[store][stream][cli]") {
  const std::string model = GENERATE("glicko", "glicko2");
  INFO(model);
  const monthly_runs t("model: " + model + "\n", 9'000);
  const testing::temp_dir& dir = t.dir;
  for (const char* month : {"jan.yaml", "feb.yaml", "mar.yaml"}) REQUIRE(t.run(month).status == 0);
  t.check_feb2_refused();
  const auto replaced = t.run("feb2.yaml", " --replace", "");
  CHECK(replaced.status == 0);
  CHECK_THAT(replaced.out, Catch::Contains("replaced run 2 of ") && Catch::Contains("feb.yaml), which recorded period '2024-02'") &&
                               Catch::Contains("rated run 3 of ") && Catch::Contains("mar.yaml) again from its recorded input, as run 5") &&
                               Catch::Contains("recorded run 4"));
  CHECK(sql_text(dir / "r.db", "SELECT group_concat(id) FROM runs") == "1,4,5");
  CHECK(sql_number(dir / "r.db", "SELECT count(*) FROM periods WHERE label = '2024-03' AND run_id = 5") == 1);
  // Every month as if feb2 had been recorded in the first place.
  const auto march = t.run("mar.yaml", "", "");
  CHECK_THAT(march.out, Catch::Contains("already holds this run from the same input (run 5)"));
  fs::copy_file(dir / "r.db", dir / "replaced.db");
  fs::remove(dir / "r.db");
  for (const char* month : {"jan.yaml", "feb2.yaml", "mar.yaml"}) REQUIRE(t.run(month).status == 0);
  const std::string ratings =
      "SELECT group_concat(x, ';') FROM (SELECT pe.label || ':' || p.name || ':' || r.rating || ':' || r.state AS x "
      "FROM ratings r JOIN periods pe ON pe.id = r.period_id JOIN players p ON p.id = r.player_id ORDER BY 1)";
  CHECK(sql_text(dir / "replaced.db", ratings) == sql_text(dir / "r.db", ratings));
  CHECK(sql_text(dir / "r.db", ratings).find("2024-03:") != std::string::npos);
  const std::string states = "SELECT group_concat(x, ';') FROM (SELECT p.name || s.field || coalesce(s.value, 'null') AS x "
                             "FROM states s JOIN players p ON p.id = s.player_id WHERE s.run_id = (SELECT max(id) FROM runs) ORDER BY 1)";
  CHECK(sql_text(dir / "replaced.db", states) == sql_text(dir / "r.db", states));
}

// Ratings of every period recorded in `db`, with each player's state: what a chain of runs leaves. To 1e-9:
// a period's rating within a run is the one before it and the games' changes, which the model's own sum
// matches to the last bits only, and a later run starts from the model's.
std::string all_ratings(const fs::path& db) {
  return sql_text(db, "SELECT group_concat(x, ';') FROM (SELECT pe.label || ':' || p.name || ':' || "
                      "printf('%.9f', r.rating) || ':' || r.state AS x FROM ratings r JOIN periods pe ON pe.id = r.period_id "
                      "JOIN players p ON p.id = r.player_id ORDER BY 1)");
}

// A month missed and rated after a later one would be rated from the later
// month's ratings (and glicko fails on periods older than its state): it is
// refused, or with --replace rated from the state before the later month's
// run, which is rated again after it from its recorded input (unless this
// run's input holds the later month too).
TEST_CASE("a month rated after a later one is refused, or replaces the later runs", "[store][stream][cli]") {
  const std::string model = GENERATE("glicko", "fide-logistic\nk_schedule: [ { k: 20 } ]");
  INFO(model);
  const monthly_runs t("model: " + model + "\n", 9'000);
  const testing::temp_dir& dir = t.dir;
  REQUIRE(t.run("jan.yaml").status == 0);
  REQUIRE(t.run("mar.yaml").status == 0);
  const std::string rows = dump(dir / "r.db");
  const auto refused = t.run("feb.yaml");
  CHECK(refused.status == 1);
  CHECK_THAT(refused.out, Catch::Contains("r.db: period '2024-02' of competition 'club' comes before period "
                                          "'2024-03', recorded by run 2 of ") &&
                              Catch::Contains("To rate it, run again with --replace"));
  CHECK(dump(dir / "r.db") == rows);
  SECTION("February alone, March rated again after it") {
    const auto replaced = t.run("feb.yaml", " --replace", "");
    CHECK(replaced.status == 0);
    CHECK_THAT(replaced.out, Catch::Contains("rated run 2 of ") && Catch::Contains("mar.yaml) again from its recorded input, as run 4") &&
                                 !Catch::Contains("replaced run"));
    CHECK(sql_text(dir / "r.db", "SELECT group_concat(id) FROM runs") == "1,3,4");
    CHECK_THAT(t.run("mar.yaml", "", "").out, Catch::Contains("already holds this run from the same input (run 4)"));
  }
  SECTION("February and March in one input") {
    testing::write_text(dir / "febmar.csv", testing::read_text(dir / "feb.csv") +
                                                testing::read_text(dir / "mar.csv").substr(testing::read_text(dir / "mar.csv").find('\n') + 1));
    std::string config = testing::read_text(dir / "feb.yaml");
    config.replace(config.find("feb.csv"), 7, "febmar.csv");
    testing::write_text(dir / "febmar.yaml", config);
    const auto replaced = t.run("febmar.yaml", " --replace", "");
    REQUIRE(replaced.status == 0);
    CHECK_THAT(replaced.out, Catch::Contains("which recorded period '2024-03'") && !Catch::Contains("rated run 2"));
    CHECK(sql_text(dir / "r.db", "SELECT group_concat(id) FROM runs") == "1,3");
  }
  // As if every month had been recorded in order in the first place.
  fs::copy_file(dir / "r.db", dir / "replaced.db");
  fs::remove(dir / "r.db");
  for (const char* month : {"jan.yaml", "feb.yaml", "mar.yaml"}) REQUIRE(t.run(month).status == 0);
  CHECK(all_ratings(dir / "replaced.db") == all_ratings(dir / "r.db"));
  CHECK(all_ratings(dir / "r.db").find("2024-03:") != std::string::npos);
}

TEST_CASE("a layout-3 database keeps its rows, read as it is and upgraded to the current layout by the next run",
          "[store][stream]") {
  cli_runs t;
  REQUIRE(t.run().status == 0);
  const std::string states = "SELECT group_concat(period_id || ' ' || player_id || ' ' || state, ';') FROM "
                             "(SELECT * FROM ratings ORDER BY 1, 2)";
  const std::string written = sql_text(t.dir / "r.db", states);
  CHECK_THAT(written, Catch::Contains("{\"rd\":"));
  // Layout 3's keys: player first, no index by player; state fields in period_states.
  sql_exec(t.dir / "r.db", testing::back_to_layout_4);
  const std::string rows = dump(t.dir / "r.db");
  sql_exec(t.dir / "r.db",
           "DROP INDEX ratings_by_player;"
           "CREATE TABLE old_ratings (period_id INTEGER NOT NULL REFERENCES periods(id), player_id INTEGER NOT NULL "
           "REFERENCES players(id), rating REAL NOT NULL CHECK (abs(rating) < 1e308), change REAL NOT NULL CHECK "
           "(abs(change) < 1e308), games INTEGER NOT NULL, PRIMARY KEY (player_id, period_id)) WITHOUT ROWID, STRICT;"
           "INSERT INTO old_ratings SELECT * FROM ratings; DROP TABLE ratings; ALTER TABLE old_ratings RENAME TO ratings;"
           "CREATE TABLE old_states (period_id INTEGER NOT NULL REFERENCES periods(id), player_id INTEGER NOT NULL "
           "REFERENCES players(id), field TEXT NOT NULL, value REAL CHECK (abs(value) < 1e308), "
           "PRIMARY KEY (player_id, period_id, field)) WITHOUT ROWID, STRICT;"
           "INSERT INTO old_states SELECT * FROM period_states; DROP TABLE period_states;"
           "ALTER TABLE old_states RENAME TO period_states; PRAGMA user_version = 3;");
  CHECK(dump(t.dir / "r.db") == rows);
  const auto old = player_history(t.dir / "r.db", "p5", std::nullopt);
  REQUIRE(old.size() == 3);
  CHECK_FALSE(old[2].state.empty());  // rd
  // The next run upgrades the file: the same rows, the new keys and index, then its own rows.
  testing::write_text(t.dir / "games.csv", "date,player_a,player_b,score_a,period\n2025-01-02,p5,p6,1,x\n");
  testing::write_text(t.dir / "c.yaml", testing::read_text(t.dir / "c.yaml") + "initial: { database: r.db }\n");
  REQUIRE(t.run().status == 0);
  CHECK(sql_number(t.dir / "r.db", "PRAGMA user_version") == 7);
  CHECK(sql_number(t.dir / "r.db", "SELECT count(*) FROM sqlite_master WHERE name = 'ratings_by_player'") == 1);
  CHECK(sql_number(t.dir / "r.db", "SELECT count(*) FROM sqlite_master WHERE sql LIKE '%PRIMARY KEY (period_id, player_id%'") == 1);
  CHECK(sql_number(t.dir / "r.db", "SELECT count(*) FROM sqlite_master WHERE name = 'period_states'") == 0);
  // The upgrade writes each state as the recording run wrote it, to the byte.
  const std::string upgraded = sql_text(t.dir / "r.db", states);
  CHECK(upgraded.substr(0, written.size()) == written);
  const auto now = player_history(t.dir / "r.db", "p5", std::nullopt);
  REQUIRE(now.size() == 4);
  for (size_t i = 0; i < 3; ++i) {
    CHECK(now[i].period == old[i].period);
    CHECK(now[i].rating == old[i].rating);
    CHECK(now[i].state == old[i].state);
  }
  CHECK(now[3].period == "2025-01");
}

TEST_CASE("ranked events are recorded as they are rated: entries, no-op again, refused or replaced", "[store][stream][cli]") {
  testing::temp_dir dir;
  testing::write_text(dir / "r.csv", "event,date,player,rank\nR1,2024-03-01,A,1\nR1,2024-03-01,B,2\nR1,2024-03-01,C,3\n"
                                     "R2,2024-03-08,C,1\nR2,2024-03-08,A,2\nR2,2024-03-08,D,3\n");
  testing::write_text(dir / "c.yaml", "competition: t\nmodel: codeforces\ninput: { format: standings-csv, path: r.csv }\n"
                                      "period: event\noutput: { database: r.db }\n");
  const auto run = [&](const std::string& flags = "") {
    return testing::run_cli("run " + (dir / "c.yaml").string() + " --out " + (dir / "out").string() + flags);
  };
  REQUIRE(run().status == 0);
  CHECK(sql_number(dir / "r.db", "SELECT count(*) FROM entries") == 6);
  CHECK(sql_number(dir / "r.db", "SELECT count(*) FROM periods WHERE label IN ('R1', 'R2')") == 2);
  CHECK(sql_number(dir / "r.db", "SELECT count(*) FROM ratings") == 6);
  const std::string rows = dump(dir / "r.db");
  const auto again = run();
  CHECK(again.status == 0);
  CHECK_THAT(again.out, Catch::Contains("left as it was"));
  CHECK(dump(dir / "r.db") == rows);
  testing::write_text(dir / "r.csv", "event,date,player,rank\nR2,2024-03-08,A,1\nR2,2024-03-08,C,2\n");
  const auto other = run();
  CHECK(other.status == 1);
  CHECK_THAT(other.out, Catch::Contains("period 'R2' of competition 't' is already recorded (run 1"));
  CHECK(dump(dir / "r.db") == rows);
  REQUIRE(run(" --replace").status == 0);
  CHECK(sql_number(dir / "r.db", "SELECT count(*) FROM entries") == 2);
  CHECK(sql_number(dir / "r.db", "SELECT count(*) FROM runs") == 1);
}

namespace {

// `events` events of 700 players drawn from a pool that grows (more than one
// piece of 65,536 entries with 100 events), ties, and every fifth event of 4
// rounds, which EloD's min_rounds 12 skips; `year` dates them.
std::string standings_csv(int events, int year) {
  std::string text = "event,date,player,rank,rounds\n";
  for (int e = 0; e < events; ++e) {
    char head[64];
    std::snprintf(head, sizeof head, "%d round %d,%d-%02d-%02d,p", year, e, year, 1 + e / 28, 1 + e % 28);
    const std::string rounds = e % 5 == 0 ? ",4\n" : ",14\n";
    for (int k = 0; k < 700; ++k)
      text += head + std::to_string((k * 7919 + e * 131) % (1000 + 30 * e)) + "," + std::to_string(k + 1 - (k % 9 == 8)) + rounds;
  }
  return text;
}

// The rows of ranked events agree with each other: each rated entry has its
// ratings row in its event's period, whose rating less its change is the
// entry's rating before; a skipped entry has none.
void check_consistent_ranked(const fs::path& db, double entries) {
  CHECK(sql_text(db, "SELECT sql FROM sqlite_master WHERE name = 'ratings_by_player'") ==
        "CREATE INDEX ratings_by_player ON ratings (player_id, period_id)");
  CHECK(sql_text(db, "PRAGMA integrity_check") == "ok");
  CHECK(sql_number(db, "SELECT count(*) FROM entries") == entries);
  CHECK(sql_number(db, "SELECT count(*) FROM entries WHERE skipped = 0") == sql_number(db, "SELECT count(*) FROM ratings"));
  CHECK(sql_number(db, "SELECT count(*) FROM entries e JOIN ratings r ON r.period_id = e.period_id AND "
                       "r.player_id = e.player_id WHERE e.skipped = 0 AND r.games = 1 AND abs(r.change - e.change) < 1e-9 AND "
                       "abs(r.rating - r.change - e.rating) < 1e-9") == sql_number(db, "SELECT count(*) FROM ratings"));
}

}  // namespace

TEST_CASE("ranked events streamed into the database give the rows the recorder of a finished run writes", "[store][stream]") {
  const std::string model = GENERATE(std::string("elod-duplicate-scrabble"), std::string("codeforces"));
  testing::temp_dir dir;
  testing::write_text(dir / "a.csv", standings_csv(100, 2024));
  testing::write_text(dir / "b.csv", standings_csv(12, 2025));
  const std::string head = "competition: club\nmodel: " + model + "\n";
  testing::write_text(dir / "first.yaml", head + "input: { format: standings-csv, path: a.csv }\n");
  testing::write_text(dir / "second.yaml", head + "initial: { database: db }\ninput: { format: standings-csv, path: b.csv }\n");
  const fs::path streamed = dir / "streamed.db", after = dir / "after.db";
  const recorded_run s = record_streamed(dir / "first.yaml", streamed);
  const recorded_run a = record_after(dir / "first.yaml", after);
  CHECK(s.periods == 100);
  CHECK(a.periods == 100);
  CHECK(s.players == a.players);
  check_consistent_ranked(streamed, 70'000);
  CHECK(dump(streamed) == dump(after));
  record_both(dir / "second.yaml", dir.path(), streamed, after);  // from each file's states
  check_consistent_ranked(streamed, 70'000 + 12 * 700);
  CHECK(dump(streamed) == dump(after));
}

TEST_CASE("ranked events that fail late leave the database as it was", "[store][stream][cli]") {
  testing::temp_dir dir;
  testing::write_text(dir / "s.csv", standings_csv(100, 2024));
  testing::write_text(dir / "c.yaml", "competition: club\nmodel: codeforces\ninput: { format: standings-csv, path: s.csv }\n"
                                      "output: { database: r.db }\n");
  const auto run = [&] { return testing::run_cli("run " + (dir / "c.yaml").string() + " --out " + (dir / "out").string()); };
  REQUIRE(run().status == 0);
  const std::string rows = dump(dir / "r.db");
  // Another year, refused at its last line: events of earlier pieces were recorded by then.
  testing::write_text(dir / "s.csv", standings_csv(100, 2025) + "2025 round 99,2025-04-16,p1,first,14\n");
  const auto bad = run();
  CHECK(bad.status != 0);
  CHECK_THAT(bad.out, Catch::Contains("s.csv:70002:"));
  CHECK(dump(dir / "r.db") == rows);
  // The database fails late (a trigger on the last entries): the same.
  testing::write_text(dir / "s.csv", standings_csv(100, 2025));
  sql_exec(dir / "r.db", "CREATE TRIGGER late BEFORE INSERT ON entries WHEN new.seq = 69990 "
                         "BEGIN SELECT RAISE(ABORT, 'injected failure'); END");
  const std::string with_trigger = dump(dir / "r.db");
  const auto failed = run();
  CHECK(failed.status != 0);
  CHECK_THAT(failed.out, Catch::Contains("injected failure"));
  CHECK(dump(dir / "r.db") == with_trigger);
  sql_exec(dir / "r.db", "DROP TRIGGER late");
  REQUIRE(run().status == 0);
  check_consistent_ranked(dir / "r.db", 140'000);
}

TEST_CASE("the streamed database records the players' facts (known once the input is read) as the recorder does", "[store][stream][trf]") {
  testing::temp_dir dir;
  // Ann's federation and id from file one; Dee is named first by file two; Bob has no facts.
  testing::write_text(dir / "1.trf", testing::trf_tournament(
                                         "One", "2024/03/01",
                                         testing::trf_player(1, "Ann", 2000, "1990/01/01", {{2, 'w', '1'}}, "NOR", "1503014") +
                                             testing::trf_player(2, "Bob", 1800, "", {{1, 'b', '0'}})));
  testing::write_text(dir / "2.trf", testing::trf_tournament(
                                         "Two", "2024/04/01",
                                         testing::trf_player(1, "Dee", 1900, "2012/05/05", {{2, 'w', '='}}, "ISL") +
                                             testing::trf_player(2, "Ann", 2100, "1990/01/01", {{1, 'b', '='}})));
  testing::write_text(dir / "first.yaml", "competition: t\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
                                          "period: event\ninput: { format: trf, path: [1.trf, 2.trf] }\n");
  const fs::path streamed = dir / "streamed.db", after = dir / "after.db";
  record_streamed(dir / "first.yaml", streamed);
  record_after(dir / "first.yaml", after);
  CHECK(dump(streamed) == dump(after));
  CHECK(sql_text(streamed, "SELECT federation || ' ' || external_id || ' ' || birth_year FROM players WHERE name = 'Ann'") ==
        "NOR 1503014 1990.0");
  CHECK(sql_text(streamed, "SELECT federation FROM players WHERE name = 'Dee'") == "ISL");
  CHECK(sql_number(streamed, "SELECT count(*) FROM players WHERE name = 'Bob' AND federation IS NULL") == 1);
}

}  // namespace test_database_stream
