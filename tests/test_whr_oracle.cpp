// whr against the Python `whole-history-rating` port (3.6.1) on a seeded
// random history of 2,500 duels among 40 players over four years, with draws,
// advantages and gaps of months: tests/data/whr/oracle-*.csv, written by
// tests/reference/whr_reference.py, which says how the port was configured and
// its numbers converted to Coulom's conventions, which ratekit follows.
#include "whr_support.hpp"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <utility>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_whr_oracle {

#ifndef RATEKIT_SOURCE_DIR  // the build defines it; by hand, run from the repository's root
#define RATEKIT_SOURCE_DIR "."
#endif

using namespace ratekit::testing;

namespace {

std::ifstream fixture(const char* name) {
  std::ifstream in(std::filesystem::path(RATEKIT_SOURCE_DIR) / "tests/data/whr" / name);
  REQUIRE(in);
  return in;
}

}  // namespace

TEST_CASE("whr: agrees with the Python port to 1e-6 after convergence", "[whr]") {
  whole_history_builder b;
  std::vector<std::pair<int32_t, double>> player_day;  // each entry's
  std::ifstream history = fixture("oracle-history.csv");
  std::string line;
  std::getline(history, line);
  REQUIRE(line == "day,a,b,score,advantage");
  double day, score, advantage;
  int32_t a, opponent;
  char comma;
  while (history >> day >> comma >> a >> comma >> opponent >> comma >> score >> comma >> advantage) {
    b.duel(day, a, opponent, score, advantage);
    player_day.emplace_back(a, day), player_day.emplace_back(opponent, day);
  }
  REQUIRE(player_day.size() == 5000);
  const rk_wh_history& hist = b.build();
  const ratekit::plugins::whr model = fitted(hist);
  const whr_estimates e = estimates_of(model, hist);
  std::map<std::pair<int32_t, double>, std::pair<double, double>> mine;
  for (size_t i = 0; i < player_day.size(); ++i) mine[player_day[i]] = {e.mean[i], e.sd[i]};

  std::ifstream expected = fixture("oracle-estimates.csv");
  double evidence = 0;
  std::getline(expected, line);
  REQUIRE(std::sscanf(line.c_str(), "# w2=300 log_evidence=%lf", &evidence) == 1);
  std::getline(expected, line);
  REQUIRE(line == "player,day,rating,deviation");
  double rating, deviation, largest_mean = 0, largest_sd = 0;
  size_t rows = 0;
  while (expected >> a >> comma >> day >> comma >> rating >> comma >> deviation) {
    const auto it = mine.find({a, day});
    REQUIRE(it != mine.end());
    largest_mean = std::max(largest_mean, std::abs(it->second.first - rating));
    largest_sd = std::max(largest_sd, std::abs(it->second.second - deviation));
    ++rows;
  }
  CHECK(rows == mine.size());
  CHECK(largest_mean < 1e-6);
  CHECK(largest_sd < 1e-6);
  CHECK(model.log_evidence() == Approx(evidence).margin(1e-6));
}

}  // namespace test_whr_oracle
