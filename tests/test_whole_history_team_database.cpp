// Whole-history runs of team matches recorded into the SQLite history database: each match's entries kept
// (whole_history_entries), `ratekit history` on the estimates, month-by-month runs equal to one run over all
// the matches, a competition's duels and team matches refused together, and a damaged recorded match.
#include "whole_history_db_support.hpp"

#include "store/database.hpp"

#include <nlohmann/json.hpp>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_whole_history_team_database {

namespace fs = std::filesystem;
using ratekit::testing::read_text;
using ratekit::testing::run_cli;
using ratekit::testing::temp_dir;
using ratekit::testing::write_text;

namespace {

int64_t count_team_rows(const fs::path& db, const std::string& sql) {
  auto opened = ratekit::store::open_database(db.string(), ratekit::store::database::mode::read_only);
  ratekit::store::statement s = opened->prepare(sql.c_str());
  REQUIRE(s.step());
  return s.integer(0);
}

}  // namespace

TEST_CASE("whole-history team matches recorded month by month equal one run over all of them",
          "[whole_history][database][teams]") {
  const ratekit::testing::team_competition c("h.db");
  c.incremental_equals_full();
  const fs::path db = c.dir / "h.db";
  CHECK(count_team_rows(db, "SELECT count(*) FROM whole_history_entries") == 3 * 40 * 4);
  CHECK(count_team_rows(db, "SELECT count(DISTINCT run_id || '-' || seq) FROM whole_history_entries") == 120);
  CHECK(count_team_rows(db, "SELECT count(*) FROM whole_history_entries WHERE weight = 0.5") > 0);
  CHECK(count_team_rows(db, "SELECT count(*) FROM whole_history_games") == 0);
  // Warm-started from the messages the last fit left, one for each entry of every recorded match.
  const auto warm = nlohmann::json::parse(read_text(c.dir / "out/summary.json"))["whole_history"];
  const auto cold = nlohmann::json::parse(read_text(c.dir / "full/summary.json"))["whole_history"];
  CHECK(warm["warm_start"] == true);
  CHECK(warm["sweeps"].get<int>() < cold["sweeps"].get<int>());
  // ratekit history: T3's estimates, the first as history.csv has it.
  const auto shown = run_cli("history " + db.string() + " T3 --json");
  REQUIRE(shown.status == 0);
  const auto points = nlohmann::json::parse(shown.out)["history"];
  const std::string history = read_text(c.dir / "out/history.csv");
  const size_t at = history.find(",T3,");
  REQUIRE(at != std::string::npos);
  double mean = 0, sd = 0;
  REQUIRE(std::sscanf(history.c_str() + at + 4, "%lf,%lf", &mean, &sd) == 2);
  REQUIRE(points.size() > 10);
  CHECK(points[0]["period"] == history.substr(history.rfind('\n', at) + 1, 10));
  CHECK(std::abs(points[0]["rating"].get<double>() - mean) < 1e-12);
  CHECK(std::abs(points[0]["deviation"].get<double>() - sd) < 1e-12);
}

TEST_CASE("a whole-history competition of team matches refuses duels, and the other way round",
          "[whole_history][database][teams]") {
  const ratekit::testing::team_competition c("h.db");
  REQUIRE(c.run("db.yaml", c.input("t1.csv"), "out").status == 0);
  write_text(c.dir / "duels.csv", "date,player_a,player_b,score_a\n2024-02-01,T1,T2,1\n");
  write_text(c.dir / "duels.yaml", "competition: league\nmodel: ttt\nparams: { p_draw: 0.2, epsilon: 1e-7, "
                                   "iterations: 100000 }\ninput: { format: games-csv }\noutput: { database: h.db }\n");
  const auto r = c.run("duels.yaml", c.input("duels.csv"), "d");
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("competition 'league' holds team matches, and this run's input duels: a "
                                    "whole-history model fits one kind, so nothing was recorded"));
  CHECK(!fs::exists(c.dir / "d"));
  CHECK(count_team_rows(c.dir / "h.db", "SELECT count(*) FROM runs") == 1);
  // A damaged recorded match, met by the next run, named by its table, run and match.
  ratekit::store::open_database((c.dir / "h.db").string(), ratekit::store::database::mode::read_write)
      ->exec("UPDATE whole_history_entries SET weight = 2 WHERE seq = 3 AND entry = 1");
  const auto damaged = c.run("db.yaml", c.input("t2.csv"), "out2");
  CHECK(damaged.status == 1);
  CHECK_THAT(damaged.out, Catch::Contains("damaged rating database: table whole_history_entries, run 1, match 3, "
                                          "weight: expected a share in (0, 1], found 2"));
  CHECK(count_team_rows(c.dir / "h.db", "SELECT count(*) FROM runs") == 1);
}

TEST_CASE("a recorded team match's rank is read as team-csv reads one: above 0 and below 1e15",
          "[whole_history][database][teams]") {
  for (const auto& [rank, refused] : {std::pair{"0", true}, {"-1", true}, {"1e15", true}, {"1e-9", false},
                                      {"999999999999999", false}}) {
    INFO("rank " << rank);
    const ratekit::testing::team_competition c("h.db");
    REQUIRE(c.run("db.yaml", c.input("t1.csv"), "out").status == 0);
    const std::string damage = std::string("UPDATE whole_history_entries SET rank = ") + rank +
                               " WHERE seq = 3 AND team = (SELECT team FROM whole_history_entries WHERE seq = 3 AND entry = 1)";
    ratekit::store::open_database((c.dir / "h.db").string(), ratekit::store::database::mode::read_write)
        ->exec(damage.c_str());
    const auto next = c.run("db.yaml", c.input("t2.csv"), "out2");
    CHECK(next.status == (refused ? 1 : 0));
    if (refused)
      CHECK_THAT(next.out, Catch::Contains("damaged rating database: table whole_history_entries, run 1, match 3, "
                                           "rank: expected a positive number below 1e15"));
    CHECK(count_team_rows(c.dir / "h.db", "SELECT count(*) FROM runs") == (refused ? 1 : 2));
  }
}

}  // namespace test_whole_history_team_database
