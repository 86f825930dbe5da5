// K schedules: first match, bounds, tables and the cap, on published schedules.
#include <ratekit/host/config/k_schedule.hpp>

#include <catch2/catch.hpp>

#include <cmath>
#include <string>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_k_schedule {

using ratekit::k_context;
using ratekit::k_range;
using ratekit::k_rule;
using ratekit::k_schedule;

namespace {

k_rule rule(double k) {
  k_rule r;
  r.constant = k;
  return r;
}

// FIDE Handbook B.02 (2024) 8.3.3 and the 700 rule: 40 until 30 games; 40 while
// 18 or younger and under 2300; 10 once 2400 was reached; 20 otherwise.
k_schedule fide_2024() {
  k_rule newcomer = rule(40), junior = rule(40), master = rule(10);
  newcomer.games = k_range{-INFINITY, 30};
  junior.age = k_range{-INFINITY, std::nextafter(18.0, INFINITY)};
  junior.rating = k_range{-INFINITY, 2300};
  master.peak = k_range{2400, INFINITY};
  return k_schedule({newcomer, junior, master, rule(20)}, 700);
}

k_context player(double games, double rating, double peak, double age, int period_games = 1) {
  k_context c;
  c.games = games;
  c.rating = rating;
  c.peak = peak;
  c.age = age;
  c.period_games = period_games;
  return c;
}

// EGF GoR (until 2021): con at GoR 100, 200, ..., 2700.
std::vector<std::pair<double, double>> egf_con() {
  const double con[] = {116, 110, 105, 100, 95, 90, 85, 80, 75, 70, 65, 60, 55, 51,
                        47,  43,  39,  35,  31, 27, 24, 21, 18, 15, 13, 11, 10};
  std::vector<std::pair<double, double>> points;
  for (int i = 0; i < 27; ++i) points.emplace_back(100.0 * (i + 1), con[i]);
  return points;
}

}  // namespace

TEST_CASE("FIDE 2024 K for players in different situations", "[k_schedule]") {
  const auto s = fide_2024();
  CHECK(s.k(player(10, 1800, 1800, 30)) == 40);    // fewer than 30 games
  CHECK(s.k(player(30, 1800, 1800, 30)) == 20);    // the 30th game no longer counts as new
  CHECK(s.k(player(50, 2250, 2250, 16)) == 40);    // junior under 2300
  CHECK(s.k(player(50, 2299.5, 2299.5, 18)) == 40);  // 18 is still a junior
  CHECK(s.k(player(50, 2000, 2000, 19)) == 20);
  CHECK(s.k(player(50, 2350, 2350, 16)) == 20);    // junior but 2300 or more
  CHECK(s.k(player(200, 2350, 2410, 40)) == 10);   // once 2400, stays 10
  CHECK(s.k(player(200, 2399, 2399, 40)) == 20);
  CHECK(s.k(player(100, 2000, 2000, NAN)) == 20);  // unknown age is never junior
  CHECK(s.reads_player_state());
}

TEST_CASE("FIDE 700 rule: the largest whole K with K * games <= 700", "[k_schedule]") {
  const auto s = fide_2024();
  CHECK(s.k(player(10, 1800, 1800, 30, 18)) == 38);  // 40 * 18 = 720
  CHECK(s.k(player(10, 1800, 1800, 30, 17)) == 40);  // 680
  CHECK(s.k(player(100, 2000, 2000, 30, 36)) == 19);  // 20 * 36 = 720
  CHECK(s.k(player(100, 2000, 2000, 30, 35)) == 20);  // exactly 700 stays
  CHECK(s.k(player(200, 2350, 2410, 40, 71)) == 9);
  CHECK(k_schedule({rule(40)}).k(player(0, 0, 0, 30, 100)) == 40);  // no cap, no limit
}

TEST_CASE("EGF con is interpolated over rating and clamped at the ends", "[k_schedule]") {
  const auto con = egf_con();
  CHECK(ratekit::interpolate(con, 1675) == Approx(40).epsilon(1e-12));
  CHECK(ratekit::interpolate(con, 1721) == Approx(38.16).epsilon(1e-12));
  CHECK(ratekit::interpolate(con, 100) == 116);
  CHECK(ratekit::interpolate(con, -50) == 116);
  CHECK(ratekit::interpolate(con, 2700) == 10);
  CHECK(ratekit::interpolate(con, 3100) == 10);
  CHECK(ratekit::interpolate(con, 150) == 113);
  CHECK(std::isnan(ratekit::interpolate({}, 1)));

  k_rule table_rule;
  table_rule.table = con;
  const k_schedule s({table_rule});
  CHECK(s.k(player(0, 1721, 1721, NAN)) == Approx(38.16).epsilon(1e-12));
  CHECK(s.reads_player_state());
}

TEST_CASE("NFL calendar K reads game facts only", "[k_schedule]") {
  // Langville and Meyer: 64 in the playoffs, 16 in weeks 16-17, 32 before.
  k_rule playoff = rule(64), late = rule(16);
  playoff.playoff = true;
  late.week = k_range{16, INFINITY};
  const k_schedule s({playoff, late, rule(32)});
  k_context c;
  c.week = 15;
  CHECK(s.k(c) == 32);
  c.week = 16;
  CHECK(s.k(c) == 16);
  c.playoff = true;
  CHECK(s.k(c) == 64);
  CHECK_FALSE(s.reads_player_state());
}

TEST_CASE("Tags select rules by event importance", "[k_schedule]") {
  k_rule finals = rule(60), qualifiers = rule(40);
  finals.tags = {"World Cup"};
  qualifiers.tags = {"World Cup qualification", "UEFA Euro qualification"};
  const k_schedule s({finals, qualifiers, rule(20)});
  const std::string wc = "World Cup", euro_q = "UEFA Euro qualification", friendly = "Friendly";
  k_context c;
  c.tag = &wc;
  CHECK(s.k(c) == 60);
  c.tag = &euro_q;
  CHECK(s.k(c) == 40);
  c.tag = &friendly;
  CHECK(s.k(c) == 20);
  c.tag = nullptr;
  CHECK(s.k(c) == 20);
  CHECK_FALSE(s.reads_player_state());
}

TEST_CASE("No matching rule gives NaN, an empty schedule is empty", "[k_schedule]") {
  k_rule only_new = rule(40);
  only_new.games = k_range{-INFINITY, 30};
  const k_schedule s({only_new});
  CHECK(std::isnan(s.k(player(31, 2000, 2000, 30))));
  CHECK(k_schedule().empty());
  CHECK(k_schedule::constant(24).k(k_context{}) == 24);
  CHECK_FALSE(k_schedule::constant(24).reads_player_state());
}

}  // namespace test_k_schedule
