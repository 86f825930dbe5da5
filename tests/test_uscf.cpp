// uscf against the US Chess rating system (Glickman and Doan, "The US Chess
// Rating System", revised 2017) and US Chess's "Approximating Formulas" (April
// 2017): the rules' K table, the Approximating Formulas' worked example
// (1511.11), the values skillratings (Rust, src/uscf.rs) documents for the
// Approximating Formulas, and each threshold of the rules on both sides.
#include "period_support.hpp"

#include <catch2/catch.hpp>
#include <uscf/uscf.hpp>

#include <cmath>
#include <utility>
#include <vector>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_uscf {

using ratekit::plugins::uscf;
namespace math = ratekit::plugins::uscf_math;

namespace {

// A player before the event: rating, rated games N, wins and losses among them,
// events of 3 or more games and highest established rating.
struct record {
  double rating, games = 0, wins = 0, losses = 0, events = 0, highest = 0;
};

// Players rated by uscf through its C++ class, one event (a rating period) at a time.
struct event : ratekit::testing::one_period {
  explicit event(std::vector<record> players, double bonus_threshold = 14, bool approximate = false)
      : values{bonus_threshold, approximate ? 1.0 : 0.0},
        model(ratekit::sdk::host(nullptr), ratekit::sdk::params(values, 2)) {
    columns.resize(6);
    for (const record& r : players)
      for (size_t f = 0; f < 6; ++f) columns[f].push_back((&r.rating)[f]);
  }
  void play(int32_t a, int32_t b, double score_a, uint32_t flags = 0) { one_period::play(a, b, score_a).flags = flags; }
  // Rates the games so far as one event, played on `date` (yyyymmdd, 0: undated).
  void rate(int32_t date = 0) { one_period::rate(model, date); }
  double rating(size_t p) const { return columns[uscf::f_rating][p]; }

  double values[2];
  uscf model;
};

double round_to(double x, double unit) { return std::round(x / unit) * unit; }

}  // namespace

TEST_CASE("uscf: K = 800 / (N' + m), the rules' table of K", "[uscf]") {
  // The rules' table (full K), to the two decimals it prints.
  const double table[][3] = {{6, 4, 80},     {6, 6, 66.67},  {6, 10, 50},    {20, 4, 33.33}, {20, 6, 30.77},
                             {20, 10, 26.67}, {50, 4, 14.81}, {50, 6, 14.29}, {50, 10, 13.33}};
  for (const auto& row : table) CHECK(round_to(math::k_factor(row[0], row[1]), 0.01) == Approx(row[2]).margin(1e-9));
}

TEST_CASE("uscf: N* is 50 above 2355 and the formula up to it, N' = min(N, N*)", "[uscf]") {
  // At 2355 the formula: 50 / sqrt(0.662 + 0.00000739 * 214^2) = 49.989..., just below 50.
  const double at_2355 = 50 / std::sqrt(0.662 + 0.00000739 * 214 * 214);
  CHECK(math::effective_cap(2355) == Approx(at_2355).margin(1e-12));
  CHECK(math::effective_cap(2355) < 49.99);
  CHECK(math::effective_cap(2354.99) < math::effective_cap(2355));
  CHECK(math::effective_cap(2355.01) == 50.0);
  CHECK(math::effective_cap(2800) == 50.0);
  // 1700: 50 / sqrt(0.662 + 0.00000739 * 869^2) = 20.0118
  CHECK(math::effective_cap(1700) == Approx(20.0118).margin(1e-4));
  CHECK(math::effective_games(1700, 30) == math::effective_cap(1700));  // N* below N
  CHECK(math::effective_games(1700, 12) == 12.0);                       // N below N*
  CHECK(math::effective_games(2400, 400) == 50.0);                      // capped at 50
}

TEST_CASE("uscf: the Approximating Formulas' example, 1500 after 6 games: 1511.11", "[uscf]") {
  // "a player rated 1500 based on 6 games competes against players rated 1400, 1550 and 1650, winning the first,
  // losing the second and drawing the third ... Rpost = (6(1500) + 3(1533.33) + (1 - 1)400) / (6 + 3) = 1511",
  // "rounded from 1511.111".
  CHECK(math::approximate_special(1500, 6, 3, 1400 + 1550 + 1650, 1, 1) == Approx(13600.0 / 9).margin(1e-9));
  for (const bool approximate : {true, false}) {
    // The rules' special formula gives the same: every rating within 400 points, f(R) is linear.
    event e({{1500, 6, 3, 2}, {1400, 40, 20, 20}, {1550, 40, 20, 20}, {1650, 40, 20, 20}}, 14, approximate);
    e.play(0, 1, 1.0);
    e.play(2, 0, 1.0);
    e.play(0, 3, 0.5);
    e.rate();
    CHECK(e.rating(0) == Approx(1511.111111).margin(1e-6));
    CHECK(std::round(e.rating(0)) == 1511.0);
    CHECK(e.columns[uscf::f_rated_games][0] == 9.0);
    CHECK(e.columns[uscf::f_wins][0] == 4.0);
    CHECK(e.columns[uscf::f_losses][0] == 3.0);
    CHECK(e.columns[uscf::f_events][0] == 1.0);
  }
}

TEST_CASE("uscf: the Approximating Formulas as skillratings documents them", "[uscf]") {
  // skillratings' uscf(): 1250 (30 games) beats 1400 (9 games): 1289 and 1344.
  event one({{1250, 30, 15, 15}, {1400, 9, 4, 4}}, 14, true);
  one.play(0, 1, 1.0);
  one.rate();
  CHECK(std::round(one.rating(0)) == 1289.0);
  CHECK(std::round(one.rating(1)) == 1344.0);
  // skillratings' uscf_rating_period(): 1500 (31 games) beats 1400, loses to 1550 and 1700: 1487.
  event period({{1500, 31, 15, 15}, {1400, 25, 10, 10}, {1550, 4, 2, 2}, {1700, 30, 15, 15}}, 14, true);
  period.play(0, 1, 1.0);
  period.play(0, 2, 0.0);
  period.play(0, 3, 0.0);
  period.rate();
  CHECK(std::round(period.rating(0)) == 1487.0);
}

TEST_CASE("uscf: the standard formula and its bonus, each condition on both sides", "[uscf]") {
  const double n_eff = math::effective_cap(1500);  // 16.57 of 100 games
  const auto standard = [&](double m, double score, double expected, bool bonus, double b = 14) {
    const double gain = 800 / (n_eff + m) * (score - expected);
    return 1500 + gain + (bonus ? std::max(0.0, gain - b * std::sqrt(std::max(m, 4.0))) : 0.0);
  };
  const record player{1500, 100, 40, 40}, opponent{1500, 100, 40, 40};
  SECTION("3 games earn the bonus, 2 do not") {
    event three({player, opponent, opponent, opponent});
    for (int32_t o : {1, 2, 3}) three.play(0, o, 1.0);
    three.rate();
    CHECK(three.rating(0) == Approx(standard(3, 3, 1.5, true)).margin(1e-9));
    CHECK(three.rating(0) - standard(3, 3, 1.5, false) > 30);  // 61.3 - 28 = 33.3 points of bonus
    event two({player, opponent, opponent});
    for (int32_t o : {1, 2}) two.play(0, o, 1.0);
    two.rate();
    CHECK(two.rating(0) == Approx(standard(2, 2, 1.0, false)).margin(1e-9));
  }
  SECTION("an opponent met twice keeps the bonus, three times loses it") {
    event twice({player, opponent, opponent});
    for (int32_t o : {1, 2, 2}) twice.play(0, o, 1.0);  // the one met twice sorts last
    twice.rate();
    CHECK(twice.rating(0) == Approx(standard(3, 3, 1.5, true)).margin(1e-9));
    event thrice({player, opponent});
    for (int i = 0; i < 3; ++i) thrice.play(0, 1, 1.0);
    thrice.rate();
    CHECK(thrice.rating(0) == Approx(standard(3, 3, 1.5, false)).margin(1e-9));
    CHECK(thrice.rating(1) == Approx(3000 - standard(3, 3, 1.5, false)).margin(1e-9));  // the mirror, no bonus either
  }
  SECTION("the threshold B: 14 by default, 12 before May 2017") {
    for (const double b : {14.0, 12.0}) {
      event e({player, opponent, opponent, opponent}, b);
      for (int32_t o : {1, 2, 3}) e.play(0, o, 1.0);
      e.rate();
      CHECK(e.rating(0) == Approx(standard(3, 3, 1.5, true, b)).margin(1e-9));
    }
  }
  SECTION("B by the event's last day (bonus_threshold -1): each change of US Chess on both sides") {
    CHECK(math::bonus_threshold_on(20170430) == 12);
    CHECK(math::bonus_threshold_on(20170501) == 14);
    CHECK(math::bonus_threshold_on(20230131) == 14);
    CHECK(math::bonus_threshold_on(20230201) == 12);
    CHECK(math::bonus_threshold_on(0) == 14);  // undated: the 2017 revision's
    const std::pair<int32_t, double> days[] = {
        {20170430, 12}, {20170501, 14}, {20230131, 14}, {20230201, 12}, {20250603, 12}, {0, 14}};
    for (const auto& [day, b] : days) {
      INFO(day);
      event e({player, opponent, opponent, opponent}, -1);
      for (int32_t o : {1, 2, 3}) e.play(0, o, 1.0);
      e.rate(day);
      CHECK(e.rating(0) == Approx(standard(3, 3, 1.5, true, b)).margin(1e-9));  // 12 or 14: 4 points apart
    }
    event set({player, opponent, opponent, opponent}, 10);  // a B the config sets stands on any day
    for (int32_t o : {1, 2, 3}) set.play(0, o, 1.0);
    set.rate(20230201);
    CHECK(set.rating(0) == Approx(standard(3, 3, 1.5, true, 10)).margin(1e-9));
  }
  SECTION("a gain below B sqrt(max(m, 4)) earns no bonus") {
    CHECK(math::bonus(28.0, 3, 14, false) == 0.0);                     // exactly at 14 sqrt(4)
    CHECK(math::bonus(28.5, 3, 14, false) == Approx(0.5).margin(1e-12));
    CHECK(math::bonus(14 * std::sqrt(5.0) + 1, 5, 14, false) == Approx(1.0).margin(1e-12));
    CHECK(math::bonus(-40, 5, 14, false) == 0.0);
  }
}

TEST_CASE("uscf: the special formula for 8 or fewer games, the standard one from 9", "[uscf]") {
  // 8 games (4 won, 4 lost) and a win against 1700: f(R) = 8 (0.5 + (R - 1500) / 800) + 0.5 + (R - 1700) / 800
  // - (1 + 4) = 0 at 14100 / 9 = 1566.67; the standard formula would give 1500 + 800 / 9 (1 - We) = 1567.53.
  // The Approximating Formulas draw the same line: (8 (1500) + 1700 + 400) / 9 for 8 games.
  for (const bool approximate : {false, true}) {
    event eight({{1500, 8, 4, 4}, {1700, 100, 40, 40}}, 14, approximate);
    eight.play(0, 1, 1.0);
    eight.rate();
    CHECK(eight.rating(0) == Approx(14100.0 / 9).margin(1e-6));
    // 9 games: K = 800 / (9 + 1) = 80.
    event nine({{1500, 9, 4, 4}, {1700, 100, 40, 40}}, 14, approximate);
    nine.play(0, 1, 1.0);
    nine.rate();
    CHECK(nine.rating(0) == Approx(1500 + 80 * (1 - math::winning_expectancy(1500, 1700))).margin(1e-9));
  }
}

TEST_CASE("uscf: the special formula for a record of all wins or all losses, whatever N", "[uscf]") {
  // 10 games all won (N' 10, R0' = 1600 - 400, S' = 1 + 10) and a win against 1600:
  // f(R) = 10 + PWe(R, 1600) - 11 = 0 where PWe = 1, at 1600 + 400 = 2000.
  event all_won({{1600, 10, 10, 0}, {1600, 100, 40, 40}});
  all_won.play(0, 1, 1.0);
  all_won.rate();
  CHECK(all_won.rating(0) == Approx(2000.0).margin(1e-6));
  // 9 won and 1 drawn: the standard formula, K = 800 / 11.
  event not_all({{1600, 10, 9, 0}, {1600, 100, 40, 40}});
  not_all.play(0, 1, 1.0);
  not_all.rate();
  CHECK(not_all.rating(0) == Approx(1600 + 400.0 / 11).margin(1e-9));
  // 10 games all lost (R0' = 2000, S' = 0) and a loss to 1600: f(R) = 10 PWe(R, 2000) + PWe(R, 1600) = 0
  // up to R = 1600 - 400 = 1200, flat below: the root next to where the iteration starts.
  event all_lost({{1600, 10, 0, 10}, {1600, 100, 40, 40}});
  all_lost.play(0, 1, 0.0);
  all_lost.rate();
  CHECK(all_lost.rating(0) == Approx(1200.0).margin(1e-6));
}

TEST_CASE("uscf: an unrated player's rating from the event, Steps 3 to 5", "[uscf]") {
  // Unrated (N 0, the initial 1300) against 1400, 1500, 1600 and 1700 with 2 points:
  // sum (0.5 + (R - R_i) / 800) = 2 at R = 1550, every opponent within 400.
  event e({{1300}, {1400, 50, 20, 20}, {1500, 50, 20, 20}, {1600, 50, 20, 20}, {1700, 50, 20, 20}});
  e.play(0, 1, 1.0);
  e.play(0, 2, 1.0);
  e.play(3, 0, 1.0);
  e.play(4, 0, 1.0);
  e.rate();
  CHECK(e.rating(0) == Approx(1550.0).margin(1e-6));
  CHECK(e.columns[uscf::f_rated_games][0] == 4.0);
  // His opponents are rated against his estimate, 1550, not his initial 1300.
  const double k_1400 = 800 / (math::effective_cap(1400) + 1);
  CHECK(e.rating(1) == Approx(1400 - k_1400 * math::winning_expectancy(1400, 1550)).margin(1e-9));
  const double k_1700 = 800 / (math::effective_cap(1700) + 1);
  CHECK(e.rating(4) == Approx(1700 + k_1700 * (1 - math::winning_expectancy(1700, 1550))).margin(1e-9));
  // An unrated player who loses every game: the highest rating that explains it, 400 below the
  // lowest opponent (f = 0 from there down), not his initial rating.
  event lost({{1300}, {1500, 50, 20, 20}, {1600, 50, 20, 20}});
  lost.play(0, 1, 0.0);
  lost.play(0, 2, 0.0);
  lost.rate();
  CHECK(lost.rating(0) == Approx(1100.0).margin(1e-6));
}

TEST_CASE("uscf: an unrated player's Step 1 rating from his age: 50 a year, at least 100, 1300 from 26", "[uscf]") {
  // US Chess (2005 on): "50 * age (in years), with a minimum of 100 ... up to age 26, beyond that ... 1300";
  // "exactly 6 years old ... 300/0 and ... 6 1/2 ... 325/0".
  // Age and rating, on both sides of 2 (the minimum) and of 26 (the adult's 1300).
  const double ages[][2] = {{6, 300},    {6.5, 325},   {1, 100},     {2, 100},    {3, 150},
                            {25, 1250},  {26, 1300},   {27, 1300},   {60, 1300}};
  for (const auto& [age, rating] : ages) CHECK(math::initial_from_age(age) == rating);
  // An unrated player beats an established 1000 and loses to an established 2000: f(R) = PWe(R, 1000) +
  // PWe(R, 2000) - 1 is 0 all over [1400, 1600] and the iteration lands at M = 1500. Within 400 points of
  // his Step 1 rating, 1500 stands; else the point of [1400, 1600] nearest it. Born 2014, in 2024 he is
  // 10: 500, so 1400; an adult's 1300 gives 1500.
  const auto kid = [](double rating, double born, int32_t date, uint32_t state_size = sizeof(rk_state)) {
    event e({{rating}, {1000, 50, 20, 20}, {2000, 50, 20, 20}});
    e.birth_year = {born, NAN, NAN};
    e.state_size = state_size;
    e.play(0, 1, 1.0);
    e.play(2, 0, 1.0);
    e.rate(date);
    return e;
  };
  const event ten = kid(1300, 2014, 20240615);
  CHECK(ten.rating(0) == Approx(1400.0).margin(1e-9));
  // His opponents are rated against that rating (Step 5 takes his Step 4 rating, 1400).
  const double k_1000 = math::k_factor(math::effective_games(1000, 50), 1);
  const double k_2000 = math::k_factor(math::effective_games(2000, 50), 1);
  CHECK(ten.rating(1) == Approx(1000 - k_1000 * math::winning_expectancy(1000, 1400)).margin(1e-9));
  CHECK(ten.rating(2) == Approx(2000 + k_2000 * (1 - math::winning_expectancy(2000, 1400))).margin(1e-9));
  CHECK(kid(1300, NAN, 20240615).rating(1) ==
        Approx(1000 - k_1000 * math::winning_expectancy(1000, 1500)).margin(1e-9));  // against the adult's 1500
  // The age is the event's year minus the year of birth: 22 (1100, within 400 of 1500) gives 1500;
  // 21 (1050) the point of [1400, 1600] nearest 1050 that the iteration's breakpoints hold, R0' + 400 = 1450.
  CHECK(kid(1300, 2002, 20240615).rating(0) == Approx(1500.0).margin(1e-9));
  CHECK(kid(1300, 2003, 20241231).rating(0) == Approx(1450.0).margin(1e-9));
  CHECK(kid(1300, 2003, 20250101).rating(0) == Approx(1500.0).margin(1e-9));
  // Unknown age, an undated event, or a host before ABI 1.6: the adult's 1300, so 1500.
  CHECK(kid(1300, NAN, 20240615).rating(0) == Approx(1500.0).margin(1e-9));
  CHECK(kid(1300, 2014, 0).rating(0) == Approx(1500.0).margin(1e-9));
  CHECK(kid(1300, 2014, 20240615, RK_STATE_SIZE_1_1).rating(0) == Approx(1500.0).margin(1e-9));
  // A rating the run gave him (a list, the input, initial) stands before his age: 1250 gives 1500.
  CHECK(kid(1250, 2014, 20240615).rating(0) == Approx(1500.0).margin(1e-9));
  // A rated player's age changes nothing: K (0 - 0.5) against his equal.
  event rated({{1300, 30, 15, 15}, {1300, 30, 15, 15}});
  rated.birth_year = {2014, 2014};
  rated.play(0, 1, 0.0);
  rated.rate(20240615);
  CHECK(rated.rating(0) == Approx(1300 - math::k_factor(math::effective_games(1300, 30), 1) / 2).margin(1e-9));
}

TEST_CASE("uscf: a root on a flat stretch of f is the rating of that stretch nearest the prior", "[uscf]") {
  // Unrated, 1 point of 2 against 1000 and 2000: f(R) = PWe(R, 1000) + PWe(R, 2000) - 1 is 0 all over
  // [1400, 1600]. The iteration starts at M = (1000 + 2000 + 400 (2 - 2)) / 2 = 1500.
  // A prior of 1300 lies within 400 points of it: 1500 stands. A prior of 2000 does not: the
  // stretch's rating nearest 2000, 1600.
  for (const double prior : {1300.0, 2000.0}) {
    event e({{prior}, {1000, 50, 20, 20}, {2000, 50, 20, 20}});
    e.play(0, 1, 1.0);
    e.play(0, 2, 0.0);
    e.rate();
    CHECK(e.rating(0) == Approx(prior == 1300 ? 1500.0 : 1600.0).margin(1e-9));
  }
}

TEST_CASE("uscf: the absolute floor, 100 + 4 wins + 2 draws + events, at most 150", "[uscf]") {
  CHECK(math::absolute_floor_of(0, 0, 0) == 100.0);
  CHECK(math::absolute_floor_of(2, 3, 4) == 118.0);
  CHECK(math::absolute_floor_of(12, 0, 1) == 149.0);
  CHECK(math::absolute_floor_of(12, 0, 2) == 150.0);
  CHECK(math::absolute_floor_of(30, 10, 10) == 150.0);
  // 30 games (2 won, 1 drawn), 3 events, at 120, loses 3 to players rated as he is: K (0 - 1.5) takes
  // him to 5, and the floor 100 + 8 + 2 + 4 = 114 holds him.
  event low({{120, 30, 2, 27, 3}, {120, 100, 40, 40}, {120, 100, 40, 40}, {120, 100, 40, 40}});
  for (int32_t o : {1, 2, 3}) low.play(0, o, 0.0);
  low.rate();
  CHECK(low.rating(0) == 114.0);
  // At 400 the same losses (K 70) leave him at 295, above it.
  event above({{400, 30, 2, 27, 3}, {400, 100, 40, 40}, {400, 100, 40, 40}, {400, 100, 40, 40}});
  for (int32_t o : {1, 2, 3}) above.play(0, o, 0.0);
  above.rate();
  CHECK(above.rating(0) > 114.0);
  CHECK(above.rating(0) < 400.0);
}

TEST_CASE("uscf: the absolute floor counts events of 3 or more games, not of 2", "[uscf]") {
  // The player of the test above (30 games, 2 won, 1 drawn, 3 events, at 120) loses 2 games, or 3,
  // to players rated as he is: each falls below 100; the floor is 100 + 8 + 2 + 3 = 113 after the
  // 2-game event, which is not one of N_R, and 114 after the 3-game event, which is.
  for (const int32_t games : {2, 3}) {
    INFO(games << " games");
    std::vector<record> players{{120, 30, 2, 27, 3}};
    for (int32_t o = 1; o <= games; ++o) players.push_back({120, 100, 40, 40});
    event e(players);
    for (int32_t o = 1; o <= games; ++o) e.play(0, o, 0.0);
    e.rate();
    CHECK(e.rating(0) == (games == 3 ? 114.0 : 113.0));
    CHECK(e.columns[uscf::f_events][0] == (games == 3 ? 4.0 : 3.0));
  }
}

TEST_CASE("uscf: an established player's floor, 200 below his highest rating in hundreds, 1200 to 2100", "[uscf]") {
  CHECK(math::established_floor(1400) == 1200.0);
  CHECK(math::established_floor(1399.99) == 0.0);
  CHECK(math::established_floor(1850) == 1600.0);
  CHECK(math::established_floor(1899.99) == 1600.0);
  CHECK(math::established_floor(1900) == 1700.0);
  CHECK(math::established_floor(2300) == 2100.0);
  CHECK(math::established_floor(2650) == 2100.0);
  const std::vector<record> weak(4, record{1200, 100, 40, 40});
  for (const double games : {26.0, 25.0}) {
    // At 1610, highest 1850, four losses to 1200s: established (26 games) he stops at 1600; at 25 he falls.
    std::vector<record> players{{1610, games, 10, 10, 5, 1850}};
    players.insert(players.end(), weak.begin(), weak.end());
    event e(players);
    for (int32_t o : {1, 2, 3, 4}) e.play(0, o, 0.0);
    e.rate();
    if (games > 25) CHECK(e.rating(0) == 1600.0);
    if (games <= 25) CHECK(e.rating(0) < 1500.0);
  }
}

TEST_CASE("uscf: the highest established rating follows the player", "[uscf]") {
  // 25 games before and 1 after: established after the event, his new rating recorded.
  event e({{1500, 25, 10, 10}, {1500, 100, 40, 40}});
  e.play(0, 1, 1.0);
  e.rate();
  CHECK(e.columns[uscf::f_highest][0] == e.rating(0));
  CHECK(e.columns[uscf::f_highest][0] > 1500);
  // Still provisional after the event (24 + 1): nothing recorded.
  event p({{1500, 24, 10, 10}, {1500, 100, 40, 40}});
  p.play(0, 1, 1.0);
  p.rate();
  CHECK(p.columns[uscf::f_highest][0] == 0.0);
}

TEST_CASE("uscf: each game's delta is the player's change spread over his games", "[uscf]") {
  event e({{1500, 6, 3, 2}, {1400, 40, 20, 20}, {1550, 40, 20, 20}, {1650, 40, 20, 20}});
  e.play(0, 1, 1.0);
  e.play(2, 0, 1.0);
  e.play(0, 3, 0.5);
  e.rate();
  const double sum = 0.0 + e.out[0].delta_a + e.out[1].delta_b + e.out[2].delta_a;
  CHECK(1500 + sum == e.rating(0));
  CHECK(e.out[0].expected_a == Approx(math::winning_expectancy(1500, 1400)).margin(1e-15));
  CHECK(e.out[1].expected_b == Approx(1 - math::winning_expectancy(1550, 1500)).margin(1e-15));
  // A side flagged fixed keeps his rating and record.
  event fixed({{1500, 30, 10, 10}, {1500, 30, 10, 10}});
  fixed.play(0, 1, 1.0, RK_GAME_FIXED_B);
  fixed.rate();
  CHECK(fixed.rating(1) == 1500.0);
  CHECK(fixed.columns[uscf::f_rated_games][1] == 30.0);
  CHECK(fixed.rating(0) > 1500.0);
  // Fixed in one of his games only: not rated, and none of his games reports a change for him.
  event partly({{1500, 30, 10, 10}, {1500, 30, 10, 10}, {1500, 30, 10, 10}});
  partly.play(0, 1, 1.0, RK_GAME_FIXED_B);
  partly.play(2, 1, 0.0);
  partly.rate();
  CHECK(partly.rating(1) == 1500.0);
  CHECK(partly.out[1].delta_b == 0.0);
  CHECK(partly.rating(2) < 1500.0);
}

TEST_CASE("uscf refuses a score other than a win, a draw or a loss, and a record that does not add up", "[uscf]") {
  event e({{1500, 30, 10, 10}, {1500, 30, 10, 10}});
  e.play(0, 1, 0.75);
  REQUIRE_THROWS_AS(e.rate(), ratekit::sdk::failure);
  CHECK(e.rating(0) == 1500.0);
  event bad({{1500, 10, 6, 6}, {1500, 30, 10, 10}});
  bad.play(0, 1, 1.0);
  REQUIRE_THROWS_AS(bad.rate(), ratekit::sdk::failure);
}

}  // namespace test_uscf
