// Every numeric threshold of the FIDE rules, in both plugins that share them
// (fide-normal, fide-logistic), through the host: exactly at the threshold and
// one step on each side. The plugins' uncapped_from, floor, first-rating games
// and 2200 cap; the config's K thresholds (games_lt 30, rating_lt 2300,
// peak_ge 2400) and the 700 rule (max_k_times_games).
#include <ratekit/host/config/config.hpp>
#include <ratekit/host/engine/engine.hpp>

#include "test_support.hpp"

#include <catch2/catch.hpp>

#include <string>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_fide_thresholds {

using namespace ratekit;

namespace {

// The FIDE preset's K rules with `params`, by day, from list.csv.
std::string config(const std::string& model, const std::string& params) {
  return "competition: fide\nmodel: " + model + "\nparams: { " + params + " }\n"
         "k_schedule:\n  rules:\n    - { when: { games_lt: 30 }, k: 40 }\n"
         "    - { when: { age_le: 18, rating_lt: 2300 }, k: 40 }\n"
         "    - { when: { peak_ge: 2400 }, k: 10 }\n    - { k: 20 }\n  max_k_times_games: 700\n"
         "initial: { ratings: list.csv }\ninput: { format: games-csv, path: games.csv }\nperiod: day\n";
}

struct fide_run {
  testing::temp_dir dir;
  run_result r;
  fide_run(const std::string& model, const std::string& params, const std::string& list, const std::string& games) {
    testing::write_text(dir / "list.csv", list);
    testing::write_text(dir / "games.csv", "date,player_a,player_b,score_a\n" + games);
    testing::write_text(dir / "c.yaml", config(model, params));
    r = rate(load_config(dir / "c.yaml", testing::builtin()), testing::builtin());
  }
  double column(const std::string& field, const std::string& p) const {
    return r.state.columns[size_t(r.source->state_field(field))][size_t(r.data.players.find(p))];
  }
  double rating(const std::string& p) const { return column("rating", p); }
  double k_of_a(size_t game) const { return r.data.games[game].k_a; }
};

// A run where the unrated N draws once with each of five rated opponents,
// rated `opponents` ("1240,1240,1240,1240,1240": four digits each).
fide_run five_draws(const std::string& model, const std::string& params, const std::string& opponents) {
  std::string list = "player,rating,games\n", games;
  for (int i = 0; i < 5; ++i) {
    const std::string o = "O" + std::to_string(i);
    list += o + "," + opponents.substr(size_t(i) * 5, 4) + ",50\n";
    games += "2024-01-01,N," + o + ",0.5\n";
  }
  return fide_run(model, params, list, games);
}

std::string repeat(const std::string& row, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += row;
  return out;
}

}  // namespace

TEST_CASE("uncapped_from: from exactly that rating a player's own change uses the actual difference",
          "[fide][thresholds]") {
  const std::string model = GENERATE("fide-normal", "fide-logistic");
  for (const int own : {2649, 2650, 2651}) {
    CAPTURE(model, own);
    // W beats an opponent 600 below, V one 400 below: capped, 600 counts as 400 and both gain alike.
    const fide_run f(model, "cap: 400, uncapped_from: 2650",
                     "player,rating,games\nW," + std::to_string(own) + ",50\nV," + std::to_string(own) + ",50\nX," +
                         std::to_string(own - 600) + ",50\nY," + std::to_string(own - 400) + ",50\n",
                     "2024-01-01,W,X,1\n2024-01-01,V,Y,1\n");
    const double gain_600 = f.rating("W") - own, gain_400 = f.rating("V") - own;
    if (own < 2650)
      CHECK(gain_600 == gain_400);
    else
      CHECK(gain_600 < gain_400);
    // The opponents are below 2650: capped, X loses as much as Y.
    CHECK(f.rating("X") - (own - 600) == Approx(f.rating("Y") - (own - 400)).margin(1e-9));
  }
}

TEST_CASE("floor: a rated player who falls below it is unrated, at it he stays", "[fide][thresholds]") {
  const std::string model = GENERATE("fide-normal", "fide-logistic");
  CAPTURE(model);
  // Each loses to an equal opponent with K 20: -10.
  const fide_run f(model, "first_rating: true, floor: 1400",
                   "player,rating,games\nA,1409,50\nB,1410,50\nC,1411,50\nD,1409,50\nE,1410,50\nF,1411,50\n",
                   "2024-01-01,A,D,0\n2024-01-01,B,E,0\n2024-01-01,C,F,0\n");
  CHECK(f.rating("A") == 1399);
  CHECK(f.column("rated", "A") == 0);
  CHECK(f.rating("B") == 1400);
  CHECK(f.column("rated", "B") == 1);
  CHECK(f.rating("C") == 1401);
  CHECK(f.column("rated", "C") == 1);
}

TEST_CASE("floor: a first rating exactly at it is published, one below is not", "[fide][thresholds]") {
  const std::string model = GENERATE("fide-normal", "fide-logistic");
  // Five draws (p = 3.5 / 7 with the two hypothetical 1800 draws, dp 0): Ru = (sum + 3600) / 7.
  for (const auto& [opponents, ru] : {std::pair{"1238,1238,1239,1239,1239", 1399}, std::pair{"1240,1240,1240,1240,1240", 1400},
                                      std::pair{"1241,1241,1241,1242,1242", 1401}}) {
    CAPTURE(model, ru);
    const fide_run f = five_draws(model, "first_rating: true, floor: 1400", opponents);
    CHECK(f.column("rated", "N") == (ru >= 1400 ? 1 : 0));
    if (ru >= 1400) CHECK(f.rating("N") == ru);
  }
}

TEST_CASE("first rating: five games against rated opponents, not four, capped at 2200", "[fide][thresholds]") {
  const std::string model = GENERATE("fide-normal", "fide-logistic");
  CAPTURE(model);
  for (const int n : {4, 5, 6}) {
    std::string list = "player,rating,games\n", games;
    for (int i = 0; i < n; ++i) {
      list += "O" + std::to_string(i) + ",1400,50\n";
      games += "2024-01-01,N,O" + std::to_string(i) + ",0.5\n";
    }
    const fide_run f(model, "first_rating: true", list, games);
    CAPTURE(n);
    CHECK(f.column("rated", "N") == (n >= 5 ? 1 : 0));
    CHECK(f.column("pool_games", "N") == n);
    if (n >= 5) CHECK(f.rating("N") == (n == 5 ? 1514 : 1500));  // round((1400 n + 3600) / (n + 2))
  }
  // Ru from five draws: (sum + 3600) / 7 at 2199, 2200 and 2201 gives 2199, 2200 and 2200.
  for (const auto& [opponents, ru] : {std::pair{"2358,2358,2359,2359,2359", 2199.0}, std::pair{"2360,2360,2360,2360,2360", 2200.0},
                                      std::pair{"2361,2361,2361,2362,2362", 2200.0}}) {
    CAPTURE(opponents);
    const fide_run f = five_draws(model, "first_rating: true", opponents);
    CHECK(f.rating("N") == ru);
  }
}

TEST_CASE("K thresholds: 30 games, 2300 for juniors, a 2400 peak", "[fide][thresholds]") {
  const std::string model = GENERATE("fide-normal", "fide-logistic");
  CAPTURE(model);
  // One game each on 1 January 2024 against O; juniors born in 2006 are 18 in 2024.
  const fide_run f(model, "cap: 400",
                   "player,rating,games,peak,birth_year\n"
                   "G29,2000,29,2000,1980\nG30,2000,30,2000,1980\nG31,2000,31,2000,1980\n"
                   "J2299,2299,50,2299,2006\nJ2300,2300,50,2300,2006\nJ2301,2301,50,2301,2006\n"
                   "J19,2100,50,2100,2005\nJ17,2100,50,2100,2007\n"
                   "P2399,2350,50,2399,1980\nP2400,2350,50,2400,1980\nP2401,2350,50,2401,1980\n"
                   "O,2000,50,2000,1980\n",
                   "2024-01-01,G29,O,1\n2024-01-01,G30,O,1\n2024-01-01,G31,O,1\n"
                   "2024-01-02,J2299,O,1\n2024-01-02,J2300,O,1\n2024-01-02,J2301,O,1\n"
                   "2024-01-03,J19,O,1\n2024-01-03,J17,O,1\n"
                   "2024-01-04,P2399,O,1\n2024-01-04,P2400,O,1\n2024-01-04,P2401,O,1\n");
  const double expected[] = {40, 20, 20, 40, 20, 20, 20, 40, 20, 10, 10};
  for (size_t g = 0; g < std::size(expected); ++g) {
    CAPTURE(g);
    CHECK(f.k_of_a(g) == expected[g]);
  }
}

TEST_CASE("the 700 rule: K times a period's games above 700 lowers K, at 700 it stays", "[fide][thresholds]") {
  const std::string model = GENERATE("fide-normal", "fide-logistic");
  for (const int n : {34, 35, 36}) {
    CAPTURE(model, n);
    // A (K 20) plays n games in one day: 680, 700 and 720 against the 700 cap.
    const fide_run f(model, "cap: 400", "player,rating,games\nA,2000,50\nB,2000,50\n",
                     repeat("2024-01-01,A,B,0.5\n", n));
    CHECK(f.k_of_a(0) == (n * 20 <= 700 ? 20 : 19));  // 700 / 36 = 19.4: the largest whole K within 700
  }
}

TEST_CASE("a parameter that does nothing without another is refused: floor, pool_months, uncapped_from",
          "[fide][thresholds][config]") {
  const std::string model = GENERATE("fide-normal", "fide-logistic");
  CAPTURE(model);
  testing::temp_dir dir;
  testing::write_text(dir / "list.csv", "player,rating\n");
  testing::write_text(dir / "games.csv", "date,player_a,player_b,score_a\n2024-01-01,A,B,1\n");
  const auto problems = [&](const std::string& params) {
    testing::write_text(dir / "c.yaml", config(model, params));
    try {
      load_config(dir / "c.yaml", testing::builtin());
      return std::vector<std::string>{};
    } catch (const user_error& e) {
      std::vector<std::string> out;
      for (const auto& d : e.diagnostics()) out.push_back(d.message);
      return out;
    }
  };
  CHECK(problems("floor: 1300, pool_months: 12, uncapped_from: 2650, cap: 0") ==
        std::vector<std::string>{
            "'floor' does nothing while 'first_rating' is false: set 'first_rating', or remove 'floor'",
            "'pool_months' does nothing while 'first_rating' is false: set 'first_rating', or remove 'pool_months'",
            "'uncapped_from' does nothing while 'cap' is 0: set 'cap', or remove 'uncapped_from'"});
  CHECK(problems("first_rating: false, floor: 1400") ==
        std::vector<std::string>{"'floor' does nothing while 'first_rating' is false: set 'first_rating', or remove 'floor'"});
  CHECK(problems("first_rating: true, floor: 1300, pool_months: 12, uncapped_from: 2650, cap: 1").empty());
  CHECK(problems("uncapped_from: 2650").empty());  // the default cap is 400
  CHECK(problems("cap: 0").empty());
}

}  // namespace test_fide_thresholds
