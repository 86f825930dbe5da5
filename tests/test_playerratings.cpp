// ratekit's rating periods against an independent implementation: the R package
// PlayerRatings' elo() rated every international football match of 1872-2025
// month by month (data/football/playerratings_monthly_elo.csv, PROVENANCE.md).
#include "test_support.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <sstream>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_playerratings {

using namespace ratekit::testing;

namespace {

// player -> rating from a CSV whose first two columns are those.
std::map<std::string, double> ratings(const std::filesystem::path& file) {
  std::istringstream in(read_text(file));
  std::map<std::string, double> out;
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    const size_t comma = line.find(',');
    const size_t end = line.find(',', comma + 1);
    out[line.substr(0, comma)] = std::stod(line.substr(comma + 1, end - comma - 1));
  }
  return out;
}

// ratekit's final ratings of the matches rated with `period` (logistic Elo, xi 400, K 20, from 1500, no home advantage).
std::map<std::string, double> ratekit_ratings(const temp_dir& dir, const std::string& period) {
  write_text(dir / "c.yaml",
             "competition: football\nmodel: fide-logistic\nparams: { xi: 400, cap: 0 }\nk_schedule: [ { k: 20 } ]\n"
             "initial: 1500\ninput: { format: games-csv, path: '" +
                 source_path("data/football/international_results_1872_2025.csv").string() + "' }\nperiod: " + period +
                 "\noutput: { dir: out, history: false }\n");
  const auto r = run_cli("run '" + (dir / "c.yaml").string() + "' --out '" + (dir / "out").string() + "' -q");
  REQUIRE(r.status == 0);
  return ratings(dir / "out" / "ratings.csv");
}

}  // namespace

TEST_CASE("monthly Elo equals PlayerRatings' elo() on 49,097 international matches", "[peers][periods]") {
  temp_dir dir;
  const auto reference = ratings(source_path("data/football/playerratings_monthly_elo.csv"));
  REQUIRE(reference.size() == 336);
  const auto ours = ratekit_ratings(dir, "month");
  REQUIRE(ours.size() == reference.size());
  double largest = 0;
  for (const auto& [team, rating] : reference) {
    REQUIRE(ours.count(team) == 1);
    largest = std::max(largest, std::abs(ours.at(team) - rating));
  }
  // The two add the same terms in another order: a few units in the last place at ratings near 2000.
  CHECK(largest < 1e-9);
}

TEST_CASE("the PlayerRatings check tells periods apart: by day or game by game the ratings differ", "[peers][periods]") {
  const auto reference = ratings(source_path("data/football/playerratings_monthly_elo.csv"));
  for (const std::string period : {"day", "game", "year"}) {
    temp_dir dir;
    const auto ours = ratekit_ratings(dir, period);
    double largest = 0;
    for (const auto& [team, rating] : reference) largest = std::max(largest, std::abs(ours.at(team) - rating));
    CHECK(largest > 1.0);
  }
}

}  // namespace test_playerratings
