// The list now as each run leaves it (table standings, store/standings.hpp)
// against the list computed from the whole history and the runs' ratings.csv:
// after several runs, one that starts no player from the database, and a
// --replace that rates the later months again; on a SQLite file and on PostgreSQL.
#include "serve/serve_support.hpp"

#include "serve/months_support.hpp"
#include "store/database.hpp"
#include "store/standings.hpp"

#include <cmath>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_serve_standings {

using namespace ratekit;
using namespace ratekit::testing;

namespace {

// The list of `competition` by player name, each value by column.
std::map<std::string, std::map<std::string, double>> by_name(const ratings_list& list, const player_table& players) {
  std::map<std::string, std::map<std::string, double>> out;
  for (size_t row = 0; row < list.ids.size(); ++row)
    for (size_t c = 0; c < list.columns.size(); ++c) out[players.name(list.ids[row])][list.columns[c]] = list.value(row, int(c));
  return out;
}

// Table standings holds, value for value, what the history's tables give (NaN as NaN).
void check_standings(const std::string& database) {
  const auto db = store::open_database(database, store::database::mode::read_only);
  player_table kept_players, computed_players;
  store::statement id = db->prepare("SELECT id FROM competitions WHERE name = 'club'");
  REQUIRE(id.step());
  const auto kept = store::read_standings(*db, id.integer(0), kept_players);
  REQUIRE(kept);
  const auto from_history = by_name(store::standings_from_history(*db, "club", computed_players), computed_players);
  const auto from_table = by_name(*kept, kept_players);
  REQUIRE(from_table.size() == from_history.size());
  for (const auto& [player, values] : from_history) {
    INFO(player);
    REQUIRE(from_table.count(player));
    const auto& kept_values = from_table.at(player);
    CHECK(kept_values.size() == values.size());
    for (const auto& [column, v] : values) {
      INFO(column);
      REQUIRE(kept_values.count(column));
      const double k = kept_values.at(column);
      CHECK(((std::isnan(k) && std::isnan(v)) || k == v));
    }
  }
}

// Glicko (rd grows with the months away) by month, each run from the database
// but March's, which starts its players new: the others keep February's state.
struct club_months {
  explicit club_months(const std::string& database) : db(database) {
    const std::string head = "competition: club\nmodel: glicko\ninput: { format: games-csv }\nperiod: month\n"
                             "output: { history: false, database: \"" + db + "\" }\n";
    write_text(dir / "club.yaml", head + "initial: { rating: 1500, database: \"" + db + "\" }\n");
    write_text(dir / "fresh.yaml", head + "initial: 1500\n");
    write_text(dir / "jan.csv", "date,player_a,player_b,score_a\n2024-01-05,A,B,1\n2024-01-06,C,D,0.5\n2024-01-20,A,C,0\n");
    // Corrected, January loses its only game of D: he is no more on the list.
    write_text(dir / "jan-fixed.csv", "date,player_a,player_b,score_a\n2024-01-05,A,B,0\n2024-01-20,A,C,0\n");
    write_text(dir / "feb.csv", "date,player_a,player_b,score_a\n2024-02-03,A,B,1\n2024-02-10,B,E,1\n");
    write_text(dir / "mar.csv", "date,player_a,player_b,score_a\n2024-03-02,A,E,0.5\n");
  }
  void run(const std::string& args) const {
    const auto r = run_cli("run " + args, "cd " + dir.path().string() + " && ");
    INFO(r.out);
    REQUIRE(r.status == 0);
  }
  // The database as ratekit is given it: a file of the folder, or the URI.
  std::string where() const { return db.find("://") == std::string::npos ? (dir / db).string() : db; }
  std::string db;
  temp_dir dir;
};

}  // namespace

}  // namespace test_serve_standings

// One server for every run: the first request after each sees it. Declared in months_support.hpp for the
// PostgreSQL test too, so it stays outside this file's namespace.
void ratekit::testing::check_months(const std::string& database, const std::string& fresh_database) {
  using namespace test_serve_standings;
  club_months club(database);
  club.run("club.yaml --input jan.csv --out out-jan");
  const test_server server(club.where());
  const auto list_is = [&](const std::string& out) {
    check_standings(club.where());
    CHECK(server.get("/api/competitions/club/ratings.csv")->body == read_text(club.dir / out / "ratings.csv"));
  };
  list_is("out-jan");
  club.run("club.yaml --input feb.csv --out out-feb");
  list_is("out-feb");
  club.run("fresh.yaml --input mar.csv --out out-mar");
  check_standings(club.where());
  // C and D last played in January, B in February: active since February leaves A, B and E.
  const json active = server.get_json("/api/competitions/club/ratings?active_since=2024-02-01&sort=player&order=asc");
  REQUIRE(active["players"].size() == 3);
  CHECK(active["players"][0]["player"] == "A");
  CHECK(active["players"][1]["player"] == "B");
  CHECK(active["players"][2]["player"] == "E");
  // A month counts at its last day: January's players at 2024-01-31, March's (A, E) at 2024-03-31.
  CHECK(server.get_json("/api/competitions/club/ratings?active_since=2024-01-31")["total"] == 5);
  CHECK(server.get_json("/api/competitions/club/ratings?active_since=2024-03-01")["total"] == 2);

  // January corrected: February and March rated again from their recorded inputs.
  club.run("club.yaml --input jan-fixed.csv --out out-jan-fixed --replace");
  check_standings(club.where());
  club_months fresh(fresh_database);
  fresh.run("club.yaml --input jan-fixed.csv --out out-jan");
  fresh.run("club.yaml --input feb.csv --out out-feb");
  fresh.run("fresh.yaml --input mar.csv --out out-mar");
  check_standings(fresh.where());
  // March's ratings.csv holds its own players alone: the list also has those who played before.
  const test_server recorded_anew(fresh.where());
  const std::string after_replace = server.get("/api/competitions/club/ratings.csv")->body;
  CHECK(after_replace == recorded_anew.get("/api/competitions/club/ratings.csv")->body);
  CHECK(after_replace.find("\nD,") == std::string::npos);  // his only game was corrected away
  CHECK(server.get_json("/api/competitions/club/ratings?active_since=2024-02-01")["total"] == 3);
}

TEST_CASE("serve: the list each run keeps is the list of the whole history and the run's ratings.csv", "[serve]") {
  ratekit::testing::check_months("ratings.db", "ratings.db");
}
