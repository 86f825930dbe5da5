// The PostgreSQL store's foreign keys checked at the commit (ctest's
// postgres_store): a role that may set session_replication_role copies rows
// with the per-row triggers skipped, one that may not keeps them and is told
// the GRANT; both record the file's rows, and a reference to a row that is not
// there is refused either way.
#include "pg_support.hpp"

#include "store/row_batch.hpp"

#include <ratekit/host/text/diagnostics.hpp>

#include <optional>
#include <random>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_postgres_references {

using namespace ratekit;

namespace {

// Two months of games, as two runs, among names COPY must carry as they are;
// February brings two new players.
struct two_months {
  testing::temp_dir dir;
  two_months() {
    const std::vector<std::string> names = {"Back\\slash", "Tab\\tless", "Ötzi 日本", "N\\N", "plain", "semi;colon"};
    std::mt19937 rng(11);
    std::string csv[2] = {"date,player_a,player_b,score_a\n", "date,player_a,player_b,score_a\n"};
    for (int g = 0; g < 400; ++g) {
      const int month = g / 200, count = int(names.size()) - (month ? 0 : 2);
      const size_t a = rng() % size_t(count), b = (a + 1 + rng() % size_t(count - 1)) % size_t(count);
      csv[month] += "2024-0" + std::to_string(month + 1) + "-" + std::to_string(10 + g % 200 / 10) + ",\"" + names[a] +
                    "\",\"" + names[b] + "\"," + (g % 3 ? "1" : "0.5") + "\n";
    }
    testing::write_text(dir / "01.csv", csv[0]);
    testing::write_text(dir / "02.csv", csv[1]);
  }
  // Month `m` (01 or 02) into `database`; `flags` before the command (-v: the debug log).
  testing::command_result run(const std::string& database, const std::string& m, const std::string& flags = "") const {
    const std::string config = (dir / (m + "-" + std::to_string(std::hash<std::string>()(database)) + ".yaml")).string();
    testing::write_text(config, testing::config_into("competition: club\nmodel: glicko2\nperiod: month\n" +
                                                         std::string(m == "02" ? "initial: { database: \"" + database + "\" }\n" : "") +
                                                         "input: { format: games-csv, path: " + m + ".csv }\n",
                                                     database));
    return testing::run_cli(flags + "run '" + config + "' --out '" + config + ".out'");
  }
};

// Counts the rows inserted into `table` by the server's user triggers, which skipped triggers skip too.
void count_inserts(const testing::pg_schema& pg, const std::string& table) {
  pg.exec("CREATE TABLE IF NOT EXISTS fired (tab TEXT);"
          "CREATE OR REPLACE FUNCTION note_insert() RETURNS trigger LANGUAGE plpgsql AS "
          "$$BEGIN INSERT INTO fired VALUES (TG_TABLE_NAME); RETURN NULL; END$$;"
          "CREATE TRIGGER note AFTER INSERT ON " + table + " FOR EACH ROW EXECUTE FUNCTION note_insert()");
}

constexpr const char* skipped = "rows are copied with the foreign key triggers skipped";
constexpr const char* hint = "'GRANT SET ON PARAMETER session_replication_role TO ratekit_plain'";

// A competition, run, period and players 1 and 2 committed, and a transaction
// begun as `role` on a connection recording it.
struct recorded_players {
  testing::pg_schema pg;
  store::postgres_database db;
  std::optional<store::transaction> tx;
  explicit recorded_players(const std::string& schema, const std::string& role)
      : pg(schema, role), db(pg.uri, store::database::mode::read_write) {
    db.open_for_recording("club", false);
    pg.exec("INSERT INTO competitions (name) VALUES ('club');"
            "INSERT INTO runs (competition_id, recorded_at, model, plugin_version, params, inputs, config_file, "
            "config_text) VALUES (1, 'now', 'm', '1', '{}', '[]', 'c', 'c');"
            "INSERT INTO periods (competition_id, run_id, label) VALUES (1, 1, '2024-01');"
            "INSERT INTO players (competition_id, name) VALUES (1, 'A'), (1, 'B')");
    tx.emplace(db);
  }
  // A game of players a and b in run 1, period 1.
  void game(int64_t a, int64_t b) {
    store::row_batch g(db, "INSERT INTO games (run_id, seq, period_id, player_a, player_b, score_a)", 6);
    g.bind(1, int64_t(1)).bind(2, a).bind(3, int64_t(1)).bind(4, a).bind(5, b).bind(6, 1.0).run();
    g.flush();
  }
};

// The commit refused with `message`, the transaction rolled back: no game recorded.
void commit_refused(recorded_players& r, const std::string& message) {
  CHECK_THROWS_WITH(r.tx->commit(), Catch::Contains(message));
  r.tx.reset();
  CHECK(r.pg.count("games") == 0);
}

}  // namespace

TEST_CASE("PostgreSQL: a role that may set session_replication_role records with the foreign keys checked at the "
          "commit, one that may not row by row, told the GRANT; both hold the file's rows",
          "[.][postgres]") {
  two_months in;
  const std::string file = (in.dir / "h.db").string();
  for (const char* m : {"01", "02"}) REQUIRE(in.run(file, m).status == 0);
  for (const bool fast : {true, false}) {
    const testing::pg_schema pg(fast ? "refs_fast" : "refs_plain", fast ? "ratekit_fast" : "ratekit_plain");
    INFO("as " << (fast ? "ratekit_fast" : "ratekit_plain"));
    const auto january = in.run(pg.uri, "01", "-v ");
    INFO(january.out);
    REQUIRE(january.status == 0);
    CHECK((january.out.find(skipped) != std::string::npos) == fast);
    CHECK((january.out.find(hint) != std::string::npos) == !fast);
    // February's games skip the triggers, its new players (no COPY) do not.
    count_inserts(pg, "games");
    count_inserts(pg, "players");
    const auto february = in.run(pg.uri, "02");  // the hint is info, the fast path's line debug
    REQUIRE(february.status == 0);
    CHECK((february.out.find(hint) != std::string::npos) == !fast);
    CHECK(february.out.find(skipped) == std::string::npos);
    CHECK(testing::table_rows(pg.uri, "SELECT count(*) FROM fired WHERE tab = 'games'") ==
          std::vector<std::string>{fast ? "0" : "200"});
    CHECK(testing::table_rows(pg.uri, "SELECT count(*) FROM fired WHERE tab = 'players'") == std::vector<std::string>{"2"});
    for (const auto& [table, sql] : testing::comparable_tables()) {
      INFO("table " << table);
      CHECK(testing::table_rows(pg.uri, sql) == testing::table_rows(file, sql));
    }
  }
}

TEST_CASE("PostgreSQL: with the triggers skipped, a reference to a row that is not there refuses the commit",
          "[.][postgres]") {
  recorded_players r("refs_missing", "ratekit_fast");
  REQUIRE(r.db.skips_triggers());
  r.game(1, 3);  // no player 3: copied unchecked
  commit_refused(r, "games.player_b refers to players id 3, which is not there");
}

TEST_CASE("PostgreSQL: with the triggers skipped, a player another session deletes before the commit refuses it",
          "[.][postgres]") {
  recorded_players r("refs_deleted", "ratekit_fast");
  r.game(1, 2);
  // No trigger's lock holds it: the delete goes through (a lock would hold it: then it fails, not waits).
  r.pg.exec("SET lock_timeout = '5s';DELETE FROM players WHERE id = 2");
  commit_refused(r, "games.player_b refers to players id 2, which is not there");
}

TEST_CASE("PostgreSQL: with the triggers skipped, the rows referred to are locked against a delete until the commit",
          "[.][postgres]") {
  recorded_players r("refs_locked", "ratekit_fast");
  r.game(1, 2);
  r.db.check_references();
  CHECK_THROWS_WITH(r.pg.exec("SET lock_timeout = '200ms';DELETE FROM players WHERE id = 2"),
                    Catch::Contains("lock timeout"));
  r.tx->commit();
  CHECK(r.pg.count("games") == 1);
}

TEST_CASE("PostgreSQL: without the privilege, the server's triggers refuse a reference to a row that is not there",
          "[.][postgres]") {
  recorded_players r("refs_plain_missing", "ratekit_plain");
  REQUIRE_FALSE(r.db.skips_triggers());
  CHECK_THROWS_WITH(r.game(1, 3), Catch::Contains("violates foreign key constraint"));
  r.tx.reset();  // rolled back
  CHECK(r.pg.count("games") == 0);
}

}  // namespace test_postgres_references
