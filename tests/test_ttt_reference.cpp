// ttt against the trueskillthroughtime package on seeded random histories of
// thousands of matches (duels, draws, teams, free-for-alls with ties, partial
// play, gaps of months): tests/data/ttt/, written by
// tests/reference/ttt_reference.py, which runs the package (it says how to
// fetch it). After 0, 1, 2 and 5 sweeps and after convergence, every sampled
// entry's mean and deviation, and the log evidence, equal the package's to 1e-6.
#include "test_support.hpp"
#include "ttt_support.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_ttt_reference {

using ratekit::testing::estimates_of;
using ratekit::testing::make_ttt;
using ratekit::testing::ttt_settings;
using ratekit::testing::whole_history_builder;

namespace {

std::string data(const std::string& file) { return ratekit::testing::source_path("tests/data/ttt/" + file).string(); }

// The rows of a CSV of numbers, its header and '#' comments left out.
std::vector<std::vector<double>> read_numbers(const std::string& path) {
  std::ifstream in(path);
  REQUIRE(in.good());
  std::vector<std::vector<double>> rows;
  std::string line;
  std::getline(in, line);
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<double> row;
    std::stringstream fields(line);
    for (std::string field; std::getline(fields, field, ',');) row.push_back(std::stod(field));
    rows.push_back(row);
  }
  return rows;
}

// NAME-matches.csv (match,time,team,player,rank,weight) into the builder.
const rk_wh_history& read_history(const std::string& name, whole_history_builder& b) {
  const auto rows = read_numbers(data(name + "-matches.csv"));
  std::vector<whole_history_builder::seat> seats;
  for (size_t i = 0; i < rows.size(); ++i) {
    const auto& r = rows[i];
    seats.push_back({int32_t(r[3]), uint32_t(r[2]), r[4], r[5]});
    if (i + 1 == rows.size() || rows[i + 1][0] != r[0]) b.match(r[1], seats), seats.clear();
  }
  return b.build();
}

// The package's estimates after `sweeps` (-1: converged), entry by entry, and its log evidence then.
struct stage {
  std::map<uint64_t, std::pair<double, double>> entries;
  double log_evidence = NAN, step = NAN;  // the last sweep's step (NaN before any)
};
std::map<int, stage> read_stages(const std::string& name) {
  std::map<int, stage> out;
  for (const auto& r : read_numbers(data(name + "-expected.csv"))) out[int(r[0])].entries[uint64_t(r[1])] = {r[2], r[3]};
  for (const auto& r : read_numbers(data(name + "-stages.csv"))) out[int(r[0])].log_evidence = r[1], out[int(r[0])].step = r[2];
  return out;
}

void check_stage(const ratekit::plugins::ttt& model, const rk_wh_history& h, const stage& expected, double step) {
  const auto e = estimates_of(model, h);
  double worst = 0.0;
  for (const auto& [entry, value] : expected.entries) {
    worst = std::max(worst, std::fabs(e.mean[entry] - value.first));
    worst = std::max(worst, std::fabs(e.sd[entry] - value.second));
  }
  INFO("the largest difference from the package: " << worst);
  CHECK(worst <= 1e-6);
  CHECK(model.log_evidence() == Approx(expected.log_evidence).margin(1e-6));
  // The step the host stops on: the package's, measured as it measures it.
  if (!std::isnan(expected.step)) CHECK(step == Approx(expected.step).margin(1e-9));
}

void agree(const std::string& name, const ttt_settings& settings) {
  whole_history_builder b;
  const rk_wh_history& h = read_history(name, b);
  const auto stages = read_stages(name);
  REQUIRE(stages.size() == 5);
  auto model = make_ttt(settings);
  model.load(ratekit::sdk::history(h));
  int done = 0;
  double step = NAN;
  for (const int sweeps : {0, 1, 2, 5}) {
    for (; done < sweeps; ++done) step = model.sweep();
    INFO(name << " after " << sweeps << " sweeps");
    check_stage(model, h, stages.at(sweeps), step);
  }
  // The package's convergence(): sweeps until the step is at most 1e-6.
  do step = model.sweep();
  while (step > 1e-6 && ++done < 10000);
  INFO(name << " converged");
  check_stage(model, h, stages.at(-1), step);
}

}  // namespace

TEST_CASE("ttt equals the package on 1,500 duels with gaps of months, sweep by sweep", "[ttt]") {
  agree("duels", {0.0, 6.0, 1.0, 0.1, 0.0});
}

TEST_CASE("ttt equals the package on 2,000 matches with draws, teams, free-for-alls and partial play", "[ttt]") {
  agree("mixed", {25.0, 25.0 / 3, 25.0 / 6, 25.0 / 300, 0.2});
}

}  // namespace test_ttt_reference
