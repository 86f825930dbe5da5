// The rating history database: successive runs, starting from it, refusing a
// second import of a period, all-or-nothing recording, and `ratekit history`.
#include <ratekit/host/config/config.hpp>
#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/engine/engine.hpp>
#include <ratekit/host/recording/run_recording.hpp>
#include <ratekit/host/store/store.hpp>

#include "test_support.hpp"

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_store {

using namespace ratekit;
namespace fs = std::filesystem;

namespace {

using testing::builtin;

// January: A beats B, A draws C, B beats C (one period: A +10, B 0, C -10 at K 20).
// February: C beats A, rated from January's ratings in the database.
struct two_months {
  testing::temp_dir dir;
  two_months() {
    testing::write_text(dir / "jan.csv", "date,player_a,player_b,score_a\n"
                                         "2024-01-05,A,B,1\n2024-01-12,A,C,0.5\n2024-01-19,B,C,1\n");
    testing::write_text(dir / "feb.csv", "date,player_a,player_b,score_a\n2024-02-02,C,A,1\n");
    const std::string common = "competition: club\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\nperiod: month\n";
    testing::write_text(dir / "jan.yaml", common + "initial: 1500\ninput: { format: games-csv, path: jan.csv }\n"
                                                   "output: { database: ratings.db }\n");
    testing::write_text(dir / "feb.yaml", common + "initial: { database: ratings.db }\n"
                                                   "input: { format: games-csv, path: feb.csv }\n"
                                                   "output: { database: ratings.db }\n");
  }
  std::string path(const std::string& name) const {
    std::string quoted = "'";
    return (quoted += (dir / name).string()) += "'";
  }
  competition_config config_of(const std::string& name) const { return load_config(dir / name, builtin()); }
  run_result rate_file(const std::string& name) const { return rate(config_of(name), builtin()); }
};

int64_t count_rows(const fs::path& db, const std::string& table) {
  sqlite3* h = nullptr;
  REQUIRE(sqlite3_open(db.string().c_str(), &h) == SQLITE_OK);
  sqlite3_stmt* s = nullptr;
  REQUIRE(sqlite3_prepare_v2(h, ("SELECT count(*) FROM " + table).c_str(), -1, &s, nullptr) == SQLITE_OK);
  REQUIRE(sqlite3_step(s) == SQLITE_ROW);
  const int64_t n = sqlite3_column_int64(s, 0);
  sqlite3_finalize(s);
  sqlite3_close(h);
  return n;
}

void exec_sql(const fs::path& db, const char* sql) {
  sqlite3* h = nullptr;
  REQUIRE(sqlite3_open(db.string().c_str(), &h) == SQLITE_OK);
  char* error = nullptr;
  const int rc = sqlite3_exec(h, sql, nullptr, nullptr, &error);
  sqlite3_free(error);
  sqlite3_close(h);
  REQUIRE(rc == SQLITE_OK);
}

const std::vector<std::string> tables = {"competitions", "runs", "periods", "players", "ratings", "states", "games"};

}  // namespace

TEST_CASE("two monthly runs, the second started from the database, give both periods in ratekit history",
          "[store][cli]") {
  two_months t;
  const auto jan = testing::run_cli("run " + t.path("jan.yaml") + " -o " + t.path("out-jan"));
  REQUIRE(jan.status == 0);
  const auto feb = testing::run_cli("run " + t.path("feb.yaml") + " -o " + t.path("out-feb"));
  REQUIRE(feb.status == 0);

  const auto a = testing::run_cli("history " + t.path("ratings.db") + " A --json");
  REQUIRE(a.status == 0);
  const auto j = nlohmann::json::parse(a.out);
  CHECK(j["player"] == "A");
  const auto& h = j["history"];
  REQUIRE(h.size() == 2);
  CHECK(h[0]["competition"] == "club");
  CHECK(h[0]["period"] == "2024-01");
  CHECK(h[0]["rating"].get<double>() == Approx(1510).margin(1e-9));
  CHECK(h[0]["change"].get<double>() == Approx(10).margin(1e-9));
  CHECK(h[0]["games"] == 2);
  // Hand-computed: E_C = 1 / (1 + 10^(20/400)) = 0.471249436; A loses 20 * 0.528750564.
  CHECK(h[1]["period"] == "2024-02");
  CHECK(h[1]["rating"].get<double>() == Approx(1499.4249887221547).margin(1e-9));
  CHECK(h[1]["change"].get<double>() == Approx(-10.575011277845372).margin(1e-9));
  CHECK(h[1]["games"] == 1);

  // B sat February out: one period only.
  const auto b = nlohmann::json::parse(testing::run_cli("history " + t.path("ratings.db") + " B --json").out);
  REQUIRE(b["history"].size() == 1);
  CHECK(b["history"][0]["rating"].get<double>() == Approx(1500).margin(1e-9));

  const auto table = testing::run_cli("history " + t.path("ratings.db") + " C --competition club");
  CHECK(table.status == 0);
  CHECK(table.out.find("2024-02") != std::string::npos);
  CHECK(table.out.find("1500.58") != std::string::npos);  // 1490 + 10.575
}

TEST_CASE("the next run starts from every player's latest state in the database", "[store]") {
  two_months t;
  record_run(t.rate_file("jan.yaml"), t.config_of("jan.yaml"), t.dir / "ratings.db");
  player_table players;
  const ratings_list list = read_database_ratings(t.dir / "ratings.db", "club", players);
  REQUIRE(list.ids.size() == 3);
  const int32_t a = players.find("A");
  REQUIRE(a >= 0);
  const auto row = size_t(std::find(list.ids.begin(), list.ids.end(), a) - list.ids.begin());
  CHECK(list.value(row, list.column("rating")) == Approx(1510).margin(1e-9));
  CHECK(list.value(row, list.column("games")) == 2);
  CHECK(list.column("pool_score") >= 0);  // every state field of the plugin

  const run_result feb = t.rate_file("feb.yaml");
  const int32_t fa = feb.data.players.find("A");
  CHECK(feb.state.games[size_t(fa)] == 3);  // 2 in January + 1
  CHECK(feb.data.players.find("B") >= 0);   // known from the database though absent in February

  player_table none;
  CHECK_THROWS_WITH(read_database_ratings(t.dir / "ratings.db", "chess", none),
                    Catch::Contains("no competition 'chess'") && Catch::Contains("'club'"));
}

TEST_CASE("a recorded period: the same input again changes nothing, other input is refused unless replaced",
          "[store][cli]") {
  two_months t;
  REQUIRE(testing::run_cli("run " + t.path("jan.yaml") + " -o " + t.path("out1")).status == 0);
  const int64_t runs = count_rows(t.dir / "ratings.db", "runs"), games = count_rows(t.dir / "ratings.db", "games");

  const auto same = testing::run_cli("run " + t.path("jan.yaml") + " -o " + t.path("out2"));
  CHECK(same.status == 0);
  CHECK_THAT(same.out, Catch::Contains("already holds this run from the same input (run 1); left as it was"));
  CHECK(count_rows(t.dir / "ratings.db", "runs") == runs);
  CHECK(count_rows(t.dir / "ratings.db", "games") == games);
  CHECK(testing::read_text(t.dir / "out2/ratings.csv") == testing::read_text(t.dir / "out1/ratings.csv"));

  // B now beats A in the first game: another input for the same month.
  testing::write_text(t.dir / "jan.csv", "date,player_a,player_b,score_a\n"
                                         "2024-01-05,A,B,0\n2024-01-12,A,C,0.5\n2024-01-19,B,C,1\n");
  const auto other = testing::run_cli("run " + t.path("jan.yaml") + " -o " + t.path("out3"));
  CHECK(other.status == 1);
  CHECK_THAT(other.out, Catch::Contains("ratings.db") &&
                            Catch::Contains("period '2024-01' of competition 'club' is already recorded (run 1") &&
                            Catch::Contains("from other input; nothing was recorded") && Catch::Contains("--replace"));
  CHECK_THAT(other.out, !Catch::Contains("Events are told apart"));  // a month is a month
  CHECK(count_rows(t.dir / "ratings.db", "runs") == runs);
  CHECK_FALSE(fs::exists(t.dir / "out3"));  // refused before any output was written

  const auto replaced = testing::run_cli("run " + t.path("jan.yaml") + " -o " + t.path("out3") + " --replace");
  CHECK(replaced.status == 0);
  CHECK(count_rows(t.dir / "ratings.db", "runs") == runs);
  CHECK(count_rows(t.dir / "ratings.db", "games") == games);
  const auto a = nlohmann::json::parse(testing::run_cli("history " + t.path("ratings.db") + " A --json").out);
  REQUIRE(a["history"].size() == 1);
  CHECK(a["history"][0]["rating"].get<double>() == Approx(1490).margin(1e-9));  // -10 +0
}

TEST_CASE("a month redone from the same database starts from the state before it, not after", "[store][cli]") {
  two_months t;
  REQUIRE(testing::run_cli("run " + t.path("jan.yaml") + " -o " + t.path("out-jan")).status == 0);
  REQUIRE(testing::run_cli("run " + t.path("feb.yaml") + " -o " + t.path("out1")).status == 0);
  const auto again = testing::run_cli("run " + t.path("feb.yaml") + " -o " + t.path("out2"));
  CHECK(again.status == 0);
  CHECK_THAT(again.out, Catch::Contains("left as it was"));
  CHECK(testing::read_text(t.dir / "out2/ratings.csv") == testing::read_text(t.dir / "out1/ratings.csv"));
  CHECK_THAT(testing::read_text(t.dir / "out2/ratings.csv"), Catch::Contains("1499.42"));  // A: 1510 - 10.575
}

TEST_CASE("recording is one transaction: a failure part way leaves the database as it was", "[store]") {
  two_months t;
  const fs::path db = t.dir / "ratings.db";
  record_run(t.rate_file("jan.yaml"), t.config_of("jan.yaml"), db);
  std::vector<int64_t> before;
  for (const auto& table : tables) before.push_back(count_rows(db, table));
  // States are written last: by then the run, its period, ratings and games are in.
  exec_sql(db, "CREATE TRIGGER fail BEFORE INSERT ON states BEGIN SELECT RAISE(ABORT, 'injected failure'); END");
  const run_result feb = t.rate_file("feb.yaml");
  CHECK_THROWS_WITH(record_run(feb, t.config_of("feb.yaml"), db),
                    Catch::Contains("injected failure") && Catch::Contains("ratings.db"));
  for (size_t i = 0; i < tables.size(); ++i) {
    INFO(tables[i]);
    CHECK(count_rows(db, tables[i]) == before[i]);
  }
  exec_sql(db, "DROP TRIGGER fail");
  const recorded_run r = record_run(feb, t.config_of("feb.yaml"), db);  // February was not left half-recorded
  CHECK(r.periods == 1);
  CHECK(player_history(db, "A", std::nullopt).size() == 2);
}

TEST_CASE("the database keeps each game's expectation and change", "[store]") {
  two_months t;
  const fs::path db = t.dir / "ratings.db";
  record_run(t.rate_file("jan.yaml"), t.config_of("jan.yaml"), db);
  sqlite3* h = nullptr;
  REQUIRE(sqlite3_open(db.string().c_str(), &h) == SQLITE_OK);
  sqlite3_stmt* s = nullptr;
  REQUIRE(sqlite3_prepare_v2(h,
                             "SELECT a.name, b.name, g.expected_a, g.change_a, g.change_b, g.rating_a FROM games g "
                             "JOIN players a ON a.id = g.player_a JOIN players b ON b.id = g.player_b ORDER BY g.seq",
                             -1, &s, nullptr) == SQLITE_OK);
  REQUIRE(sqlite3_step(s) == SQLITE_ROW);  // A beats B at 1500 each: E 0.5, +10 / -10
  CHECK(std::string(reinterpret_cast<const char*>(sqlite3_column_text(s, 0))) == "A");
  CHECK(std::string(reinterpret_cast<const char*>(sqlite3_column_text(s, 1))) == "B");
  CHECK(sqlite3_column_double(s, 2) == Approx(0.5).margin(1e-12));
  CHECK(sqlite3_column_double(s, 3) == Approx(10).margin(1e-9));
  CHECK(sqlite3_column_double(s, 4) == Approx(-10).margin(1e-9));
  CHECK(sqlite3_column_double(s, 5) == Approx(1500).margin(1e-9));
  int rows = 1;
  while (sqlite3_step(s) == SQLITE_ROW) ++rows;
  CHECK(rows == 3);
  sqlite3_finalize(s);
  sqlite3_close(h);
}

TEST_CASE("ratekit history names an unknown player with a suggestion", "[store][cli]") {
  two_months t;
  REQUIRE(testing::run_cli("run " + t.path("jan.yaml") + " -o " + t.path("out")).status == 0);
  const auto r = testing::run_cli("history " + t.path("ratings.db") + " Z");
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("no player 'Z' (name or id) recorded here"));
  const auto missing = testing::run_cli("history " + t.path("nothing.db") + " A");
  CHECK(missing.status == 1);
  CHECK_THAT(missing.out, Catch::Contains("nothing.db") && Catch::Contains("rating database not found"));
}

namespace {

// A writer of `db` killed mid-transaction, its changed pages already written: with the rollback journal of
// files an older ratekit recorded (`journal_mode` DELETE), in the file, a hot journal beside it; with the
// write-ahead log runs record through now (WAL), in the log, uncommitted.
void kill_a_writer(const fs::path& db, const std::string& journal_mode = "DELETE") {
  const pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    sqlite3* h = nullptr;
    if (sqlite3_open(db.string().c_str(), &h) != SQLITE_OK) ::_exit(1);
    if (sqlite3_exec(h, ("PRAGMA journal_mode = " + journal_mode).c_str(), nullptr, nullptr, nullptr) != SQLITE_OK) ::_exit(1);
    sqlite3_exec(h, "PRAGMA cache_size = 1; BEGIN; DELETE FROM ratings; DELETE FROM games; "
                    "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000) "
                    "INSERT INTO players (competition_id, name) SELECT 1, 'filler' || i FROM n",
                 nullptr, nullptr, nullptr);
    ::_exit(0);  // no commit, no rollback, no close
  }
  int status = 0;
  REQUIRE(::waitpid(child, &status, 0) == child);
  REQUIRE(WIFEXITED(status));
  REQUIRE(WEXITSTATUS(status) == 0);
}

}  // namespace

TEST_CASE("a database a killed run left with its journal is read as it was before that run", "[store][cli]") {
  two_months t;
  REQUIRE(testing::run_cli("run " + t.path("jan.yaml") + " -o " + t.path("out")).status == 0);
  const auto before = testing::run_cli("history " + t.path("ratings.db") + " A");
  REQUIRE(before.status == 0);
  const uintmax_t size = fs::file_size(t.dir / "ratings.db");
  kill_a_writer(t.dir / "ratings.db");
  REQUIRE(fs::exists(t.dir / "ratings.db-journal"));
  REQUIRE(fs::file_size(t.dir / "ratings.db") > size);  // the killed writer's pages are in the file
  SECTION("ratekit history, read-only, rolls it back first") {
    const auto r = testing::run_cli("history " + t.path("ratings.db") + " A");
    CHECK(r.status == 0);
    CHECK(r.out == before.out);
  }
  SECTION("ratekit history through a symbolic link: the journal is beside the file it names") {
    fs::create_directory(t.dir / "links");
    fs::create_symlink(t.dir / "ratings.db", t.dir / "links/ratings.db");
    const auto r = testing::run_cli("history " + t.path("links/ratings.db") + " A");
    CHECK(r.status == 0);
    CHECK(r.out == before.out);
  }
  SECTION("a run starting from it, not recording into it") {
    testing::write_text(t.dir / "feb-lean.yaml", "competition: club\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
                                                  "period: month\ninitial: { database: ratings.db }\n"
                                                  "input: { format: games-csv, path: feb.csv }\n");
    const auto r = testing::run_cli("run " + t.path("feb-lean.yaml") + " -o " + t.path("out-feb"));
    CHECK(r.status == 0);
    // C beat A from January's ratings (A 1510, C 1490).
    CHECK_THAT(testing::read_text(t.dir / "out-feb/ratings.csv"), Catch::Contains("C,1500.5"));
  }
  CHECK_FALSE(fs::exists(t.dir / "ratings.db-journal"));
  CHECK(fs::file_size(t.dir / "ratings.db") == size);
  CHECK(count_rows(t.dir / "ratings.db", "players") == 3);
}

TEST_CASE("a database a killed run left with pages in its write-ahead log is read as it was before that run", "[store][cli]") {
  two_months t;
  REQUIRE(testing::run_cli("run " + t.path("jan.yaml") + " -o " + t.path("out")).status == 0);
  const auto before = testing::run_cli("history " + t.path("ratings.db") + " A");
  REQUIRE(before.status == 0);
  kill_a_writer(t.dir / "ratings.db", "WAL");
  REQUIRE(fs::file_size(t.dir / "ratings.db-wal") > 0);  // the killed writer's pages, never committed
  const auto r = testing::run_cli("history " + t.path("ratings.db") + " A");
  CHECK(r.status == 0);
  CHECK(r.out == before.out);
  CHECK(testing::run_cli("run " + t.path("feb.yaml") + " -o " + t.path("out-feb")).status == 0);
  CHECK(count_rows(t.dir / "ratings.db", "players") == 3);
}

TEST_CASE("a run that fails writing the database leaves no journal behind", "[store][cli]") {
  two_months t;
  REQUIRE(testing::run_cli("run " + t.path("jan.yaml") + " -o " + t.path("out")).status == 0);
  const uintmax_t size = fs::file_size(t.dir / "ratings.db");
  std::string games = "date,player_a,player_b,score_a\n";
  for (int i = 0; i < 20000; ++i) games += "2024-02-02,P" + std::to_string(i) + ",Q" + std::to_string(i) + ",1\n";
  testing::write_text(t.dir / "feb.csv", games);
  std::string feb = testing::read_text(t.dir / "feb.yaml");
  feb.replace(feb.find("database: ratings.db }\n", feb.find("output:")), 23, "database: ratings.db, history: false }\n");
  testing::write_text(t.dir / "feb.yaml", feb);
  // Past the size limit: the database grows beyond it (ulimit -f counts blocks of 512 bytes).
  const auto r = testing::run_cli("run " + t.path("feb.yaml") + " -o " + t.path("out-feb"),
                                  "ulimit -f " + std::to_string((size + (64 << 10)) / 512) + "; ");
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("ratings.db: rating database: disk I/O error (File too large)"));
  CHECK_FALSE(fs::exists(t.dir / "ratings.db-journal"));
  CHECK(fs::file_size(t.dir / "ratings.db") == size);
  CHECK(testing::run_cli("history " + t.path("ratings.db") + " A").status == 0);
}

TEST_CASE("initial takes a ratings list or a database, not both", "[store][config]") {
  two_months t;
  testing::write_text(t.dir / "prev.csv", "player,rating\nA,1600\n");
  testing::write_text(t.dir / "ratings.db", "");
  testing::write_text(t.dir / "both.yaml", "competition: club\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
                                           "initial: { ratings: prev.csv, database: ratings.db }\n"
                                           "input: { format: games-csv, path: jan.csv }\n");
  CHECK_THROWS_WITH(load_config(t.dir / "both.yaml", builtin()),
                    Catch::Contains("both.yaml:4:1: 'initial' takes 'ratings' or 'database', not both"));
}

TEST_CASE("plugins and describe print JSON with --json", "[store][cli]") {
  const auto plugins = testing::run_cli("plugins --json");
  REQUIRE(plugins.status == 0);
  const auto p = nlohmann::json::parse(plugins.out);
  bool found = false;
  for (const auto& e : p["plugins"]) found = found || e["id"] == "fide-logistic";
  CHECK(found);
  const auto described = testing::run_cli("describe fide-logistic --json");
  REQUIRE(described.status == 0);
  const auto d = nlohmann::json::parse(described.out);
  CHECK(d["id"] == "fide-logistic");
  CHECK(d["state"][0]["name"] == "rating");
  CHECK(d["params"][0]["key"] == "xi");
  CHECK(d["params"][0]["default"].get<double>() == 400);
  CHECK(d["params"][0]["type"] == "number");
}

TEST_CASE("a competition's model or parameters change only when asked for", "[store][cli]") {
  two_months t;
  REQUIRE(testing::run_cli("run " + t.path("jan.yaml") + " -o " + t.path("out-jan")).status == 0);
  std::string feb = testing::read_text(t.dir / "feb.yaml");
  feb.replace(feb.find("model: fide-logistic"), 20, "model: fide-logistic\nparams: { xi: 200 }");
  testing::write_text(t.dir / "feb.yaml", feb);
  const auto refused = testing::run_cli("run " + t.path("feb.yaml") + " -o " + t.path("out-feb"));
  CHECK(refused.status == 1);
  CHECK_THAT(refused.out, Catch::Contains("ratings.db: competition 'club' changes model: run 1 used fide-logistic") &&
                              Catch::Contains("\"xi\":400") && Catch::Contains("this run uses fide-logistic") &&
                              Catch::Contains("\"xi\":200") && Catch::Contains("run again with --new-model"));
  CHECK(count_rows(t.dir / "ratings.db", "runs") == 1);
  CHECK_FALSE(fs::exists(t.dir / "out-feb"));
  // --replace lets a run replace runs, not change the model: checked once the run's own row is in.
  const auto replacing = testing::run_cli("run " + t.path("feb.yaml") + " -o " + t.path("out-feb") + " --replace");
  CHECK(replacing.status == 1);
  CHECK_THAT(replacing.out, Catch::Contains("changes model: run 1 used fide-logistic") &&
                                Catch::Contains("run again with --new-model"));
  CHECK(count_rows(t.dir / "ratings.db", "runs") == 1);
  CHECK_FALSE(fs::exists(t.dir / "out-feb"));
  const auto asked = testing::run_cli("run " + t.path("feb.yaml") + " -o " + t.path("out-feb") + " --new-model");
  CHECK(asked.status == 0);
  CHECK_THAT(asked.out, Catch::Contains("warning: competition 'club' changes model"));
  CHECK(count_rows(t.dir / "ratings.db", "runs") == 2);  // the change is recorded with the run
  // The same input again records nothing, so it changes no model: neither run needs the flag again.
  for (const char* month : {"feb", "jan"}) {
    const auto again = testing::run_cli("run " + t.path(std::string(month) + ".yaml") + " -o " + t.path("out-again"));
    CHECK(again.status == 0);
    CHECK_THAT(again.out, Catch::Contains("left as it was"));
  }
  CHECK(count_rows(t.dir / "ratings.db", "runs") == 2);
  // The model of the latest run is now the reference: the same config needs no flag.
  testing::write_text(t.dir / "feb.csv", "date,player_a,player_b,score_a\n2024-03-02,C,A,1\n");
  CHECK(testing::run_cli("run " + t.path("feb.yaml") + " -o " + t.path("out-mar")).status == 0);
}

TEST_CASE("a database this user may not write, or whose folder he may not, is said to be so", "[store][cli]") {
  two_months t;
  REQUIRE(testing::run_cli("run " + t.path("jan.yaml") + " -o " + t.path("out")).status == 0);
  fs::create_directory(t.dir / "outputs");
  fs::permissions(t.dir / "outputs", fs::perms::all);  // the outputs may be written: only the database may not
  // As root, the run is another user's (root may write anything); else the folder or file is closed to its owner.
  const bool root = ::geteuid() == 0;
  const std::string as_other = root ? "runuser -u nobody -- " : "";
  if (root && std::system((as_other + "test -x " + RATEKIT_EXE).c_str()) != 0) {
    WARN("skipped: user nobody cannot run " RATEKIT_EXE " (the build is in a folder closed to others)");
    return;
  }
  const auto run = [&] { return testing::run_cli("run " + t.path("feb.yaml") + " -o " + t.path("outputs/out"), as_other); };
  SECTION("the folder, where the journal goes") {
    fs::permissions(t.dir / "ratings.db", fs::perms(0666));
    fs::permissions(t.dir.path(), root ? fs::perms(0755) : fs::perms(0555));
    const auto r = run();
    fs::permissions(t.dir.path(), fs::perms(0755));
    CHECK(r.status == 1);
    CHECK_THAT(r.out, Catch::Contains("ratings.db: rating database: attempt to write a readonly database: this user may "
                                      "not create files in its folder " + t.dir.path().string() +
                                      ", where a run writes its journal beside the file (Permission denied)"));
  }
  SECTION("the file, which the run opens first") {
    fs::permissions(t.dir.path(), fs::perms(0755));
    fs::permissions(t.dir / "ratings.db", root ? fs::perms(0644) : fs::perms(0444));
    const auto r = run();
    CHECK(r.status == 1);
    CHECK_THAT(r.out, Catch::Contains("ratings.db: cannot open the rating database: Permission denied"));
  }
  CHECK_FALSE(fs::exists(t.dir / "outputs/out"));  // nothing written, as with any failed recording
  CHECK(count_rows(t.dir / "ratings.db", "runs") == 1);
}

TEST_CASE("an event of a recorded event's name is refused, with the advice to name it apart", "[store][cli]") {
  testing::temp_dir dir;
  for (const std::string month : {"01", "02"}) {
    testing::write_text(dir / (month + ".csv"), "date,player_a,player_b,score_a,period\n2024-" + month +
                                                   "-06,A,B,1,Club night\n");
    testing::write_text(dir / (month + ".yaml"),
                        "competition: club\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\nperiod: event\n" +
                            std::string(month == "01" ? "initial: 1500\n" : "initial: { database: c.db }\n") +
                            "input: { format: games-csv, path: " + month + ".csv }\noutput: { database: c.db }\n");
  }
  REQUIRE(testing::run_cli("run " + (dir / "01.yaml").string() + " -o " + (dir / "out1").string()).status == 0);
  const auto r = testing::run_cli("run " + (dir / "02.yaml").string() + " -o " + (dir / "out2").string());
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("period 'Club night' of competition 'club' is already recorded (run 1") &&
                        Catch::Contains("Events are told apart by name alone: if this is another event of the same "
                                        "name, give it a name of its own (with its date, say)"));
  testing::write_text(dir / "02.csv", "date,player_a,player_b,score_a,period\n2024-02-06,A,B,1,Club night 2024-02-06\n");
  CHECK(testing::run_cli("run " + (dir / "02.yaml").string() + " -o " + (dir / "out2").string()).status == 0);
  CHECK(count_rows(dir / "c.db", "runs") == 2);
}

TEST_CASE("two tournaments of one file name rated game by game are told apart by their files' names, as the refusal says",
          "[store][cli]") {
  testing::temp_dir dir;
  for (const std::string year : {"2023", "2024"}) {
    fs::create_directory(dir / year);
    testing::write_text(dir / year / "open.egd", year == "2023" ? "1 A - 1500 2+\n2 B - 1600 1-\n"
                                                                  : "1 A - 1500 2-\n2 C - 1600 1+\n");
    testing::write_text(dir / (year + ".yaml"), "competition: go\nmodel: egf-go\nk_schedule: [ { k: 20 } ]\n"
                                                "input: { format: egd, path: " + year + "/open.egd }\nperiod: game\n"
                                                "output: { database: go.db }\n");
  }
  const auto run = [&](const std::string& year) {
    return testing::run_cli("run " + (dir / (year + ".yaml")).string() + " -o " + (dir / ("out" + year)).string());
  };
  REQUIRE(run("2023").status == 0);
  auto r = run("2024");
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("period 'open.egd' of competition 'go' is already recorded (run 1") &&
                        Catch::Contains("A run rated game by game without dates is named after its input files: if "
                                        "this is other input, give its file a name of its own, or its games dates"));
  fs::rename(dir / "2024/open.egd", dir / "2024/open-2024.egd");
  testing::write_text(dir / "2024.yaml", testing::read_text(dir / "2024.yaml").replace(
                                             testing::read_text(dir / "2024.yaml").find("open.egd"), 8, "open-2024.egd"));
  CHECK(run("2024").status == 0);
  CHECK(count_rows(dir / "go.db", "runs") == 2);
}

TEST_CASE("a model's state missing from the database is damage, named, an unknown peak is not", "[store][cli]") {
  two_months t;
  REQUIRE(testing::run_cli("run " + t.path("jan.yaml") + " -o " + t.path("out")).status == 0);
  exec_sql(t.dir / "ratings.db", "UPDATE states SET value = NULL WHERE field = 'peak'");
  CHECK(testing::run_cli("run " + t.path("feb.yaml") + " -o " + t.path("out-feb")).status == 0);
  exec_sql(t.dir / "ratings.db", "DELETE FROM runs WHERE id = 2");  // February again, from January's states
  exec_sql(t.dir / "ratings.db", "UPDATE states SET value = NULL WHERE field = 'rating' AND player_id = "
                                 "(SELECT id FROM players WHERE name = 'B')");
  const auto r = testing::run_cli("run " + t.path("feb.yaml") + " -o " + t.path("out-feb2"));
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("ratings.db: damaged rating database: table states, player 'B', field 'rating': "
                                    "expected a finite number, found NULL"));
}

TEST_CASE("a player's state field missing from the database is damage, named, not a new player", "[store][cli]") {
  for (const char* field : {"rating", "games", "rated"}) {
    INFO(field);
    two_months t;
    REQUIRE(testing::run_cli("run " + t.path("jan.yaml") + " -o " + t.path("out")).status == 0);
    exec_sql(t.dir / "ratings.db", (std::string("DELETE FROM states WHERE field = '") + field +
                                    "' AND player_id = (SELECT id FROM players WHERE name = 'B')").c_str());
    const auto r = testing::run_cli("run " + t.path("feb.yaml") + " -o " + t.path("out-feb"));
    CHECK(r.status == 1);
    CHECK_THAT(r.out, Catch::Contains(std::string("ratings.db: damaged rating database: table states, player 'B', "
                                                  "field '") + field + "': missing from his state of run 1 (a run "
                                                  "records every field of every player's state)"));
    CHECK_FALSE(fs::exists(t.dir / "out-feb"));
    CHECK(count_rows(t.dir / "ratings.db", "runs") == 1);
  }
}

TEST_CASE("a rating missing from every player's state is damage too", "[store][cli]") {
  two_months t;
  REQUIRE(testing::run_cli("run " + t.path("jan.yaml") + " -o " + t.path("out")).status == 0);
  exec_sql(t.dir / "ratings.db", "DELETE FROM states WHERE field = 'rating'");
  const auto r = testing::run_cli("run " + t.path("feb.yaml") + " -o " + t.path("out-feb"));
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("damaged rating database: table states, player 'A', field 'rating': missing"));
}

namespace {

// A long competition name, whole ratings in January and fractional ones in February.
struct named_players {
  testing::temp_dir dir;
  named_players() {
    testing::write_text(dir / "g.csv", "date,player_a,player_b,score_a\n"
                                       "2024-01-05,\"Short, Nigel\",\"Adams, Michael\",1\n"
                                       "2024-01-05,\"Shorter, Frank\",\"Nakamura, Hikaru\",0.5\n"
                                       "2024-01-05,\"Carlsen, Magnus\",\"Caruana, Fabiano\",0\n"
                                       "2024-01-06,\"Ding, Liren\",\"Short, Nigel\",1\n"
                                       "2024-02-02,\"Short, Nigel\",\"Caruana, Fabiano\",1\n");
    testing::write_text(dir / "c.yaml", "competition: irish-championship-seniors-2024\nmodel: fide-logistic\n"
                                        "k_schedule: [ { k: 20 } ]\ninitial: 1500\n"
                                        "input: { format: games-csv, path: g.csv }\nperiod: month\n"
                                        "output: { dir: out, database: ratings.db }\n");
    REQUIRE(testing::run_cli("-q run " + (dir / "c.yaml").string()).status == 0);
  }
  std::string history(const std::string& player) const {
    return testing::run_cli("history " + (dir / "ratings.db").string() + " '" + player + "'").out;
  }
};

}  // namespace

TEST_CASE("ratekit history lines up long competition names and prints whole ratings whole", "[store][cli]") {
  const named_players t;
  const std::string table = t.history("Short, Nigel");
  CHECK(table ==
        "competition                     period      rating    change  games        rated\n"
        "irish-championship-seniors-2024 2024-01       1500        +0      2            1\n"
        "irish-championship-seniors-2024 2024-02    1510.29    +10.29      1            1\n");
}

TEST_CASE("ratekit history suggests players by case, then by part of the name, then by a near miss", "[store][cli]") {
  const named_players t;
  CHECK_THAT(t.history("short, nigel"), Catch::Contains("no player 'short, nigel' (name or id) recorded here "
                                                         "(did you mean 'Short, Nigel'?)"));
  CHECK_THAT(t.history("SHORT"), Catch::Contains("(did you mean 'Short, Nigel' or 'Shorter, Frank'?)"));
  // Five names hold an 'a': all listed; six hold an 'n': five and one more.
  CHECK_THAT(t.history("a"), Catch::Contains("(did you mean 'Adams, Michael', 'Carlsen, Magnus', 'Caruana, Fabiano', "
                                             "'Nakamura, Hikaru' or 'Shorter, Frank'?)"));
  CHECK_THAT(t.history("N"), Catch::Contains("(did you mean 'Carlsen, Magnus', 'Caruana, Fabiano', 'Ding, Liren', "
                                             "'Nakamura, Hikaru', 'Short, Nigel' or 1 more?)"));
  CHECK_THAT(t.history("Nakamuar, Hikaru"), Catch::Contains("(did you mean 'Nakamura, Hikaru'?)"));
  const std::string nobody = t.history("Kasparov");
  CHECK_THAT(nobody, Catch::Contains("no player 'Kasparov' (name or id) recorded here"));
  CHECK_THAT(nobody, !Catch::Contains("did you mean"));
}

}  // namespace test_store
