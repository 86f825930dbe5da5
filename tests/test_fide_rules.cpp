// FIDE Rating Regulations (1 March 2024) 8.3.4 and 7.2.1: period changes rounded
// to whole numbers, 0.5 away from zero, and the 1400 floor. Checked against a
// plain reference in integer hundredths written from the regulations' text,
// over chained monthly periods and the 700 rule.
#include <ratekit/host/config/config.hpp>
#include <ratekit/host/engine/engine.hpp>
#include <ratekit/elo.hpp>

#include "test_fide_common.hpp"
#include "test_support.hpp"

#include <catch2/catch.hpp>

#include <fide-normal/fide_normal.hpp>

#include <fstream>
#include <map>
#include <random>
#include <sstream>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_fide_rules {

using namespace ratekit;
using namespace fide_test;
using ratekit::sdk::whole_change;

namespace {

// Table 8.1.2 in hundredths, read from the data file (not from the plugin's copy).
struct pd_table {
  struct row {
    int lo, hi, high, low;
  };
  std::vector<row> rows;
  pd_table() {
    std::ifstream in(testing::source_path("data/fide/table_8_1_2_pd.csv"));
    std::string line;
    std::getline(in, line);
    while (std::getline(in, line)) {
      std::stringstream s(line);
      std::string lo, hi, high, low;
      std::getline(s, lo, ',');
      std::getline(s, hi, ',');
      std::getline(s, high, ',');
      std::getline(s, low, ',');
      rows.push_back({std::stoi(lo), hi.empty() ? 1 << 30 : std::stoi(hi), int(std::lround(std::stod(high) * 100)),
                      int(std::lround(std::stod(low) * 100))});
    }
  }
  // The expected score in hundredths of a player rated `own` against `other`, differences capped at 400.
  int pd(int own, int other) const {
    const int d = std::min(std::abs(own - other), 400);
    for (const row& r : rows)
      if (d >= r.lo && d <= r.hi) return own >= other ? r.high : r.low;
    FAIL("no table row for " << d);
    return 0;
  }
};

// 8.3.4: whole hundredths to a whole number, 0.5 away from zero.
int round_hundredths(long h) { return int(h >= 0 ? (h + 50) / 100 : -((-h + 50) / 100)); }

struct month_game {
  int a, b, score_a_halves;  // score in halves: 0, 1, 2
};

// The regulations by hand: per month, K from the peak (10 from 2400, else 15)
// and the 700 rule, changes summed in hundredths, rounded, then applied.
std::map<int, int> reference(std::map<int, int> rating, const std::vector<std::vector<month_game>>& months,
                             const pd_table& table, int& halves, int& capped) {
  std::map<int, int> peak = rating;
  for (const auto& games : months) {
    std::map<int, int> played;
    std::map<int, long> hundredths;
    for (const month_game& g : games) ++played[g.a], ++played[g.b];
    for (const month_game& g : games) {
      hundredths[g.a] += g.score_a_halves * 50 - table.pd(rating[g.a], rating[g.b]);
      hundredths[g.b] += (2 - g.score_a_halves) * 50 - table.pd(rating[g.b], rating[g.a]);
    }
    for (const auto& [p, n] : played) {
      int k = peak[p] >= 2400 ? 10 : 15;
      if (k * n > 700) k = 700 / n, ++capped;
      halves += std::abs(k * hundredths[p]) % 100 == 50;
      rating[p] += round_hundredths(k * hundredths[p]);
    }
    for (const auto& [p, n] : played) peak[p] = std::max(peak[p], rating[p]);
  }
  return rating;
}

std::string name(int p) {
  std::string s = std::to_string(p);  // "P" + to_string trips a false GCC 12 stringop warning
  return s.insert(0, 1, 'P');
}

// The same months through the host as a rating officer runs them.
run_result through_host(const std::map<int, int>& start, const std::vector<std::vector<month_game>>& months,
                        const testing::temp_dir& dir) {
  std::string list = "player,rating\n", csv = "date,player_a,player_b,score_a\n";
  for (const auto& [p, r] : start) list += name(p) + "," + std::to_string(r) + "\n";
  for (size_t m = 0; m < months.size(); ++m)
    for (const month_game& g : months[m])
      csv += "2024-" + std::string(m + 1 < 10 ? "0" : "") + std::to_string(m + 1) + "-15," + name(g.a) + "," +
             name(g.b) + "," + (g.score_a_halves == 1 ? "0.5" : std::to_string(g.score_a_halves / 2)) + "\n";
  testing::write_text(dir / "start.csv", list);
  testing::write_text(dir / "games.csv", csv);
  testing::write_text(dir / "c.yaml",
                      "competition: rounding\nmodel: fide-normal\n"
                      "params: { expectation: table, cap: 400, round_change: true }\n"
                      "k_schedule:\n  rules:\n    - { when: { peak_ge: 2400 }, k: 10 }\n    - { k: 15 }\n"
                      "  max_k_times_games: 700\n"
                      "initial: { ratings: start.csv }\ninput: { format: games-csv, path: games.csv }\n"
                      "period: month\noutput: { history: true }\n");
  return rate(load_config(dir / "c.yaml", testing::builtin()), testing::builtin());
}

double host_rating(const run_result& r, int p) { return r.state.rating()[r.data.players.find(name(p))]; }

}  // namespace

TEST_CASE("8.3.4: a change is rounded from its hundredths, 0.5 away from zero", "[fide][rules]") {
  // Why hundredths: a draw at PD 0.40 with K 15 is 1.4999... in binary, a win at PD 0.55 with K 30 is 13.4999...
  CHECK(15 * (0.5 - 0.40) < 1.5);
  CHECK(whole_change(15 * (0.5 - 0.40)) == 2);
  CHECK(whole_change(-15 * (0.5 - 0.40)) == -2);
  CHECK(30 * (1 - 0.55) < 13.5);
  CHECK(whole_change(30 * (1 - 0.55)) == 14);
  CHECK(whole_change(15 * 0.10) == 2);
  CHECK(whole_change(-15 * 0.10) == -2);
  CHECK(whole_change(4.49) == 4);
  CHECK(whole_change(4.51) == 5);
  CHECK(whole_change(-4.49) == -4);
  CHECK(whole_change(-4.51) == -5);
  CHECK(whole_change(0.5) == 1);
  CHECK(whole_change(-0.5) == -1);
  CHECK(whole_change(0.49) == 0);
  CHECK(whole_change(0) == 0);
  // A change that is no whole number of hundredths (the formula, not the table) rounds as it is.
  CHECK(whole_change(2.4951) == 2);
  CHECK(whole_change(-2.5049) == -3);
}

TEST_CASE("8.3.4 in the plugin: the period's change is rounded, and its games still add up to it",
          "[fide][rules]") {
  const double values[] = {200, 0, 400, double(ratekit::plugins::fide_normal::table), 0, 0, 1, 1400, 26};
  ratekit::plugins::fide_normal m(ratekit::sdk::host(nullptr), ratekit::sdk::params(values, 9));
  // 2410 beats 2390 (D = 20: PD 0.53 and 0.47) and draws 2390 again, K 10 both:
  // A: 10 * (0.47 + (-0.03)) = 4.4 -> 4; B: 10 * (-0.47 + 0.03) = -4.4 -> -4.
  players p({2410, 2390});
  const std::vector<rk_game> games{game(0, 1, 1.0, 10), game(0, 1, 0.5, 10)};
  const uint64_t end = 2;
  std::vector<rk_game_out> out(2);
  m.rate_games(p.state(), fide_period_batch(games, end), out.data());
  CHECK(p.rating(0) == 2414);
  CHECK(p.rating(1) == 2386);
  CHECK(out[0].delta_a + out[1].delta_a == Approx(4).margin(1e-12));
  CHECK(out[0].delta_b + out[1].delta_b == Approx(-4).margin(1e-12));
  // Exactly half a point: a win at D = 33 (PD 0.55) with K 10 is 10 * 0.45 = 4.5 -> 5, and the
  // loser's -4.5 -> -5; a draw at D = 15 (PD 0.52 / 0.48) with K 25 is +0.5 -> 1 and -0.5 -> -1.
  players q({2033, 2000, 2000, 2015});
  const std::vector<rk_game> more{game(0, 1, 1.0, 10), game(2, 3, 0.5, 25)};
  m.rate_games(q.state(), per_game(more), nullptr);
  CHECK(q.rating(0) == 2038);
  CHECK(q.rating(1) == 1995);
  CHECK(q.rating(2) == 2001);
  CHECK(q.rating(3) == 2014);
}

TEST_CASE("7.2.1: below the floor a rated player becomes unrated, at it he stays", "[fide][rules]") {
  const double values[] = {200, 0, 400, double(ratekit::plugins::fide_normal::table), 0, 1, 1, 1400, 26};
  ratekit::plugins::fide_normal m(ratekit::sdk::host(nullptr), ratekit::sdk::params(values, 9));
  // Each loses once to an equal opponent with K 20: -10.
  players p({1409, 1410, 1411, 1409, 1410, 1411});
  const std::vector<rk_game> games{game(0, 3, 0.0), game(1, 4, 0.0), game(2, 5, 0.0)};
  const uint64_t end = 3;
  m.rate_games(p.state(), fide_period_batch(games, end), nullptr);
  CHECK(p.rating(0) == 1399);
  CHECK(p.column(ratekit::plugins::fide::f_rated, 0) == 0);  // 1399: unrated from now on
  CHECK(p.rating(1) == 1400);
  CHECK(p.column(ratekit::plugins::fide::f_rated, 1) == 1);  // exactly 1400 stays
  CHECK(p.rating(2) == 1401);
  CHECK(p.column(ratekit::plugins::fide::f_rated, 2) == 1);
  // Unrated now, his next game changes nobody's rating.
  const std::vector<rk_game> next{game(0, 2, 1.0)};
  const uint64_t one = 1;
  m.rate_games(p.state(), fide_period_batch(next, one), nullptr);
  CHECK(p.rating(2) == 1401);
  CHECK(p.column(ratekit::plugins::fide::f_pool_games, 0) == 1);
}

TEST_CASE("7.2.1: floor 0 keeps everybody rated", "[fide][rules]") {
  const double values[] = {200, 0, 400, double(ratekit::plugins::fide_normal::table), 0, 1, 1, 0, 26};
  ratekit::plugins::fide_normal m(ratekit::sdk::host(nullptr), ratekit::sdk::params(values, 9));
  players p({1405, 1405});
  const std::vector<rk_game> games{game(0, 1, 0.0)};
  const uint64_t end = 1;
  m.rate_games(p.state(), fide_period_batch(games, end), nullptr);
  CHECK(p.rating(0) == 1395);
  CHECK(p.column(ratekit::plugins::fide::f_rated, 0) == 1);
}

TEST_CASE("8.3.4 over chained months through the host matches the regulations by hand", "[fide][rules]") {
  const pd_table table;
  std::mt19937 rng(2024);
  std::map<int, int> start;
  for (int p = 0; p < 14; ++p) start[p] = 2150 + int(rng() % 400);  // some from 2400 up: K 10
  std::vector<std::vector<month_game>> months(7);
  for (size_t m = 0; m < months.size(); ++m) {
    const int games = 8 + int(rng() % 20);
    for (int g = 0; g < games; ++g) {
      const int a = int(rng() % 12), b = (a + 1 + int(rng() % 11)) % 12;  // players 12 and 13 stay idle
      months[m].push_back({a, b, int(rng() % 3)});
    }
  }
  // Player 0 (under 2400: K 15) plays 50 more games in month 3: 15 * 50 > 700, so K = 14 (the 700 rule).
  start[0] = 2200;
  for (int g = 0; g < 50; ++g) months[2].push_back({0, 1 + g % 11, g % 3});
  const testing::temp_dir dir;
  const run_result r = through_host(start, months, dir);
  int halves = 0, capped = 0;
  const std::map<int, int> expected = reference(start, months, table, halves, capped);
  for (const auto& [p, rating] : expected) {
    INFO(name(p));
    CHECK(host_rating(r, p) == rating);
  }
  CHECK(host_rating(r, 12) == start[12]);
  CHECK(halves > 0);  // periods whose change ends in exactly .5 were rounded on the way
  CHECK(capped > 0);  // and a K cut by the 700 rule
}

}  // namespace test_fide_rules
