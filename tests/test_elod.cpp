// EloD (elod-duplicate-scrabble): hand-computed fixtures, ties, new players,
// weight bands, the cap, skipped events, the inverse normal and threading.
//
// Expected numbers come from an independent Python 3 transcription of SPEC.md
// section 4 (math.erf, statistics.NormalDist().inv_cdf), run once; printed to
// 10 decimals and pasted here.
#include <catch2/catch.hpp>
#include <elod-duplicate-scrabble/elod.hpp>

#include <cmath>
#include <random>
#include <vector>

using ratekit::plugins::elod_duplicate_scrabble;
namespace elod = ratekit::plugins::elod;

namespace {

struct player {
  double rating, volatility, times_played, rank;
};

struct result {
  double rating, volatility, erank, performance, weight;
  bool capped;
};

std::vector<double> default_params() {
  std::vector<double> p;
  for (const auto& spec : elod::param_specs) p.push_back(spec.default_value);
  return p;
}

// Rates one event of `players` (player i is entry i) and returns state and outputs.
struct run {
  std::vector<double> rating, volatility, played;
  std::vector<rk_entry_out> out;

  run(const std::vector<player>& players, double rounds = NAN, std::vector<double> params = default_params()) {
    std::vector<rk_entry> entries;
    for (const auto& p : players) {
      rating.push_back(p.rating);
      volatility.push_back(p.volatility);
      played.push_back(p.times_played);
      entries.push_back({int32_t(entries.size()), 0, p.rank});
    }
    double* columns[] = {rating.data(), volatility.data(), played.data()};
    const rk_state state{sizeof(rk_state), 3, players.size(), columns, nullptr, nullptr, nullptr};
    const rk_event event{0, entries.size(), rounds};
    const rk_event_batch batch{sizeof(rk_event_batch), 0, entries.data(), entries.size(), &event, 1, nullptr};
    out.resize(entries.size());
    elod_duplicate_scrabble model(ratekit::sdk::host(nullptr),
                                  ratekit::sdk::params(params.data(), uint32_t(params.size())));
    model.rate_events(ratekit::sdk::state(&state), batch, out.data());
  }

  void check(size_t i, const player& before, const result& want) const {
    INFO("player " << i);
    CHECK(rating[i] == Approx(want.rating).margin(1e-6));
    CHECK(volatility[i] == Approx(want.volatility).margin(1e-6));
    CHECK(played[i] == before.times_played + 1);
    CHECK(out[i].expected == Approx(want.erank).margin(1e-6));
    CHECK(out[i].performance == Approx(want.performance).margin(1e-6));
    CHECK(out[i].weight == Approx(want.weight).margin(1e-9));
    CHECK(out[i].delta == Approx(want.rating - before.rating).margin(1e-6));
    CHECK(bool(out[i].flags & RK_ENTRY_CAPPED) == want.capped);
    CHECK(bool(out[i].flags & RK_ENTRY_NEW) == (before.times_played == 0));
    CHECK_FALSE(out[i].flags & RK_ENTRY_SKIPPED);
  }

  void check_all(const std::vector<player>& before, const std::vector<result>& want) const {
    for (size_t i = 0; i < before.size(); ++i) check(i, before[i], want[i]);
  }
};

}  // namespace

TEST_CASE("inverse normal matches known quantiles", "[elod]") {
  // Quantiles from Python's statistics.NormalDist().inv_cdf (Wichura's AS241, ~1e-16).
  CHECK(ratekit::sdk::inverse_normal(0.5) == 0.0);
  CHECK(ratekit::sdk::inverse_normal(0.975) == Approx(1.9599639845400536).margin(1e-12));
  CHECK(ratekit::sdk::inverse_normal(0.025) == Approx(-1.9599639845400538).margin(1e-12));
  CHECK(ratekit::sdk::inverse_normal(0.95) == Approx(1.6448536269514715).margin(1e-12));
  CHECK(ratekit::sdk::inverse_normal(0.999) == Approx(3.090232306167813).margin(1e-12));
  CHECK(ratekit::sdk::inverse_normal(0.3) == Approx(-0.5244005127080407).margin(1e-12));
  CHECK(ratekit::sdk::inverse_normal(1e-10) == Approx(-6.361340902404056).margin(1e-12));
  CHECK(ratekit::sdk::inverse_normal(1 - 1e-12) == Approx(7.0344869100478356).margin(1e-9));
  // Round trip over the whole range through Phi(x) = erfc(-x / sqrt 2) / 2.
  for (double p = 1e-6; p < 1; p += 0.0123) {
    const double x = ratekit::sdk::inverse_normal(p);
    CHECK(0.5 * std::erfc(-x / std::sqrt(2.0)) == Approx(p).margin(1e-15).epsilon(1e-13));
  }
}

TEST_CASE("weight and cap follow the TopCoder formulas", "[elod]") {
  const auto p = default_params();
  const elod_duplicate_scrabble m(ratekit::sdk::host(nullptr), ratekit::sdk::params(p.data(), uint32_t(p.size())));
  CHECK(m.weight(1200, 0) == Approx(1.5).margin(1e-12));        // 1 / (1 - 0.6) - 1
  CHECK(m.weight(2000, 0) == Approx(1.35).margin(1e-12));       // times 0.9 from 2000
  CHECK(m.weight(2500, 0) == Approx(1.35).margin(1e-12));       // ... to 2500 inclusive
  CHECK(m.weight(2500.5, 0) == Approx(1.2).margin(1e-12));      // times 0.8 above
  CHECK(m.weight(1999.9, 1) == Approx(1 / 0.61 - 1).margin(1e-12));
  CHECK(m.cap(0) == 900);
  CHECK(m.cap(1) == 650);
}

TEST_CASE("two rated players: an upset", "[elod]") {
  const std::vector<player> in = {{1500, 300, 3, 1}, {1700, 250, 10, 2}};
  run r(in);
  r.check_all(in, {{1581.5496129772, 284.6650395678, 1.6957261154, 1786.1389929025, 0.3986013986, false},
                   {1637.5696742758, 250.6588145725, 1.3042738846, 1413.8610070975, 0.2790697674, false}});
}

TEST_CASE("three players with a tie share the mean position", "[elod]") {
  const std::vector<player> in = {{1650, 320, 5, 1}, {1400, 400, 2, 2}, {1550, 280, 8, 2}};
  run r(in);
  r.check_all(in, {{1715.7581757514, 299.6204482916, 1.7197941197, 1913.0327030055, 0.3333333333, false},
                   {1380.3642638217, 331.0880842577, 2.3078992928, 1338.6383244427, 0.4705882353, false},
                   {1512.9881607303, 255.5445729443, 1.9723065875, 1386.7124738100, 0.2931034483, false}});
}

TEST_CASE("ten players, one new: two passes", "[elod]") {
  // Player 2 is new (3rd overall); players 4 and 5 tie for 5th. The rated nine are
  // rated on their virtual standing among themselves, the new one on the full one.
  const std::vector<player> in = {{1820, 210, 14, 1}, {1610, 260, 6, 2},  {1200, 535, 0, 3}, {1745, 230, 9, 4},
                                  {1490, 310, 4, 5},  {1555, 290, 7, 5},  {1380, 350, 3, 7}, {1905, 200, 20, 8},
                                  {1300, 420, 1, 9},  {1660, 250, 11, 10}};
  // Entries need not come in standing order.
  run r(in);
  r.check_all(in, {{1899.9569978254, 243.4547998345, 3.2903348751, 2204.4086433914, 0.2626262626, false},
                   {1694.8059484781, 272.3064845133, 5.1486183325, 1963.3581186587, 0.3157894737, false},
                   {1495.9930623646, 415.8099669865, 7.6830553290, 1693.3217706077, 1.5, false},
                   {1768.2502367702, 207.4864870307, 3.9716141905, 1849.7307962620, 0.2853470437, false},
                   {1529.9241575824, 274.1775099079, 6.0338486989, 1641.2278696302, 0.3586956522, false},
                   {1579.3248018676, 257.8759061752, 5.5684345401, 1659.6228037315, 0.3029315961, false},
                   {1401.0002665732, 297.8152053029, 6.6996230319, 1453.6851458709, 0.3986013986, false},
                   {1812.0625762841, 257.9718180495, 2.5744745062, 1440.3128814206, 0.25, false},
                   {1247.8519509366, 334.4509684002, 6.9885789042, 1166.2870536836, 0.6393442623, false},
                   {1534.2342705255, 326.8225974052, 4.7244729206, 1075.0431187232, 0.2738853503, false}});
}

TEST_CASE("a player above 2500 has his weight reduced by 20%", "[elod]") {
  const std::vector<player> in = {{2600, 180, 40, 2}, {2300, 220, 25, 1}, {2100, 240, 12, 3}, {1950, 260, 8, 4}};
  run r(in);
  r.check_all(in, {{2565.5354049362, 183.2855232378, 1.2133287152, 2382.1660850457, 0.1879518072, false},
                   {2365.6564159905, 243.5428500486, 2.2759487977, 2664.6148243133, 0.2196172249, false},
                   {2100.8621786922, 215.3097735481, 3.0185097155, 2104.4164096937, 0.2425781250, false},
                   {1910.5409497867, 239.9781401814, 3.4922127716, 1775.9159549412, 0.2931034483, false}});
}

TEST_CASE("a change beyond the cap is held to it", "[elod]") {
  // A 1000 player wins against nine around 2000-2080: the uncapped change is
  // about 221, the cap 150 + 1500 / 102 = 164.7058823529.
  std::vector<player> in = {{1000, 150, 100, 1}};
  for (int i = 0; i < 9; ++i) in.push_back({2000.0 + 10 * i, 150, 100, double(i + 2)});
  run r(in);
  r.check(0, in[0], {1164.7058823529, 372.2049371859, 9.9999949204, 2192.1559284740, 0.2257281553, true});
  r.check(1, in[1], {2065.9994989498, 200.3552394813, 5.6681431098, 2390.8715845808, 0.2031553398, false});
  r.check(9, in[9], {1961.1696773858, 296.9974235531, 4.3318582823, 1376.2462255689, 0.2031553398, false});
}

TEST_CASE("events with fewer rounds than min_rounds are skipped", "[elod]") {
  const std::vector<player> in = {{1500, 300, 3, 1}, {1700, 250, 10, 2}};
  run eleven(in, 11);
  for (size_t i = 0; i < in.size(); ++i) {
    CHECK(eleven.rating[i] == in[i].rating);
    CHECK(eleven.volatility[i] == in[i].volatility);
    CHECK(eleven.played[i] == in[i].times_played);
    CHECK(eleven.out[i].flags == RK_ENTRY_SKIPPED);
    CHECK(eleven.out[i].delta == 0);
  }
  run twelve(in, 12);
  CHECK(twelve.rating[0] == Approx(1581.5496129772).margin(1e-6));
  auto no_minimum = default_params();
  no_minimum[elod_duplicate_scrabble::p_min_rounds] = 0;
  run zero(in, 1, no_minimum);
  CHECK(zero.rating[0] == Approx(1581.5496129772).margin(1e-6));
}

TEST_CASE("a lone rated player among new ones keeps his rating", "[elod]") {
  // Pass 1 has nobody to compare him with; the new player is rated on the full standing.
  run r({{1500, 300, 3, 2}, {1200, 535, 0, 1}});
  CHECK(r.rating[0] == 1500);
  CHECK(r.played[0] == 3);
  CHECK(r.out[0].flags == RK_ENTRY_SKIPPED);
  CHECK(r.played[1] == 1);
  CHECK(r.out[1].flags == RK_ENTRY_NEW);
  CHECK(r.rating[1] > 1200);
}

TEST_CASE("bad events name the offending entry", "[elod]") {
  const auto p = default_params();
  elod_duplicate_scrabble m(ratekit::sdk::host(nullptr), ratekit::sdk::params(p.data(), uint32_t(p.size())));
  std::vector<double> r(3, 1200), v(3, 535), t(3, 0);
  double* columns[] = {r.data(), v.data(), t.data()};
  const rk_state state{sizeof(rk_state), 3, 3, columns, nullptr, nullptr, nullptr};
  const rk_entry twice[] = {{0, 0, 1}, {1, 0, 2}, {0, 0, 3}};
  const rk_event event{0, 3, NAN};
  const rk_event_batch batch{sizeof(rk_event_batch), 0, twice, 3, &event, 1, nullptr};
  try {
    m.rate_events(ratekit::sdk::state(&state), batch, nullptr);
    FAIL("a duplicate player was accepted");
  } catch (const ratekit::sdk::failure& e) {
    CHECK(e.index() == 2);
    CHECK(std::string(e.what()).find("twice") != std::string::npos);
  }
  const rk_entry unknown[] = {{0, 0, 1}, {7, 0, 2}};
  const rk_event event2{0, 2, NAN};
  const rk_event_batch batch2{sizeof(rk_event_batch), 0, unknown, 2, &event2, 1, nullptr};
  CHECK_THROWS_AS(m.rate_events(ratekit::sdk::state(&state), batch2, nullptr), ratekit::sdk::failure);
}

TEST_CASE("large events give the same bits with one thread or two", "[elod]") {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> rating(900, 2700), vol(120, 535);
  std::vector<player> in;
  for (int i = 0; i < 1500; ++i) in.push_back({rating(rng), vol(rng), double(rng() % 30), double(rng() % 1200 + 1)});
  auto one = default_params(), two = default_params();
  one[elod_duplicate_scrabble::p_threads] = 1;
  two[elod_duplicate_scrabble::p_threads] = 2;
  run a(in, NAN, one), b(in, NAN, two);
  CHECK(a.rating == b.rating);
  CHECK(a.volatility == b.volatility);
  for (size_t i = 0; i < in.size(); ++i) REQUIRE(a.out[i].expected == b.out[i].expected);
}

// The codeforces-standings reader that feeds the model its largest real stream.
#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/input/readers.hpp>

#include <filesystem>
#include <fstream>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_elod {

TEST_CASE("codeforces-standings reads real contests with ties", "[elod][readers]") {
  ratekit::dataset d;
  ratekit::read_codeforces_standings(RATEKIT_SOURCE_DIR "/data/codeforces/cf_standings_part4.csv", {}, d);
  // PROVENANCE.md: contests 630-655, 8,505 rows; 15 of them non-empty (counted with Python's csv).
  REQUIRE(d.entries.size() == 8505);
  REQUIRE(d.events.size() == 15);
  CHECK(d.event_infos.front().name == "630");
  CHECK(d.event_infos.back().name == "655");
  CHECK(d.players.name(d.entries[0].player) == "Egor");
  CHECK(d.entries[0].rank == 1);
  CHECK(std::isnan(d.events[0].rounds));
  // Lines 126-127: two players tied for 125th-126th both carry rank_lo.
  CHECK(d.players.name(d.entries[124].player) == "ranjanvittal");
  CHECK(d.entries[124].rank == 125);
  CHECK(d.entries[125].rank == 125);
  CHECK(d.entries[126].rank == 127);
  CHECK(d.events[0].end == 2662);  // contest 630 has 2,662 rows
}

TEST_CASE("codeforces-standings names the line and column of bad rows", "[elod][readers]") {
  const auto file = std::filesystem::temp_directory_path() / "ratekit_test_codeforces_bad.csv";
  auto read_error = [&](const char* text) {
    std::ofstream(file) << text;
    ratekit::dataset d;
    try {
      ratekit::read_codeforces_standings(file, {}, d);
    } catch (const ratekit::user_error& e) {
      return e.diagnostics().front().str();
    }
    return std::string("no error");
  };
  const std::string where = file.string();
  CHECK(read_error("contest_id,handle,rank_lo,rank_hi\n1,a,1,1\n1,b,x,2\n") ==
        where + ":3:5: expected rank_lo as a whole number >= 1, got 'x'");
  CHECK(read_error("contest_id,handle,rank_lo,rank_hi\n1,a,1,1\n1,d,2,2\n2,b,1,1\n2,e,2,2\n1,c,3,3\n") ==
        where + ":6:1: expected the rows of each contest together, got contest 1 again (its rows began at line 2)");
  CHECK(read_error("contest_id,handle,rank_lo,rank_hi\n1,a,1,1\n1,d,2,2\n2,b,1,1\n") ==
        where + ":4:1: expected at least 2 participants in contest 2, got 1");
  CHECK(read_error("contest_id,handle,rank_lo,rank_hi\n1,a,1,1\n1,a,2,2\n") ==
        where + ":3:3: expected each handle once per contest, got 'a' twice in contest 1");
  std::filesystem::remove(file);
}

}  // namespace test_elod
