// FIDE rules that live in the config and the host: the junior K until the end
// of the year of the 18th birthday, the dated one-time list adjustment of
// 1 March 2024, and peaks from published (rounded) ratings.
#include <ratekit/host/config/config.hpp>
#include <ratekit/host/engine/engine.hpp>
#include <ratekit/host/text/diagnostics.hpp>

#include "test_support.hpp"

#include <catch2/catch.hpp>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_fide_lists {

using namespace ratekit;

namespace {

// The current FIDE preset's K rules and parameters, rated by day.
std::string fide_config(const std::string& initial) {
  return "competition: fide\nmodel: fide-normal\n"
         "params: { expectation: table, cap: 400, first_rating: true, round_change: true }\n"
         "k_schedule:\n  rules:\n    - { when: { games_lt: 30 }, k: 40 }\n"
         "    - { when: { age_le: 18, rating_lt: 2300 }, k: 40 }\n"
         "    - { when: { peak_ge: 2400 }, k: 10 }\n    - { k: 20 }\n  max_k_times_games: 700\n"
         "initial: " + initial + "\ninput: { format: games-csv, path: games.csv }\nperiod: day\n"
         "output: { history: true }\n";
}

run_result run(const testing::temp_dir& dir, const std::string& list, const std::string& games,
               const std::string& initial = "{ ratings: list.csv }") {
  testing::write_text(dir / "list.csv", list);
  testing::write_text(dir / "games.csv", "date,player_a,player_b,score_a\n" + games);
  testing::write_text(dir / "c.yaml", fide_config(initial));
  return rate(load_config(dir / "c.yaml", testing::builtin()), testing::builtin());
}

double k_of_a(const run_result& r, size_t game) { return r.data.games[game].k_a; }
double rating(const run_result& r, const std::string& p) { return r.state.rating()[r.data.players.find(p)]; }

}  // namespace

TEST_CASE("8.3.3: K 40 until the end of the year of the 18th birthday, while under 2300", "[fide][rules]") {
  const testing::temp_dir dir;
  // Juniors born in 2006 turn 18 in 2024: 31 December is still their year, 1 January is not.
  const run_result r = run(dir,
                           "player,rating,games,birth_year\nJ,2100,50,2006\nK,2299,50,2006\nL,2300,50,2006\n"
                           "O,2100,50,1980\n",
                           "2024-12-31,J,O,1\n2024-12-31,K,O,1\n2024-12-31,L,O,1\n2025-01-01,J,O,1\n");
  CHECK(k_of_a(r, 0) == 40);  // J on 31 December 2024
  CHECK(k_of_a(r, 1) == 40);  // K at 2299
  CHECK(k_of_a(r, 2) == 20);  // L at 2300
  CHECK(k_of_a(r, 3) == 20);  // J on 1 January 2025
}

TEST_CASE("The 1 March 2024 adjustment: 1000 to 2000 raised by 0.4 (2000 - R), rounded", "[fide][rules]") {
  const testing::temp_dir dir;
  const std::string adjust =
      "{ ratings: list.csv, adjust: { date: 2024-03-01, from: 1000, to: 2000, toward: 2000, fraction: 0.4, "
      "round: true } }";
  const run_result r = run(dir,
                           "player,rating,games\nA,999,50\nB,1000,50\nC,1001,50\nD,1500,50\nE,1999,50\n"
                           "F,2000,50\nG,2001,50\nX,2200,50\n",
                           "2024-03-01,X,X2,0.5\n", adjust);
  CHECK(r.start_ratings[r.data.players.find("A")] == 999);
  CHECK(r.start_ratings[r.data.players.find("B")] == 1400);
  CHECK(r.start_ratings[r.data.players.find("C")] == 1401);  // 1400.6
  CHECK(r.start_ratings[r.data.players.find("D")] == 1700);
  CHECK(r.start_ratings[r.data.players.find("E")] == 1999);  // 1999.4
  CHECK(r.start_ratings[r.data.players.find("F")] == 2000);
  CHECK(r.start_ratings[r.data.players.find("G")] == 2001);
  CHECK(rating(r, "D") == 1700);
}

TEST_CASE("The adjustment is refused for a run that starts before its date", "[fide][rules]") {
  const testing::temp_dir dir;
  const std::string adjust =
      "{ ratings: list.csv, adjust: { date: 2024-03-01, from: 1000, to: 2000, toward: 2000, fraction: 0.4 } }";
  CHECK_THROWS_WITH(run(dir, "player,rating\nA,1500\nB,1500\n", "2024-02-29,A,B,1\n2024-03-01,A,B,1\n", adjust),
                    Catch::Contains("games.csv:2: initial.adjust is dated 2024-03-01 but the first game is dated "
                                    "2024-02-29"));
  CHECK_THROWS_WITH(run(dir, "player,rating\nA,1500\nB,1500\n", "2024-03-01,A,B,1\n",
                        "{ rating: 1500, adjust: { date: 2024-03-01, from: 1000, to: 2000, toward: 2000, fraction: 0.4 } }"),
                    Catch::Contains("'initial.adjust' changes a list"));
  CHECK_THROWS_WITH(run(dir, "player,rating\nA,1500\nB,1500\n", "2024-03-01,A,B,1\n",
                        "{ ratings: list.csv, adjust: { date: 2024-02-30, fraction: 0.4 } }"),
                    Catch::Contains("expected a date YYYY-MM-DD for 'date', got '2024-02-30'"));
}

TEST_CASE("Peaks come from published, rounded ratings", "[fide][rules]") {
  const testing::temp_dir dir;
  // 2395 beats 2395 with K 20: +10 -> 2405, the peak that makes his K 10 from then on.
  const run_result r = run(dir, "player,rating,games\nP,2395,50\nQ,2395,50\n", "2024-03-01,P,Q,1\n2024-03-02,P,Q,1\n");
  const int32_t p = r.data.players.find("P");
  CHECK(r.state.peak[size_t(p)] == 2410);  // 2405, then with K 10 at D = 20 (PD 0.53): 4.7 -> 5
  CHECK(k_of_a(r, 1) == 10);
}

TEST_CASE("A list adjustment takes both ends of its range, and only them", "[fide][rules]") {
  list_adjustment a;
  a.from = 1000, a.to = 1500, a.toward = 2000, a.fraction = 0.5;
  CHECK(a.apply(999.9) == 999.9);
  CHECK(a.apply(1000) == 1500);
  CHECK(a.apply(1500) == 1750);
  CHECK(a.apply(1500.5) == 1500.5);
  a.round = true;
  CHECK(a.apply(1001) == 1501);  // 1500.5, half away from zero
}

TEST_CASE("7.1.4: a first rating pools the games of at most 26 consecutive months", "[fide][rules]") {
  const std::string list = "player,rating,games\nR1,1800,50\nR2,1850,50\nR3,1900,50\nR4,1750,50\nR5,1800,50\n";
  // New plays two games in January 2022, two in February 2023 and his fifth game later.
  const std::string first = "2022-01-10,New,R1,1\n2022-01-11,New,R2,0.5\n2023-02-01,New,R3,0\n2023-02-02,New,R4,1\n";
  auto fifth = [&](const std::string& date) { return first + date + ",New,R5,0.5\n"; };
  const testing::temp_dir dir;
  const auto column = [](const run_result& r, const char* field) {
    return r.state.columns[size_t(r.source->state_field(field))][size_t(r.data.players.find("New"))];
  };
  SECTION("February 2024 closes 26 months from January 2022: five games, a first rating") {
    const run_result r = run(dir, list, fifth("2024-02-29"));
    CHECK(column(r, "rated") == 1);
    CHECK(column(r, "pool_games") == 5);
  }
  SECTION("March 2024 is the 27th month: January 2022 drops out, three games wait") {
    const run_result r = run(dir, list, fifth("2024-03-01"));
    CHECK(column(r, "rated") == 0);
    CHECK(column(r, "pool_games") == 3);
    CHECK(column(r, "pool_opponents") == 1900 + 1750 + 1800);
    CHECK(column(r, "pool_score") == 1.5);
    CHECK(column(r, "pool_since") == 202302);
  }
}

}  // namespace test_fide_lists
