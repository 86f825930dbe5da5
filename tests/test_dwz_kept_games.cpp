// DWZ's kept games (3.4.2) across runs: a federation that rates month by month
// into its history database gets what one run over the months gives, and a
// record that is too long, damaged or another model's is refused, naming it
// (ratekit.player_records.v1; docs/history-database.md, "Records of players").
#include "kept_games_support.hpp"
#include "sql_support.hpp"

#include <catch2/catch.hpp>
#include <dwz/dwz.hpp>

#include <string>
#include <utility>
#include <vector>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_dwz_kept_games {

namespace {
using namespace ratekit::testing;

// The club rated month by month into monthly.db (and in one run into one.db).
struct rated_club : kept_games_club {
  std::string one = (dir / "one.db").string(), monthly = (dir / "monthly.db").string();
};

std::string records(const rated_club& c) {
  return sql_text(c.monthly, "SELECT group_concat(p.name || '>' || o.name || ':' || r.numbers, ' ') FROM player_records r "
                             "JOIN players p ON p.id = r.player_id JOIN players o ON o.id = r.other_id");
}
}  // namespace

TEST_CASE("dwz: kept games cross from month to month: the months rated one by one equal one run", "[dwz][cli]") {
  rated_club c;
  REQUIRE(c.rate_both(c.one, c.monthly));
  const std::vector<std::string> ratings = texts_of(c.one, ratings_by_period);
  CHECK(texts_of(c.monthly, ratings_by_period) == ratings);
  CHECK(read_text(c.dir / "out-mar/ratings.csv") == read_text(c.dir / "out-all/ratings.csv"));
  // N got his first DWZ in March from all six games, three of January, one of February (worked out
  // apart: the R with sum P(R - Ri) = 3 against 1350, 1400, 1450, 1553, 1598 and 1650 is 1500.19).
  CHECK_THAT(read_text(c.dir / "out-mar/ratings.csv"), Catch::Contains("\nN,1500,1,1,"));
  // Each month's run recorded what N keeps: his three games of January, then four, then none.
  CHECK(sql_text(c.monthly, "SELECT count(*) FROM player_records WHERE run_id = 1") == "3");
  CHECK(sql_text(c.monthly, "SELECT count(*) FROM player_records WHERE run_id = 2") == "4");
  CHECK(sql_text(c.monthly, "SELECT count(*) FROM player_records WHERE run_id = 3") == "0");
}

TEST_CASE("dwz: a kept game is recorded with its opponent, his DWZ then, the score and the day", "[dwz][cli]") {
  rated_club c;
  c.config("jan", "jan.csv", c.monthly, true);
  REQUIRE(c.run("jan").status == 0);
  CHECK(records(c) == "N>A:[1350,1,20240110] N>B:[1400,0.5,20240110] N>C:[1450,0,20240110]");
}

namespace {
// January recorded into monthly.db; then `damage` is done to its records and February is rated from it.
command_result february_after(const std::string& damage) {
  rated_club c;
  c.config("jan", "jan.csv", c.monthly, true);
  c.config("feb", "feb.csv", c.monthly, false);
  REQUIRE(c.run("jan").status == 0);
  sql_exec(c.monthly, damage);
  const command_result feb = c.run("feb");
  if (feb.status != 0) CHECK(sql_text(c.monthly, "SELECT count(*) FROM runs") == "1");  // nothing was recorded
  return feb;
}

// N's first kept game, repeated until he keeps `count` games.
std::string kept_games(int count) {
  return "WITH RECURSIVE n(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM n WHERE k < " + std::to_string(count - 3) +
         ") INSERT INTO player_records SELECT run_id, 100 + k, player_id, kind, other_id, numbers FROM player_records, n "
         "WHERE seq = 0";
}
}  // namespace

TEST_CASE("dwz: a player's record of more than 1000 kept games is refused, 1000 are read", "[dwz][cli]") {
  CHECK(february_after(kept_games(1000)).status == 0);
  const command_result refused = february_after(kept_games(1001));
  CHECK(refused.status != 0);
  CHECK_THAT(refused.out, Catch::Contains("monthly.db: table player_records, run 1, item ") &&
                              Catch::Contains("(player 'N'): his record holds more than the 1000 items model 'dwz' keeps "
                                              "of a player; nothing was rated"));
}

TEST_CASE("dwz: a damaged kept game is refused, naming the run, the item and the player", "[dwz][cli]") {
  const std::pair<const char*, const char*> damages[] = {
      {"UPDATE player_records SET numbers = '[1400,2,20240131]' WHERE seq = 1",
       "table player_records, run 1, item 2 (player 'N'): refused by model 'dwz': not a kept game of dwz: the record "
       "has a score 2, not within 0 to 1; nothing was rated"},
      {"UPDATE player_records SET numbers = '[1400,1,20241331]' WHERE seq = 2",
       "item 3 (player 'N'): refused by model 'dwz': not a kept game of dwz: the record has a date 20241331, neither 0 "
       "nor a day yyyymmdd"},
      {"UPDATE player_records SET numbers = '[0,1,20240110]' WHERE seq = 2",
       "item 3 (player 'N'): refused by model 'dwz': not a kept game of dwz: the record has an opponent's DWZ 0, not "
       "above 0"},
      {"UPDATE player_records SET other_id = NULL WHERE seq = 0",
       "item 1 (player 'N'): refused by model 'dwz': not a kept game of dwz: the record names no opponent"},
      {"UPDATE player_records SET numbers = '[1400,1]' WHERE seq = 2",
       "damaged rating database: table player_records, run 1, item 3 (player 'N'): 2 numbers where the run's other "
       "records hold 3"},
      {"UPDATE player_records SET numbers = '[1400,\"x\",0]' WHERE seq = 2",
       "damaged rating database: table player_records, run 1, item 3 (player 'N'): numbers '[1400,\"x\",0]' hold "
       "something other than a finite number"},
      {"UPDATE player_records SET player_id = (SELECT id FROM players WHERE name = 'A') WHERE seq = 0",
       "item 1 (player 'A'): refused by model 'dwz': not a kept game of dwz: the record belongs to a player who holds "
       "a DWZ, and keeps no games"},
  };
  for (const auto& [damage, message] : damages) {
    INFO(damage);
    const command_result refused = february_after(damage);
    CHECK(refused.status != 0);
    CHECK_THAT(refused.out, Catch::Contains(message));
  }
  // On the other side of each: a draw, the last day of a year, an undated game, a DWZ of 1.
  CHECK(february_after("UPDATE player_records SET numbers = '[1,0.5,20241231]' WHERE seq = 1").status == 0);
  CHECK(february_after("UPDATE player_records SET numbers = '[1400,1,0]' WHERE seq = 2").status == 0);
}

TEST_CASE("dwz: another model's records are never handed to it", "[dwz][cli]") {
  const command_result other = february_after("UPDATE player_records SET kind = 'glicko.notes.1'");
  CHECK(other.status != 0);
  CHECK_THAT(other.out, Catch::Contains("monthly.db: table player_records, run 1: records of kind 'glicko.notes.1', "
                                        "not 'dwz.kept_games.1', the kind model 'dwz' keeps"));
  const command_result mixed = february_after("UPDATE player_records SET kind = 'glicko.notes.1' WHERE seq = 2");
  CHECK_THAT(mixed.out, Catch::Contains("damaged rating database: table player_records, run 1, item 3 (player 'N'): kind "
                                        "'glicko.notes.1' among records of kind 'dwz.kept_games.1'"));
}

TEST_CASE("dwz: kept games saved and restored are the games kept", "[dwz]") {
  namespace rules = ratekit::plugins::dwz_rules;
  rules::rest_games kept(3);
  kept[2] = {{0, 1500, 0.5, 20240131}, {1, 1410, 1, 0}};
  rules::kept_games_records records;
  const rk_player_records saved = records.save(kept);
  REQUIRE(saved.item_count == 2);
  const double rated[] = {1, 1, 0};
  rules::rest_games back;
  rules::kept_games_records::restore(saved, rated, 3, back);
  REQUIRE(back.size() == 3);
  REQUIRE(back[2].size() == 2);
  CHECK(back[2][1].opponent == 1);
  CHECK(back[2][1].opponent_rating == 1410);
  CHECK(back[2][0].date == 20240131);
  CHECK(back[2][0].score == 0.5);
  const double all_rated[] = {1, 1, 1};
  CHECK_THROWS_WITH(rules::kept_games_records::restore(saved, all_rated, 3, back),
                    Catch::Contains("belongs to a player who holds a DWZ"));
}

namespace {
// A config of the club rated by glicko into `database`, from it when `from_database` (which carries
// every player it holds), else from nobody (only February's players get glicko's states).
void glicko_config(const kept_games_club& c, const std::string& name, const std::string& games,
                   const std::string& database, bool from_database) {
  const std::string initial = from_database ? "initial: { database: \"" + database + "\" }\n" : "";
  write_text(c.dir / (name + ".yaml"), "competition: club\nmodel: glicko\nperiod: month\n" + initial +
                                           "input: { format: games-csv, path: " + games + " }\noutput: { database: \"" +
                                           database + "\" }\n");
}

command_result run_new_model(const kept_games_club& c, const std::string& name) {
  return run_cli("-q run '" + (c.dir / (name + ".yaml")).string() + "' --new-model --out '" +
                 (c.dir / ("out-" + name)).string() + "'");
}

// N's row of a ratings.csv.
std::string row_of_n(const std::filesystem::path& ratings) {
  const std::string text = read_text(ratings);
  const size_t at = text.find("\nN,");
  return at == std::string::npos ? "" : text.substr(at + 1, text.find('\n', at + 1) - at - 1);
}

// January by dwz into monthly.db, February's B 1 C 0 alone by glicko, March by dwz again.
struct club_trying_glicko : rated_club {
  club_trying_glicko(bool glicko_from_database) {
    write_text(dir / "feb-bc.csv", std::string(header) + "2024-02-14,B,C,1\n");
    config("jan", "jan.csv", monthly, true);
    glicko_config(*this, "feb", "feb-bc.csv", monthly, glicko_from_database);
    config("mar", "mar.csv", monthly, false);
  }
};
}  // namespace

TEST_CASE("dwz: kept games survive a run of another model between two runs of dwz", "[dwz][cli]") {
  club_trying_glicko c(false);
  REQUIRE(c.run("jan").status == 0);
  REQUIRE(run_new_model(c, "feb").status == 0);
  REQUIRE(run_new_model(c, "mar").status == 0);
  // dwz alone over January and March: N's three kept games of January and his two of March (5 opponents
  // with a DWZ, 2.5 points) give him a first DWZ.
  write_text(c.dir / "jan-mar.csv", std::string(c.header) + c.january + c.march);
  c.config("jan-mar", "jan-mar.csv", (c.dir / "jan-mar.db").string(), true);
  REQUIRE(c.run("jan-mar").status == 0);
  const std::string alone = row_of_n(c.dir / "out-jan-mar/ratings.csv");
  REQUIRE_THAT(alone, Catch::StartsWith("N,1") && Catch::Contains(",1,1,"));  // a DWZ, rated 1, index 1
  // The same rating, rated, index, games and peak (the monthly run's list adds last_played).
  CHECK_THAT(row_of_n(c.dir / "out-mar/ratings.csv"), Catch::StartsWith(alone + ","));
  CHECK(sql_text(c.monthly, "SELECT count(*) FROM player_records WHERE run_id = 3") == "0");
}

TEST_CASE("dwz: kept games of a player another model rated since are refused, naming the run", "[dwz][cli]") {
  club_trying_glicko c(true);  // February's glicko run carries every player, N with a glicko rating
  REQUIRE(c.run("jan").status == 0);
  REQUIRE(run_new_model(c, "feb").status == 0);
  const command_result mar = run_new_model(c, "mar");
  CHECK(mar.status != 0);
  CHECK_THAT(mar.out, Catch::Contains("monthly.db: table player_records, run 1: model 'dwz' kept records of player "
                                      "'N' (kind 'dwz.kept_games.1'); run 2 (model 'glicko') rated him since, so they "
                                      "cannot count as they were kept: nothing was rated. Rate run 2 (model "
                                      "'glicko')'s games by 'dwz' again (--replace), or start from a ratings list"));
  CHECK(sql_text(c.monthly, "SELECT count(*) FROM runs") == "2");
}

TEST_CASE("dwz: kept games a later dwz run used up do not come back after another model's run", "[dwz][cli]") {
  rated_club c;
  REQUIRE(c.rate_both(c.one, c.monthly));  // N's first DWZ in March: run 3 keeps nothing
  write_text(c.dir / "apr.csv", std::string(c.header) + "2024-04-10,A,B,1\n");
  write_text(c.dir / "may.csv", std::string(c.header) + "2024-05-15,N,C,1\n");
  glicko_config(c, "apr", "apr.csv", c.monthly, true);
  c.config("may", "may.csv", c.monthly, false);
  REQUIRE(run_new_model(c, "apr").status == 0);
  // Run 2's four kept games, were they handed to May's run, would be refused: N holds a rating.
  const command_result may = run_new_model(c, "may");
  CHECK(may.status == 0);
  CHECK_THAT(may.out, !Catch::Contains("player_records"));
  CHECK(sql_text(c.monthly, "SELECT count(*) FROM runs") == "5");
}

}  // namespace test_dwz_kept_games
