// `ratekit serve` on a hand-damaged history database: a page or JSON answer that would show a damaged value
// (text, NULL, an infinity, a count of no games) answers 500 naming the row, as `ratekit history` refuses it;
// the server keeps answering everything else, and a repaired row is shown again.
#include "serve/serve_support.hpp"

#include <sqlite3.h>

#include <regex>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_serve_damaged {

using namespace ratekit::testing;

namespace {

void run_sql(const std::filesystem::path& db, const std::string& sql) {
  sqlite3* h = nullptr;
  REQUIRE(sqlite3_open(db.string().c_str(), &h) == SQLITE_OK);
  char* message = nullptr;
  const int rc = sqlite3_exec(h, sql.c_str(), nullptr, nullptr, &message);
  INFO(sql << ": " << (message ? message : ""));
  sqlite3_free(message);
  sqlite3_close(h);
  REQUIRE(rc == SQLITE_OK);
}

std::string table_sql(const std::filesystem::path& db, const std::string& table) {
  sqlite3* h = nullptr;
  REQUIRE(sqlite3_open(db.string().c_str(), &h) == SQLITE_OK);
  sqlite3_stmt* s = nullptr;
  REQUIRE(sqlite3_prepare_v2(h, "SELECT sql FROM sqlite_master WHERE name = ?1", -1, &s, nullptr) == SQLITE_OK);
  sqlite3_bind_text(s, 1, table.c_str(), -1, SQLITE_TRANSIENT);
  REQUIRE(sqlite3_step(s) == SQLITE_ROW);
  std::string sql = reinterpret_cast<const char*>(sqlite3_column_text(s, 0));
  sqlite3_finalize(s);
  sqlite3_close(h);
  return sql;
}

// A copy of the shared recorded database whose `tables` take anything: neither STRICT, nor NOT NULL, nor CHECK,
// as a file edited by hand (or by a tool of its own) may be.
class damaged_copy {
 public:
  explicit damaged_copy(std::initializer_list<const char*> tables) {
    run_sql(recorded().db(), "VACUUM INTO '" + db().string() + "'");
    std::string rewrite = "PRAGMA writable_schema = ON;";
    for (const char* table : tables) {
      std::string sql = std::regex_replace(table_sql(db(), table), std::regex(R"( NOT NULL| CHECK \(abs\(\w+\) < 1e308\)|,? STRICT)"), "");
      rewrite += "UPDATE sqlite_master SET sql = '" + sql + "' WHERE name = '" + table + "';";
    }
    run_sql(db(), rewrite + "PRAGMA writable_schema = OFF;");
  }
  std::filesystem::path db() const { return dir_ / "damaged.db"; }
  void damage(const std::string& sql) const { run_sql(db(), sql); }

 private:
  temp_dir dir_;
};

const std::string nigel = "(SELECT id FROM players WHERE name = 'Short, Nigel')";
const std::string january = "(SELECT id FROM periods WHERE label = '2024-01')";

// The answer to `target`: 500 and the refusal naming the row, never the file.
void check_refused(const test_server& server, const std::string& target, const std::string& refusal) {
  const auto r = server.get(target);
  INFO(target << " -> " << r->status << " " << r->body);
  CHECK(r->status == 500);
  CHECK(json::parse(r->body)["error"] == refusal);
}

const std::string nigel_page = "/competitions/club/players/Short%2C%20Nigel";
const std::string nigel_history = "/api/competitions/club/players/Short%2C%20Nigel/history";

}  // namespace

TEST_CASE("serve: a damaged rating, change or games answers 500 naming the row, on the pages and the API", "[serve]") {
  const std::string row = "damaged rating database: table ratings, player 'Short, Nigel', period '2024-01', ";
  const std::vector<std::pair<std::string, std::string>> damages{
      {"rating = 'x'", "rating: expected a finite number, found text 'x'"},
      {"rating = NULL", "rating: expected a finite number, found NULL"},
      {"change = 9e999", "change: expected a finite number, found inf"},
      {"games = -1", "games: expected a whole number of games, 0 or more, found -1"},
      {"games = 2.5", "games: expected a whole number of games, 0 or more, found 2.5"},
      {"games = 'three'", "games: expected a finite number, found text 'three'"},
      {"state = '{\"rated\":\"many\"}'", "state: expected a finite number or null for field 'rated', found '{\"rated\":\"many\"}'"}};
  for (const auto& [damage, refusal] : damages) {
    const damaged_copy copy({"ratings"});
    copy.damage("UPDATE ratings SET " + damage + " WHERE player_id = " + nigel + " AND period_id = " + january);
    const test_server server(copy.db());
    INFO(damage);
    check_refused(server, nigel_page, row + refusal);
    check_refused(server, nigel_history, row + refusal);
    // The list before February reads January's rows but their change; the list now, and the other competition, do not.
    for (const std::string list : {"/api/competitions/club/ratings?as_of=2024-01-31", "/competitions/club?as_of=2024-01-31"}) {
      if (damage.rfind("change", 0) == 0) CHECK(server.get(list)->status == 200);
      else check_refused(server, list, row + refusal);
    }
    CHECK(server.get("/api/competitions/club/ratings")->status == 200);
    CHECK(server.get("/competitions/cup/players/Brazil")->status == 200);
  }
}

TEST_CASE("serve: a damaged list row or birth year answers 500 naming the row", "[serve]") {
  const std::string row = "damaged rating database: table standings, player 'Short, Nigel', ";
  const std::vector<std::pair<std::string, std::string>> damages{
      {"UPDATE standings SET state = json_set(state, '$.rating', NULL) WHERE player_id = " + nigel,
       row + "state: expected a rating, found none"},
      {"UPDATE standings SET state = json_remove(state, '$.rating') WHERE player_id = " + nigel,
       row + "state: expected a rating, found none"},
      {"UPDATE standings SET state = json_set(state, '$.games', -3) WHERE player_id = " + nigel,
       row + "state 'games': expected a whole number of games, 0 or more, found -3"},
      {"UPDATE standings SET state = 'rating 1500' WHERE player_id = " + nigel,
       row + "state: expected a JSON object of state fields, found 'rating 1500'"},
      {"UPDATE standings SET last_active = 'yesterday' WHERE player_id = " + nigel,
       row + "last_active: expected a finite number, found text 'yesterday'"},
      {"UPDATE standings SET last_active = 20241399 WHERE player_id = " + nigel,
       row + "last_active: expected a date written yyyymmdd, or 0, found 20241399"},
      {"UPDATE players SET birth_year = 'old' WHERE id = " + nigel,
       "damaged rating database: table players, player 'Short, Nigel', birth_year: expected a finite number, found text 'old'"},
      {"UPDATE players SET birth_year = 0.5 WHERE id = " + nigel,
       "damaged rating database: table players, player 'Short, Nigel', birth_year: expected a birth year from 1 to 9999, found 0.5"}};
  for (const auto& [damage, refusal] : damages) {
    const damaged_copy copy({"standings", "players"});
    copy.damage(damage);
    const test_server server(copy.db());
    INFO(damage);
    check_refused(server, "/competitions/club", refusal);
    check_refused(server, "/api/competitions/club/ratings", refusal);
    check_refused(server, "/api/competitions/club/ratings.csv", refusal);
    check_refused(server, nigel_page, refusal);  // his page shows his place in the list now
    CHECK(server.get("/api/competitions/cup/ratings")->status == 200);
    CHECK(server.get("/api/competitions")->status == 200);
  }
}

TEST_CASE("serve: a damaged game or ranked entry answers 500 naming the row", "[serve]") {
  const damaged_copy copy({"games"});
  // Nigel is B in one January game: his score is read as stored before it is turned to his side.
  copy.damage("UPDATE games SET score_a = 'draw' WHERE player_b = " + nigel);
  copy.damage("UPDATE games SET k_a = 'twenty' WHERE player_a = " + nigel);
  const test_server server(copy.db());
  const auto r = server.get("/api/competitions/club/players/Short%2C%20Nigel/games");
  INFO(r->body);
  CHECK(r->status == 500);
  CHECK_THAT(json::parse(r->body)["error"].get<std::string>(),
             Catch::Matches(R"re(damaged rating database: table games, run \d+, seq \d+, )re"
                            R"re((score_a: expected a finite number, found text 'draw'|)re"
                            R"re(k_a: expected a finite number, found text 'twenty'))re"));
  CHECK(server.get(nigel_history)->status == 200);
  CHECK(server.get("/api/competitions/cup/players/Brazil/games")->status == 200);
}

TEST_CASE("serve: a row damaged while the server answers is refused once read, and shown again once repaired", "[serve]") {
  const damaged_copy copy({"ratings", "standings"});
  const test_server server(copy.db());
  const std::string list = "/api/competitions/club/ratings", before = server.get(list)->body;
  REQUIRE(server.get(nigel_history)->status == 200);
  const std::string refusal =
      "damaged rating database: table ratings, player 'Short, Nigel', period '2024-01', rating: expected a finite "
      "number, found text 'x'";
  copy.damage("UPDATE ratings SET rating = 'x' WHERE player_id = " + nigel + " AND period_id = " + january);
  check_refused(server, nigel_history, refusal);
  CHECK(server.get("/api/competitions/cup/ratings")->status == 200);
  // The list read before is kept until a run is recorded (docs/serve.md, "Damaged rows"): then it shows the damage.
  CHECK(server.get(list)->body == before);
  const std::string a_run_recorded = "UPDATE runs SET recorded_at = '2030-01-01T00:00:00Z' WHERE id = (SELECT max(id) FROM runs)";
  copy.damage("UPDATE standings SET state = json_set(state, '$.rating', 'x') WHERE player_id = " + nigel + "; " + a_run_recorded);
  const auto damaged = server.get(list);
  CHECK(damaged->status == 500);
  CHECK_THAT(json::parse(damaged->body)["error"].get<std::string>(),
             Catch::StartsWith("damaged rating database: table standings, player 'Short, Nigel', state: expected a "
                               "finite number or null for field 'rating', found '{"));
  copy.damage("UPDATE ratings SET rating = 1500 WHERE player_id = " + nigel + " AND period_id = " + january);
  CHECK(server.get(nigel_history)->status == 200);
}

}  // namespace test_serve_damaged
