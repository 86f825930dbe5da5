// An event's date is its input's (table period_dates), in ratekit serve and
// ratekit history; a database recorded before the table shows its events at
// their run's day, as it did, and history shows no date.
#include "serve/serve_support.hpp"

#include <sqlite3.h>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_serve_event_dates {

using namespace ratekit::testing;

namespace {

// Two club nights rated as ranked events, each a period named after the event; and January's games by month.
struct club_nights {
  club_nights() {
    write_text(dir / "nights.csv", "event,date,player,rank\nClub night A,2024-02-06,A,1\nClub night A,2024-02-06,B,2\n"
                                   "Club night B,2024-03-05,B,1\nClub night B,2024-03-05,A,2\n");
    write_text(dir / "nights.yaml", "competition: nights\nmodel: codeforces\nperiod: event\n"
                                    "input: { format: standings-csv, path: nights.csv }\noutput: { database: ratings.db }\n");
    write_text(dir / "jan.csv", "date,player_a,player_b,score_a\n2024-01-05,A,B,1\n2024-01-20,A,B,0\n");
    write_text(dir / "month.yaml", "competition: month\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\nperiod: month\n"
                                   "input: { format: games-csv, path: jan.csv }\noutput: { database: ratings.db }\n");
    for (const char* config : {"nights.yaml --out nights-out", "month.yaml --out month-out"}) {
      const auto r = run_cli("run " + std::string(config), "cd " + dir.path().string() + " && ");
      INFO(r.out);
      REQUIRE(r.status == 0);
    }
  }
  std::filesystem::path db() const { return dir / "ratings.db"; }
  temp_dir dir;
};

void exec(const std::filesystem::path& file, const char* sql) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(file.c_str(), &db) == SQLITE_OK);
  char* error = nullptr;
  const int rc = sqlite3_exec(db, sql, nullptr, nullptr, &error);
  INFO((error ? error : ""));
  sqlite3_free(error);
  sqlite3_close(db);
  REQUIRE(rc == SQLITE_OK);
}

std::string recorded_day(const std::filesystem::path& file) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(file.c_str(), &db) == SQLITE_OK);
  sqlite3_stmt* s = nullptr;
  REQUIRE(sqlite3_prepare_v2(db, "SELECT substr(max(recorded_at), 1, 10) FROM runs", -1, &s, nullptr) == SQLITE_OK);
  REQUIRE(sqlite3_step(s) == SQLITE_ROW);
  std::string day(reinterpret_cast<const char*>(sqlite3_column_text(s, 0)));
  sqlite3_finalize(s);
  sqlite3_close(db);
  return day;
}

}  // namespace

TEST_CASE("serve and history: an event's date is the one its input gave", "[serve]") {
  const club_nights nights;
  {
    const test_server server(nights.db());
    const json points = server.get_json("/api/competitions/nights/players/A/history")["points"];
    REQUIRE(points.size() == 2);
    CHECK(points[0]["date"] == "2024-02-06");
    CHECK(points[1]["date"] == "2024-03-05");
    const json games = server.get_json("/api/competitions/nights/players/A/events");
    CHECK(games["events"][0]["date"] == "2024-03-05");
    // A list as of a day between the two nights counts the first alone.
    CHECK(server.get_json("/api/competitions/nights/ratings?as_of=2024-03-04")["period"] == "Club night A");
    CHECK(server.get_json("/api/competitions/nights/ratings?as_of=2024-03-05")["period"] == "Club night B");
    const json c = server.get_json("/api/competitions")["competitions"][1];
    CHECK(c["competition"] == "nights");
    CHECK(c["first"] == "2024-02-06");
    CHECK(c["last"] == "2024-03-05");
  }
  const auto json_history = run_cli("history " + nights.db().string() + " A --json");
  REQUIRE(json_history.status == 0);
  const json h = json::parse(json_history.out)["history"];
  CHECK(h[0]["date"] == "2024-02-06");
  CHECK(h[1]["date"] == "2024-03-05");
  CHECK(h[2]["date"].is_null());  // January's games by month: the label is their date
  const auto text = run_cli("history " + nights.db().string() + " A --competition nights");
  CHECK(text.out.find("Club night A 2024-02-06") != std::string::npos);
  // A month's period keeps its games' first and last date; its label is still the date a list counts.
  CHECK(run_cli("history " + nights.db().string() + " A --competition month").out.find("date") == std::string::npos);
}

TEST_CASE("serve and history: a database recorded before event dates shows its run's day, as before", "[serve]") {
  const club_nights nights;
  exec(nights.db(), "DROP TABLE period_dates");  // as an earlier ratekit recorded it
  const std::string day = recorded_day(nights.db());
  const test_server server(nights.db());
  const json points = server.get_json("/api/competitions/nights/players/A/history")["points"];
  REQUIRE(points.size() == 2);
  CHECK(points[0]["date"] == day);
  CHECK(points[1]["date"] == day);
  const auto text = run_cli("history " + nights.db().string() + " A");
  REQUIRE(text.status == 0);
  CHECK(text.out.find("date") == std::string::npos);
}

}  // namespace test_serve_event_dates
