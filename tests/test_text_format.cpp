// The report's fixed-point numbers are printf's, digit for digit: rounding
// ties, signs, zeros and magnitudes from 1e-300 to 1e308.
#include <catch2/catch.hpp>
#include <ratekit/host/text/format.hpp>

#include "test_support.hpp"

#include <cmath>
#include <cstdio>
#include <limits>
#include <random>
#include <string>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_text_format {

using namespace ratekit;

namespace {

std::string printf_fixed(const char* format, double v, int decimals) {
  char buf[512];
  std::snprintf(buf, sizeof buf, format, decimals, v);
  return buf;
}

}  // namespace

TEST_CASE("fixed and signed_fixed write what printf writes", "[format]") {
  std::mt19937_64 random(7);
  std::vector<double> values{0.0, -0.0, 0.125, 0.375, 2.5, 3.5, -2.5, 0.5, 1.005, 1e-300, 123456789.125,
                             1e308, -1e308, std::numeric_limits<double>::max(), 1500.0000000000002, 0.049999999999999996};
  for (int i = 0; i < 20'000; ++i) {
    const double magnitude = std::pow(10.0, double(int(random() % 24)) - 8);
    values.push_back((double(random() % 2'000'001) / 1'000'000 - 1) * magnitude);
  }
  for (const double v : values)
    for (const int decimals : {0, 1, 2, 3, 4}) {
      INFO(printf_fixed("%.*g", v, 17) << " to " << decimals << " decimals");
      REQUIRE(fixed(v, decimals) == printf_fixed("%.*f", v, decimals));
      REQUIRE(signed_fixed(v, decimals) == printf_fixed(v > 0 ? "%+.*f" : "%.*f", v, decimals));
    }
  CHECK(fixed(NAN, 2).empty());
  CHECK(signed_fixed(NAN, 2).empty());
  CHECK(fixed(INFINITY, 1) == "inf");
}

TEST_CASE("counted says 1 period and 2 periods", "[format]") {
  CHECK(ratekit::counted(1, "period") == "1 period");
  CHECK(ratekit::counted(2, "period") == "2 periods");
  CHECK(ratekit::counted(0, "period") == "0 periods");
  CHECK(ratekit::counted(0.5, "round") == "0.5 rounds");
  CHECK(ratekit::counted(1, "entry", "entries") == "1 entry");
  CHECK(ratekit::counted(3, "entry", "entries") == "3 entries");
}

TEST_CASE("a run's messages count one period, one game and one player in the singular", "[format][cli]") {
  ratekit::testing::temp_dir dir;
  ratekit::testing::write_text(dir / "g.csv", "date,player_a,player_b,score_a\n2024-01-05,A,B,1\n");
  ratekit::testing::write_text(dir / "c.yaml", "competition: one\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
                                               "input: { format: games-csv, path: g.csv, skip_results: [\"*\"] }\n"
                                               "period: month\noutput: { dir: out, database: r.db }\n");
  const auto r = ratekit::testing::run_cli("run " + (dir / "c.yaml").string());
  REQUIRE(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("rated 1 game among 2 players with fide-logistic"));
  CHECK_THAT(r.out, Catch::Contains("skipped 0 rows with result '*'"));
  CHECK_THAT(r.out, Catch::Contains("recorded run 1 (1 period, 2 players)"));
}

}  // namespace test_text_format
