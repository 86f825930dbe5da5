// ABI 1.1 elapsed time: the period numbers and dates the host hands a plugin,
// and when it keeps each player last rated, seen through a probe plugin; and a
// plugin built against the 1.0 header still rating as before.
#include <ratekit/host/config/config.hpp>
#include <ratekit/sdk.hpp>
#include <ratekit/host/engine/engine.hpp>
#include <ratekit/host/output/run_outputs.hpp>
#include <ratekit/host/text/diagnostics.hpp>

#include "engine/period_clock.hpp"
#include "test_support.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <string>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_elapsed_time {

using namespace ratekit;
namespace fs = std::filesystem;

namespace {

const plugin_registry& test_plugins() {
  static const plugin_registry registry({fs::path(RATEKIT_TEST_PLUGIN_DIR), plugin_registry::builtin_dir()});
  return registry;
}

// A (Jan, Feb, Jul), B (Jan, May, Jul), C (Jan, Feb), D (Jan, May); nobody plays in March, April or June.
const char* const games_2024 =
    "date,player_a,player_b,score_a,period\n"
    "2024-01-10,A,B,1,R1\n2024-01-20,C,D,0.5,R1\n2024-02-05,A,C,1,R2\n2024-05-12,B,D,0,R3\n2024-07-01,A,B,0.5,R4\n";

run_result run_probe(const std::string& games, const std::string& period, const std::string& k = "[ { k: 20 } ]") {
  static testing::temp_dir dir;
  testing::write_text(dir / "games.csv", games);
  testing::write_text(dir / "c.yaml", "competition: t\nmodel: test-elapsed-probe\nk_schedule: " + k +
                                          "\ninput: { format: games-csv, path: games.csv }\nperiod: " + period + "\n");
  return rate(load_config(dir / "c.yaml", test_plugins()), test_plugins());
}

// The probe's record of a player: elapsed, number, first, last, kept_date.
std::vector<double> seen(const run_result& r, const std::string& name) {
  std::vector<double> v;
  for (size_t f = 1; f < r.state.columns.size(); ++f) v.push_back(r.state.columns[f][size_t(r.data.players.find(name))]);
  return v;
}

double month(int year, int m) { return year * 12 + m - 1; }

}  // namespace

TEST_CASE("calendar period numbers count days and months between dates", "[elapsed][abi]") {
  CHECK(days_since_epoch(19700101) == 0);
  CHECK(days_since_epoch(20240101) == 19723);
  CHECK(days_since_epoch(20240701) - days_since_epoch(20240205) == 147);  // 24 + 31 + 30 + 31 + 30 + 1
  CHECK(days_since_epoch(19691231) == -1);
  CHECK(month_end(20240215) == 20240229);
  CHECK(month_end(20230215) == 20230228);
  CHECK(month_end(19000210) == 19000228);
  CHECK(month_end(20000210) == 20000229);
  CHECK(month_end(20241105) == 20241130);
}

TEST_CASE("with month periods a plugin sees the months a player was away, empty months included", "[elapsed][abi]") {
  const run_result r = run_probe(games_2024, "month");
  // elapsed, number, first date, last date, last date kept before the period
  CHECK(seen(r, "A") == std::vector<double>{5, month(2024, 7), 20240701, 20240731, 20240229});
  CHECK(seen(r, "B") == std::vector<double>{2, month(2024, 7), 20240701, 20240731, 20240531});
  CHECK(seen(r, "C") == std::vector<double>{1, month(2024, 2), 20240201, 20240229, 20240131});
  CHECK(seen(r, "D") == std::vector<double>{4, month(2024, 5), 20240501, 20240531, 20240131});
  const size_t a = size_t(r.data.players.find("A"));
  CHECK(r.state.last_period[a] == int64_t(month(2024, 7)));
  CHECK(r.state.last_date[a] == 20240731);
}

TEST_CASE("a player's first period has no elapsed time", "[elapsed][abi]") {
  const run_result r = run_probe("date,player_a,player_b,score_a\n2024-01-10,A,B,1\n2024-03-10,C,A,1\n", "month");
  CHECK(seen(r, "C") == std::vector<double>{0, month(2024, 3), 20240301, 20240331, 0});
  CHECK(seen(r, "A")[0] == 2);
  CHECK(r.state.last_period[size_t(r.data.players.find("B"))] == month(2024, 1));
}

TEST_CASE("day, year, event and game periods have their own elapsed time", "[elapsed][abi]") {
  CHECK(seen(run_probe(games_2024, "day"), "A") ==
        std::vector<double>{147, 19723 + 182, 20240701, 20240701, 20240205});
  // Event and game periods are counted: A plays in periods 0, 1 and 3 (events), games 0, 2 and 4.
  CHECK(seen(run_probe(games_2024, "event"), "A") == std::vector<double>{2, 3, 20240701, 20240701, 20240205});
  CHECK(seen(run_probe(games_2024, "game"), "A") == std::vector<double>{2, 4, 20240701, 20240701, 20240205});
  CHECK(seen(run_probe(games_2024, "game"), "B") == std::vector<double>{1, 4, 20240701, 20240701, 20240512});
  const run_result years = run_probe("date,player_a,player_b,score_a\n2021-06-01,A,B,1\n2024-02-01,A,B,0\n", "year");
  CHECK(seen(years, "A") == std::vector<double>{3, 2024, 20240101, 20241231, 20211231});
}

TEST_CASE("a K schedule on player state, called period by period, sees the same time", "[elapsed][abi]") {
  const run_result batched = run_probe(games_2024, "month");
  const run_result per_period = run_probe(games_2024, "month", "[ { when: { games_lt: 2 }, k: 10 }, { k: 20 } ]");
  CHECK(per_period.state.columns == batched.state.columns);
  CHECK(per_period.state.last_period == batched.state.last_period);
  CHECK(per_period.state.last_date == batched.state.last_date);
}

TEST_CASE("game periods are counted across the pieces the input is read in", "[elapsed][abi]") {
  std::string games = "date,player_a,player_b,score_a\n";
  const int n = 70'000;  // more than one piece of 65,536 games
  for (int i = 0; i < n; ++i) games += i % 2 ? "2024-01-01,A,B,1\n" : "2024-01-01,B,C,1\n";
  const run_result r = run_probe(games, "game");
  CHECK(seen(r, "B")[0] == 1);
  CHECK(seen(r, "B")[1] == n - 1);
  CHECK(seen(r, "A")[0] == 2);
  CHECK(seen(r, "C")[1] == n - 2);
}

TEST_CASE("a plugin built against the ABI 1.0 header loads and rates as before", "[elapsed][abi]") {
  const auto p = plugin::load(fs::path(RATEKIT_TEST_PLUGIN_DIR) / "ratekit-abi10-elo.so");
  CHECK(p->entry().abi_minor == 0);
  // The same logistic Elo (xi 400, K 20, month periods) as fide-logistic, whose cap never binds here.
  testing::temp_dir dir;
  testing::write_text(dir / "games.csv", games_2024);
  for (const std::string model : {"test-abi10-elo", "fide-logistic"})
    testing::write_text(dir / (model + ".yaml"), "competition: t\nmodel: " + model +
                                                     "\nk_schedule: [ { k: 20 } ]\ninitial: 1500\n"
                                                     "input: { format: games-csv, path: games.csv }\nperiod: month\n");
  const run_result old = rate(load_config(dir / "test-abi10-elo.yaml", test_plugins()), test_plugins());
  const run_result now = rate(load_config(dir / "fide-logistic.yaml", test_plugins()), test_plugins());
  for (const std::string name : {"A", "B", "C", "D"}) {
    INFO(name);
    CHECK(old.state.rating()[old.data.players.find(name)] ==
          Approx(now.state.rating()[now.data.players.find(name)]).epsilon(1e-14));
  }
  // By hand: C draws D in January (no change), then loses to A, 1510 after beating B.
  CHECK(old.state.rating()[old.data.players.find("C")] == Approx(1500 - 20 / (1 + std::pow(10, 10 / 400.0))).epsilon(1e-14));
  // The state it was handed is the 1.6 host's, longer than the 24 bytes it knows: years of birth last.
  player_state kept = old.state;
  const rk_state handed = kept.view();
  CHECK(handed.struct_size == RK_STATE_SIZE_1_6);
  CHECK(handed.birth_year == kept.birth_year.data());
  CHECK(kept.birth_year.size() == handed.player_count);
}

TEST_CASE("a ratings list carries when players were last rated: month by month runs give one run's ratings",
          "[elapsed][abi]") {
  // January to March in one run, or January and February, then March from their ratings.csv;
  // A is idle in February, so his growth in March spans the two runs.
  const std::string head = "date,player_a,player_b,score_a\n";
  const std::string jan_feb = "2024-01-10,A,B,1\n2024-01-20,C,D,0.5\n2024-02-05,B,C,1\n";
  const std::string march = "2024-03-05,A,C,0\n2024-03-06,D,E,1\n";
  for (const std::string model : {"glicko", "glicko2"}) {
    INFO(model);
    testing::temp_dir dir;
    auto config = [&](const std::string& name, const std::string& games, const std::string& initial) {
      testing::write_text(dir / (name + ".csv"), head + games);
      testing::write_text(dir / (name + ".yaml"), "competition: " + name + "\nmodel: " + model + "\n" + initial +
                                                      "input: { format: games-csv, path: " + name + ".csv }\nperiod: month\n");
      return load_config(dir / (name + ".yaml"), testing::builtin());
    };
    const run_result whole = rate(config("whole", jan_feb + march, ""), testing::builtin());
    const competition_config first = config("first", jan_feb, "");
    write_outputs(rate(first, testing::builtin()), first, dir / "first");
    const std::string list = testing::read_text(dir / "first" / "ratings.csv");
    CHECK_THAT(list, Catch::Contains(",games,peak,last_played\n"));
    CHECK_THAT(list, Catch::Contains(",2024-01-31\n"));  // A and D, last rated in January, as ISO dates
    const run_result second = rate(config("second", march, "initial: { ratings: first/ratings.csv }\n"), testing::builtin());
    for (const std::string name : {"A", "B", "C", "D", "E"})
      for (size_t f = 0; f < whole.state.columns.size(); ++f) {
        INFO(name << " field " << f);
        CHECK(second.state.columns[f][size_t(second.data.players.find(name))] ==
              whole.state.columns[f][size_t(whole.data.players.find(name))]);
      }
  }
}

TEST_CASE("a last_played that is not a date is refused, naming its line and column", "[elapsed][abi]") {
  testing::temp_dir dir;
  testing::write_text(dir / "list.csv", "player,rating,rd,last_played\nA,1500,100,20241399\n");
  testing::write_text(dir / "games.csv", "date,player_a,player_b,score_a\n2025-01-10,A,B,1\n");
  testing::write_text(dir / "c.yaml", "competition: t\nmodel: glicko\ninitial: { ratings: list.csv }\n"
                                      "input: { format: games-csv, path: games.csv }\nperiod: month\n");
  try {
    rate(load_config(dir / "c.yaml", testing::builtin()), testing::builtin());
    FAIL("no error");
  } catch (const user_error& e) {
    CHECK_THAT(std::string(e.what()), Catch::Contains("list.csv:2:12: expected a date written yyyy-mm-dd (or yyyymmdd), or 0, got '20241399'"));
  }
}

TEST_CASE("a ratings list last played after the input's first period is refused, naming the list", "[elapsed]") {
  testing::temp_dir dir;
  testing::write_text(dir / "games.csv", "date,player_a,player_b,score_a\n2025-01-10,A,B,1\n");
  testing::write_text(dir / "c.yaml", "competition: t\nmodel: glicko\ninitial: { ratings: list.csv }\n"
                                      "input: { format: games-csv, path: games.csv }\nperiod: month\n");
  const auto run_from = [&](const std::string& last_played) {
    testing::write_text(dir / "list.csv", "player,rating,rd,last_played\nA,1500,100," + last_played + "\n");
    return rate(load_config(dir / "c.yaml", testing::builtin()), testing::builtin());
  };
  // January's games from a list of the end of December, or of January itself (its period, not after it).
  CHECK_NOTHROW(run_from("20241231"));
  CHECK_NOTHROW(run_from("20250131"));
  try {
    run_from("20250201");
    FAIL("no error");
  } catch (const user_error& e) {
    CHECK(std::string(e.what()) == (dir / "list.csv").string() +
                                       ": last_played of A is 2025-02-01, a period after the input's first game "
                                       "(2025-01-10): the list was drawn up after these games; start from one drawn "
                                       "up before them");
  }
}

TEST_CASE("ranked events with a calendar period are refused as such, whatever the list's dates", "[elapsed]") {
  testing::temp_dir dir;
  testing::write_text(dir / "st.csv", "event,date,rounds,player,score\nE1,2024-01-10,15,A,100\nE1,2024-01-10,15,B,90\n");
  testing::write_text(dir / "sl.csv", "player,rating,last_played\nA,1500,20240201\n");
  testing::write_text(dir / "c.yaml", "competition: sl\nmodel: elod-duplicate-scrabble\ninitial: { ratings: sl.csv }\n"
                                      "input: { format: standings-csv, path: st.csv }\nperiod: month\n");
  CHECK_THROWS_WITH(rate(load_config(dir / "c.yaml", testing::builtin()), testing::builtin()),
                    Catch::Contains("each event is a rating period of its own"));
}

TEST_CASE("a plugin sees the host's ABI and version, a 1.0 host's shorter rk_host says neither", "[abi]") {
  const auto p = plugin::load(fs::path(RATEKIT_TEST_PLUGIN_DIR) / "ratekit-host-probe.so");
  const model m(p, {});
  CHECK(m.expect(0.0, 0.0, 0.0) == RK_ABI_MINOR / 10.0 + 0.05);
  rk_host old{};
  old.struct_size = RK_HOST_SIZE_1_0;
  old.version = "1.9";  // beyond a 1.0 host's struct: never read
  const ratekit::sdk::host told(&old);
  CHECK(told.abi_minor() == 0);
  CHECK(std::string(told.version()).empty());
  old.struct_size = sizeof old;
  old.abi_minor = 1;
  CHECK(told.abi_minor() == 1);
  CHECK(std::string(told.version()) == "1.9");
}

}  // namespace test_elapsed_time
