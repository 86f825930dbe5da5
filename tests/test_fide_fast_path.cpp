// The shortcuts of the FIDE plugins' per-game path: both sides of a game from
// one curve call, the row lookup of table 8.1.2, and the Elo period loop after
// a call that failed half way. The shortcuts must keep every bit.
#include <catch2/catch.hpp>
#include <fide-logistic/fide_logistic.hpp>
#include <fide-normal/fide_normal.hpp>

#include "test_fide_common.hpp"

#include <bit>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_fide_fast_path {

using namespace fide_test;
namespace fide = ratekit::plugins::fide;

namespace {

uint64_t bits(double x) { return std::bit_cast<uint64_t>(x); }

// Differences over the whole range a game can see, fractional and not, and both zeros.
std::vector<double> differences() {
  std::vector<double> d = {0.0, -0.0, 400.0, -400.0, 1e-300, 2650.25};
  for (double x = -1200; x <= 1200; x += 0.37) d.push_back(x);
  for (int x = -800; x <= 800; ++x) d.push_back(x);
  return d;
}

template <class Curve>
void check_both(const Curve& curve) {
  for (double d : differences()) {
    INFO("d = " << d);
    const fide::expectations e = curve.both(d);
    CHECK(bits(e.a) == bits(curve(d)));
    CHECK(bits(e.b) == bits(curve(-d)));
  }
}

}  // namespace

TEST_CASE("fide fast path: the logistic curve's two sides have the bits of two evaluations", "[fide-fast]") {
  check_both(ratekit::plugins::logistic_curve{400});
  check_both(ratekit::plugins::logistic_curve{173.7});
}

TEST_CASE("fide fast path: the normal curve's two sides have the bits of two evaluations", "[fide-fast]") {
  const double s = 200 * std::sqrt(2.0);
  check_both(ratekit::plugins::normal_curve{s, 0, false});
  check_both(ratekit::plugins::normal_curve{s, 12.5, false});
  check_both(ratekit::plugins::normal_curve{s, 0, true});
}

TEST_CASE("fide fast path: table 8.1.2 at the ends of every row (data/fide/table_8_1_2_pd.csv)", "[fide-fast]") {
  std::ifstream csv(std::string(RATEKIT_SOURCE_DIR) + "/data/fide/table_8_1_2_pd.csv");
  REQUIRE(csv);
  std::string line;
  std::getline(csv, line);  // header
  int rows = 0;
  while (std::getline(csv, line)) {
    std::istringstream in(line);
    std::string d_min, d_max, high, low;
    std::getline(in, d_min, ',');
    std::getline(in, d_max, ',');
    std::getline(in, high, ',');
    std::getline(in, low, ',');
    // The last row is open-ended: probe it at its start and far beyond.
    const double first = std::stod(d_min), last = d_max.empty() ? 5000 : std::stod(d_max);
    INFO("row " << line);
    for (double d : {first, last, first - 0.5, last + 0.49}) {
      if (d < 0) continue;
      CHECK(fide::pd(d) == std::stod(high));
      CHECK(fide::pd(-d) == std::stod(low));
    }
    ++rows;
  }
  CHECK(rows == 51);
}

TEST_CASE("fide fast path: a period that failed half way leaves nothing for the next call", "[fide-fast]") {
  // 1500 beats 1900 (K 32): he gains 32 * 10 / 11, exactly as if the failed call never happened.
  const double params[] = {400, 400, 0, 0, 0, 1400, 26};  // xi, cap, uncapped_from, first_rating, round_change, floor, pool_months
  ratekit::plugins::fide_logistic m(ratekit::sdk::host(nullptr), ratekit::sdk::params(params, 7));
  players table({1500, 1900});
  const std::vector<rk_game> bad = {game(0, 1, 1.0, 32), game(0, 7, 1.0, 32)};
  const uint64_t bad_end = 2;
  CHECK_THROWS_AS(m.rate_games(table.state(), fide_period_batch(bad, bad_end), nullptr), ratekit::sdk::failure);
  CHECK(table.rating(0) == 1500);
  const std::vector<rk_game> good = {game(0, 1, 1.0, 32)};
  const uint64_t good_end = 1;
  m.rate_games(table.state(), fide_period_batch(good, good_end), nullptr);
  CHECK(table.rating(0) == Approx(1500 + 32 * 10.0 / 11).epsilon(1e-12));
  CHECK(table.rating(1) == Approx(1900 - 32 * 10.0 / 11).epsilon(1e-12));
}

}  // namespace test_fide_fast_path
