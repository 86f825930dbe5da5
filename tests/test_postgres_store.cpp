// The PostgreSQL history store against a real server (ctest's postgres_store):
// the rows a run records are the SQLite file's, row for row; runs start from
// it; fingerprints and --replace work as with a file; a password stays secret.
#include "officer_support.hpp"
#include "pg_support.hpp"

#include "store/row_batch.hpp"

#include <ratekit/host/store/store.hpp>

#include <fstream>
#include <random>
#include <sstream>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_postgres_store {

using namespace ratekit;
namespace fs = std::filesystem;

namespace {

// Three months of games among players whose names COPY must escape, rated by
// glicko2 (state fields in ratings.state), as two runs; and ranked events of a
// second competition (entries).
struct history_input {
  testing::temp_dir dir;
  history_input() {
    const std::vector<std::string> names = {"Back\\slash", "O'Brien", "Ötzi", "Tab\\tless", "Zoë \"Z\" Ng",
                                            "plain", "semi;colon", "N\\N"};
    std::mt19937 rng(7);
    std::string early = "date,player_a,player_b,score_a\n", late = early;
    for (int g = 0; g < 600; ++g) {
      const size_t a = rng() % names.size(), b = (a + 1 + rng() % (names.size() - 1)) % names.size();
      const int month = 1 + g / 200, day = 10 + (g % 200) * 18 / 200;  // in date order
      const std::string line = "2024-0" + std::to_string(month) + "-" + std::to_string(day) + ",\"" +
                               quoted(names[a]) + "\",\"" + quoted(names[b]) + "\"," + std::string(g % 3 ? "1" : "0.5") + "\n";
      (month < 3 ? early : late) += line;
    }
    testing::write_text(dir / "early.csv", early);
    testing::write_text(dir / "late.csv", late);
    testing::write_text(dir / "r.csv", "event,date,player,rank\nR1,2024-03-01,A,1\nR1,2024-03-01,B,2\n"
                                       "R1,2024-03-01,C,3\nR2,2024-03-08,C,1\nR2,2024-03-08,A,2\nR2,2024-03-08,D,3\n");
  }
  static std::string quoted(const std::string& name) {
    std::string out;
    for (const char c : name) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out;
  }
  // The three runs' configs into `database`, named with `tag`.
  void configs(const std::string& tag, const std::string& database) const {
    const std::string head = "competition: club\nmodel: glicko2\nperiod: month\n";
    testing::write_text(dir / (tag + "-early.yaml"),
                        testing::config_into(head + "input: { format: games-csv, path: early.csv }\n", database));
    testing::write_text(dir / (tag + "-late.yaml"),
                        testing::config_into(head + "initial: { database: \"" + database + "\" }\n"
                                                    "input: { format: games-csv, path: late.csv }\n", database));
    testing::write_text(dir / (tag + "-ranked.yaml"),
                        testing::config_into("competition: contests\nmodel: codeforces\nperiod: event\n"
                                             "input: { format: standings-csv, path: r.csv }\n", database));
  }
  testing::command_result run(const std::string& config, const std::string& flags = "") const {
    return testing::run_cli("run '" + (dir / config).string() + "' --out '" + (dir / ("out-" + config)).string() + "'" + flags);
  }
};

std::string file_text(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST_CASE("runs recorded into PostgreSQL hold the rows a SQLite file holds, table by table", "[.][postgres]") {
  history_input in;
  const testing::pg_schema pg("same_rows");
  const std::string file = (in.dir / "h.db").string();
  in.configs("file", file);
  in.configs("pg", pg.uri);
  for (const char* tag : {"file", "pg"})
    for (const char* part : {"-early.yaml", "-late.yaml", "-ranked.yaml"}) {
      const auto r = in.run(tag + std::string(part));
      INFO(r.out);
      REQUIRE(r.status == 0);
    }
  for (const auto& [table, sql] : testing::comparable_tables()) {
    INFO("table " << table);
    const auto from_file = testing::table_rows(file, sql), from_server = testing::table_rows(pg.uri, sql);
    CHECK_FALSE(from_file.empty());
    CHECK(from_server == from_file);
  }
  // Read back alike: a player's history, and predictions from the last state.
  const auto history_file = testing::run_cli("history '" + file + "' 'Back\\slash' --json");
  const auto history_pg = testing::run_cli("history '" + pg.uri + "' 'Back\\slash' --json");
  REQUIRE(history_file.status == 0);
  CHECK(history_pg.out == history_file.out);
  CHECK(history_pg.out.find("2024-03") != std::string::npos);
  testing::write_text(in.dir / "next.csv", "player_a,player_b\nplain,Ötzi\n");
  const auto predict_file = testing::run_cli("predict --database '" + file + "' --competition club '" + (in.dir / "next.csv").string() + "'");
  const auto predict_pg = testing::run_cli("predict --database '" + pg.uri + "' --competition club '" + (in.dir / "next.csv").string() + "'");
  REQUIRE(predict_file.status == 0);
  CHECK(predict_pg.out == predict_file.out);
}

TEST_CASE("PostgreSQL: the same input again records nothing, other input for a recorded period is refused, --replace replaces it",
          "[.][postgres]") {
  history_input in;
  const testing::pg_schema pg("fingerprints");
  in.configs("pg", pg.uri);
  REQUIRE(in.run("pg-early.yaml").status == 0);
  const auto again = in.run("pg-early.yaml");
  CHECK(again.status == 0);
  CHECK(again.out.find("already holds this run from the same input (run 1)") != std::string::npos);
  CHECK(pg.count("runs") == 1);
  const int64_t games = pg.count("games");
  // Other input for the same months: January's games once more, one changed.
  std::string other = file_text(in.dir / "early.csv");
  other.replace(other.rfind(",1\n"), 3, ",0\n");
  testing::write_text(in.dir / "early.csv", other);
  const auto refused = in.run("pg-early.yaml");
  CHECK(refused.status != 0);
  CHECK(refused.out.find("is already recorded (run 1") != std::string::npos);
  CHECK(pg.count("runs") == 1);
  CHECK(pg.count("games") == games);
  const auto replaced = in.run("pg-early.yaml", " --replace");
  INFO(replaced.out);
  CHECK(replaced.status == 0);
  CHECK(testing::table_rows(pg.uri, "SELECT id FROM runs") == std::vector<std::string>{"2"});
  CHECK(pg.count("games") == games);
  CHECK(testing::table_rows(pg.uri, "SELECT DISTINCT run_id FROM games") == std::vector<std::string>{"2"});
}

TEST_CASE("PostgreSQL: a password in the URI reaches no message, output file or recorded row", "[.][postgres]") {
  history_input in;
  const testing::pg_schema pg("secrets");
  const std::string secret = "right-secret-4711";
  const std::string with_password =
      "postgresql://ratekit_pw:" + secret + "@/postgres?host=" + testing::pg_dir() + "&options=-csearch_path%3Dsecrets";
  in.configs("pg", with_password);
  const auto r = in.run("pg-early.yaml");
  INFO(r.out);
  REQUIRE(r.status == 0);
  CHECK(r.out.find("recorded run 1") != std::string::npos);
  CHECK(r.out.find(secret) == std::string::npos);
  for (const auto& f : fs::recursive_directory_iterator(in.dir / "out-pg-early.yaml")) {
    INFO(f.path());
    CHECK(file_text(f.path()).find(secret) == std::string::npos);
  }
  CHECK(file_text(in.dir / "out-pg-early.yaml" / "summary.json").find("ratekit_pw:********@") != std::string::npos);
  const auto runs = testing::table_rows(pg.uri, "SELECT * FROM runs");
  REQUIRE(runs.size() == 1);
  CHECK(runs[0].find(secret) == std::string::npos);
  CHECK(runs[0].find("ratekit_pw:********@") != std::string::npos);  // the config as recorded
  // Read back with the password on the command line: the error of an unknown player does not repeat it.
  const auto unknown = testing::run_cli("history '" + with_password + "' nobody");
  CHECK(unknown.status != 0);
  CHECK(unknown.out.find("no player 'nobody'") != std::string::npos);
  CHECK(unknown.out.find(secret) == std::string::npos);

  // A wrong password: refused, naming the server, not the password; nothing recorded.
  const std::string wrong = "postgresql://ratekit_pw:wrong-secret-0815@/postgres?host=" + testing::pg_dir() +
                            "&options=-csearch_path%3Dsecrets";
  in.configs("wrong", wrong);
  const auto refused = in.run("wrong-late.yaml");
  CHECK(refused.status != 0);
  CHECK(refused.out.find("wrong-secret-0815") == std::string::npos);
  CHECK(refused.out.find("cannot connect to the PostgreSQL database 'postgres' on host '" + testing::pg_dir() +
                         "' port 5432 as user 'ratekit_pw'") != std::string::npos);
  CHECK(refused.out.find("password authentication failed") != std::string::npos);
  CHECK(pg.count("runs") == 1);
}

TEST_CASE("PostgreSQL: a row batch copies every value as bound, in COPY's binary format", "[.][postgres]") {
  const testing::pg_schema pg("row_batch");
  store::postgres_database db(pg.uri, store::database::mode::read_write);
  db.exec("CREATE TABLE t (n SERIAL, a BIGINT, b DOUBLE PRECISION, c TEXT)");
  {
    store::row_batch rows(db, "INSERT INTO t (a, b, c)", 3, 2);  // two rows a COPY: flushed by capacity and at the end
    rows.bind(1, int64_t(INT64_MIN)).bind(2, 0.1 + 0.2).bind(3, std::string_view("back\\slash")).run();
    rows.bind(1, int64_t(INT64_MAX)).bind(2, -1e-300).bind(3, std::string_view("\\N")).run();
    rows.bind(1, int64_t(0)).bind(2, 1.7976931348623157e308).bind(3, std::string_view("tab\there, line\nnext\r")).run();
    rows.bind(2, NAN).bind(3, std::string_view("")).run();  // a unbound, b NaN: both NULL
    rows.bind(1, int64_t(-2)).bind(2, -1.7976931348623157e308).bind(3, std::string_view("Zoë 日本 \xf0\x9f\x8e\xb2")).run();
    rows.bind(1, int64_t(-1)).bind(2, 4.9406564584124654e-324).bind_null(3).run();
    rows.bind(1, int64_t(256)).bind(2, -0.0).bind(3, std::string_view("\x01")).run();
    rows.flush();
  }
  CHECK(testing::table_rows(pg.uri, "SELECT a, b, c FROM t ORDER BY n") ==
        std::vector<std::string>{"-9223372036854775808|0.30000000000000004|'back\\slash'",
                                 "9223372036854775807|-1e-300|'\\N'", "0|1.7976931348623157e+308|'tab\there, line\nnext\r'",
                                 "NULL|NULL|''", "-2|-1.7976931348623157e+308|'Zoë 日本 \xf0\x9f\x8e\xb2'",
                                 "-1|5e-324|NULL", "256|-0|'\x01'"});
  // A column of another type than ratekit gave it is refused before a row is sent.
  db.exec("CREATE TABLE u (a NUMERIC)");
  CHECK_THROWS_WITH(store::row_batch(db, "INSERT INTO u (a)", 1),
                    Catch::Contains("damaged rating database: column u.a is not of the type ratekit gave it"));
}

TEST_CASE("ratekit db copy moves a history from a file to PostgreSQL and back, every table the same", "[.][postgres]") {
  history_input in;
  const testing::pg_schema pg("copied");
  const std::string file = (in.dir / "h.db").string(), back = (in.dir / "back.db").string();
  in.configs("file", file);
  for (const char* config : {"file-early.yaml", "file-late.yaml"}) REQUIRE(in.run(config).status == 0);
  const auto there = testing::run_cli("db copy '" + file + "' '" + pg.uri + "'");
  INFO(there.out);
  REQUIRE(there.status == 0);
  CHECK(there.out.find("every table reads back the same") != std::string::npos);
  REQUIRE(testing::run_cli("db copy '" + pg.uri + "' '" + back + "'").status == 0);
  for (const auto& [table, sql] : testing::comparable_tables()) {
    INFO("table " << table);
    const auto original = testing::table_rows(file, sql);
    CHECK(testing::table_rows(pg.uri, sql) == original);
    CHECK(testing::table_rows(back, sql) == original);
  }
  const char* whole_runs = "SELECT * FROM runs ORDER BY id";  // recorded_at and the config too
  CHECK(testing::table_rows(pg.uri, whole_runs) == testing::table_rows(file, whole_runs));
  // The copy records on: its ids continue after the copied ones.
  in.configs("pg", pg.uri);
  const auto next = in.run("pg-ranked.yaml");
  INFO(next.out);
  CHECK(next.status == 0);
  CHECK(testing::table_rows(pg.uri, "SELECT max(id) FROM runs") == std::vector<std::string>{"3"});
  // Only into a new or empty database.
  const auto refused = testing::run_cli("db copy '" + file + "' '" + pg.uri + "'");
  CHECK(refused.status != 0);
  CHECK(refused.out.find("already holds a history") != std::string::npos);
  CHECK(pg.count("runs") == 3);
}

TEST_CASE("PostgreSQL: one config month after month, a corrected January rating February and March again as a "
          "fresh run would, a changed later input refused", "[.][postgres]") {
  const testing::pg_schema pg("officer"), fresh("officer_fresh");
  const testing::officer_club c(pg.uri);
  c.three_months();  // the first starts everyone new: the server holds no competition yet
  const auto before = testing::officer_rows(pg.uri, "ratings");
  testing::write_text(c.dir / "03.csv", "date,player_a,player_b,score_a\n2024-03-10,A,C,0\n");
  const auto changed = c.month("01-fixed.csv", " --replace");
  CHECK(changed.status == 1);
  CHECK_THAT(changed.out, Catch::Contains("error: " + (c.dir / "03.csv").string() + ": input changed since it was recorded"));
  CHECK(testing::officer_rows(pg.uri, "ratings") == before);
  testing::write_text(c.dir / "03.csv", "date,player_a,player_b,score_a\n2024-03-10,A,C,1\n2024-03-12,B,D,0\n");  // put back
  const auto fixed = c.month("01-fixed.csv", " --replace");
  INFO(fixed.out);
  REQUIRE(fixed.status == 0);
  CHECK_THAT(fixed.out, Catch::Contains("rated run 2 of ") && Catch::Contains("rated run 3 of "));
  c.config("fresh", fresh.uri);
  for (const char* m : {"01-fixed.csv", "02.csv", "03.csv"}) REQUIRE(c.month(m, "", "fresh").status == 0);
  for (const char* table : testing::officer_tables) {
    INFO("table " << table);
    const auto rows = testing::officer_rows(pg.uri, table);
    CHECK_FALSE(rows.empty());
    CHECK(rows == testing::officer_rows(fresh.uri, table));
  }
  CHECK(testing::officer_rows(pg.uri, "ratings") != before);
}

TEST_CASE("PostgreSQL: one config rates month after month with --input, its first run starting everyone new",
          "[.][postgres]") {
  const testing::pg_schema pg("officer_month");
  testing::temp_dir dir;
  testing::write_text(dir / "month.yaml", "competition: club\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
                                          "initial: { rating: 1500, database: '" + pg.uri + "' }\n"
                                          "input: { format: games-csv, path: 2024-01.csv }\nperiod: month\n"
                                          "output: { dir: out, database: '" + pg.uri + "' }\n");
  auto month = [&](const char* file) {
    return testing::run_cli("run " + (dir / "month.yaml").string() + " --input " +
                            (testing::source_path("examples/history-database") / file).string());
  };
  const auto january = month("2024-01.csv");
  INFO(january.out);
  REQUIRE(january.status == 0);
  CHECK_THAT(january.out, Catch::Contains("holds no run of competition 'club' yet: this first run starts every player new"));
  const auto february = month("2024-02.csv");
  REQUIRE(february.status == 0);
  CHECK(february.out.find("holds no run of competition") == std::string::npos);
  // As docs/history-database.md's two configs give it: A 1510 after January, 1499.42 after February.
  const auto history = testing::run_cli("history '" + pg.uri + "' A");
  CHECK_THAT(history.out, Catch::Contains("club        2024-01       1510       +10      2"));
  CHECK_THAT(history.out, Catch::Contains("club        2024-02    1499.42    -10.58      1"));
  CHECK(pg.count("runs") == 2);
}

TEST_CASE("PostgreSQL: team match entries keep their team, a layout-5 database gains the column with the next run",
          "[.][postgres]") {
  const testing::pg_schema pg("team_layout");
  testing::temp_dir dir;
  testing::write_text(dir / "m1.csv", "match,date,team,player,rank\nm1,2024-01-01,red,A,1\nm1,2024-01-01,red,B,1\n"
                                      "m1,2024-01-01,blue,C,2\nm1,2024-01-01,blue,D,2\n");
  testing::write_text(dir / "m2.csv", "match,date,team,player,rank\nm2,2024-01-08,gold,A,2\nm2,2024-01-08,green,C,1\n");
  for (const char* month : {"m1", "m2"})
    testing::write_text(dir / (std::string(month) + ".yaml"),
                        "competition: league\nmodel: weng-lin\n" +
                            std::string(month == std::string("m2") ? "initial: { database: '" + pg.uri + "' }\n" : "") +
                            "input: { format: team-csv, path: " + month + ".csv }\noutput: { dir: " + month +
                            ", database: '" + pg.uri + "' }\n");
  auto run = [&](const char* month) { return testing::run_cli("run -q " + (dir / (std::string(month) + ".yaml")).string()); };
  const char* teams = "SELECT p.name || ':' || coalesce(e.team, 'NULL') FROM entries e "
                            "JOIN players p ON p.id = e.player_id ORDER BY e.run_id, e.seq";
  REQUIRE(run("m1").status == 0);
  CHECK(testing::table_rows(pg.uri, teams) == std::vector<std::string>{"'A:red'", "'B:red'", "'C:blue'", "'D:blue'"});
  // (table_rows quotes text.) Layout 5, as the first ratekit with PostgreSQL left it: read-only commands say
  // how it is upgraded.
  pg.exec("ALTER TABLE entries DROP COLUMN team;DROP TABLE player_records;UPDATE ratekit_schema SET version = 5");
  const auto old = testing::run_cli("history '" + pg.uri + "' A");
  CHECK(old.status != 0);
  CHECK_THAT(old.out, Catch::Contains("rating database of layout 5; this ratekit reads layout 7: the next run that "
                                      "records into it upgrades it in place"));
  REQUIRE(run("m2").status == 0);
  CHECK(testing::table_rows(pg.uri, "SELECT version FROM ratekit_schema") == std::vector<std::string>{"7"});
  CHECK(testing::table_rows(pg.uri, teams) ==
        std::vector<std::string>{"'A:NULL'", "'B:NULL'", "'C:NULL'", "'D:NULL'", "'A:gold'", "'C:green'"});
  const auto history = testing::run_cli("history '" + pg.uri + "' C");
  CHECK_THAT(history.out, Catch::Contains("\nleague      m2     2024-01-08 green"));
}

TEST_CASE("PostgreSQL: a player's rating missing from the states is damage, named, not a new player", "[.][postgres]") {
  const testing::pg_schema pg("missing_state");
  const testing::officer_club c(pg.uri);
  REQUIRE(c.month("01.csv").status == 0);
  pg.exec("DELETE FROM states WHERE field = 'rating' AND player_id = (SELECT id FROM players WHERE name = 'B')");
  const auto r = c.month("02.csv");
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("damaged rating database: table states, player 'B', field 'rating': missing from "
                                    "his state of run 1 (a run records every field of every player's state)"));
  CHECK(pg.count("runs") == 1);
}

}  // namespace test_postgres_store
