// The codeforces plugin against a round worked by hand, each rule at its
// threshold, the rules for new accounts, and the official rating changes of
// rounds 908, 911 and 917 (data/codeforces-ratings/).
#include "test_support.hpp"

#include <codeforces/codeforces.hpp>

#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <sstream>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_codeforces {

using namespace ratekit::plugins;
using ratekit::testing::run_cli;

namespace {

// Official new ratings of round n and how many of them a run through the CLI reproduces.
size_t exact_matches(int n) {
  const ratekit::testing::temp_dir dir;
  const auto r = run_cli("-q run " + ratekit::testing::source_path("configs/codeforces-" + std::to_string(n) + ".yaml").string() +
                         " --out " + (dir / "out").string());
  REQUIRE(r.status == 0);
  std::map<std::string, std::string> mine;
  std::ifstream list(dir / "out" / "ratings.csv");
  std::string line;
  std::getline(list, line);
  while (std::getline(list, line)) {
    const std::string player = line.substr(0, line.find(','));
    const size_t at = line.find(',') + 1;
    mine[player] = line.substr(at, line.find(',', at) - at);
  }
  std::ifstream official(ratekit::testing::source_path("data/codeforces-ratings/cf_" + std::to_string(n) + ".csv"));
  std::getline(official, line);
  size_t same = 0;
  while (std::getline(official, line)) {
    std::vector<std::string> cells;
    std::stringstream s(line);
    for (std::string cell; std::getline(s, cell, ',');) cells.push_back(cell);
    // contest_id, contest_name, rank, handle, old_rating, new_rating, time (no commas in these names)
    same += mine[cells[3]] == cells[5];
  }
  return same;
}

}  // namespace

TEST_CASE("codeforces: tied participants are rated from the last place of their tie", "[codeforces]") {
  CHECK(cf::last_positions({1, 2, 2, 4, 4, 4, 7}) == std::vector<int64_t>{1, 3, 3, 6, 6, 6, 7});
  CHECK(cf::last_positions({3, 1, 3}) == std::vector<int64_t>{3, 1, 3});
  CHECK(cf::last_positions({1}) == std::vector<int64_t>{1});
}

TEST_CASE("codeforces: two players at 1500, worked by hand", "[codeforces]") {
  // Seeds 1.5 each. The winner needs the highest R with 1 + P(1500 beats R) >= sqrt(1 * 1.5):
  // R = 1715 (P = 0.22487 >= 0.22474; at 1716 P = 0.22390), delta (1715 - 1500) / 2 = 107.
  // The loser: sqrt(2 * 1.5) = 1.73205, R = 1325 (P = 0.73245; at 1326 0.73140), delta -175 / 2 = -87.
  // Correction 1: -(107 - 87) / 2 - 1 = -11; correction 2: s = 2, -(96 - 98) / 2 = 1, capped at 0.
  const cf::win_table p;
  cf::rating_round round(p);
  CHECK(round.deltas({1500, 1500}, {1, 2}) == std::vector<int64_t>{96, -98});
  CHECK(round.seed(0) == 1.5);
  CHECK(round.needed(0) == 1715);
  CHECK(round.needed(1) == 1325);
}

TEST_CASE("codeforces: the binary search ends inside 1 .. 7999", "[codeforces]") {
  const cf::win_table p;
  cf::rating_round round(p);
  // Far below a field of 4000s the needed rating bottoms out at 1; alone in a round, any
  // rating meets seed 1, so the search tops out at 7999 (then the corrections take it back).
  round.deltas({4000, 4000, 4000, 4000, 10}, {1, 2, 3, 4, 5});
  CHECK(round.needed(4) == 1);
  CHECK(round.deltas({1500}, {1}) == std::vector<int64_t>{-1});  // (7999 - 1500) / 2 = 3249, -3250, then 0
  CHECK(round.needed(0) == 7999);
}

TEST_CASE("codeforces: correction 1 truncates toward zero, then takes one more", "[codeforces]") {
  CHECK(cf::rating_round::sum_correction({3, 2}) == -3);     // -5 / 2 = -2, -1
  CHECK(cf::rating_round::sum_correction({-3, -2}) == 1);    // 5 / 2 = 2, -1
  CHECK(cf::rating_round::sum_correction({2, 2}) == -3);     // -4 / 2 = -2 exactly
  CHECK(cf::rating_round::sum_correction({0, 0, 1}) == -1);  // -1 / 3 = 0
}

TEST_CASE("codeforces: correction 2 gives back at most 10 and never adds", "[codeforces]") {
  const std::vector<int64_t> old{2000, 1000};  // n = 2: s = min(2, 4 round(sqrt 2)) = 2
  CHECK(cf::rating_round::top_correction({10, 10}, old) == -10);   // exactly -10
  CHECK(cf::rating_round::top_correction({10, 11}, old) == -10);   // -21 / 2 = -10
  CHECK(cf::rating_round::top_correction({11, 11}, old) == -10);   // -11 clamped
  CHECK(cf::rating_round::top_correction({9, 10}, old) == -9);
  CHECK(cf::rating_round::top_correction({0, 1}, old) == 0);       // -1 / 2 = 0
  CHECK(cf::rating_round::top_correction({0, 0}, old) == 0);
  CHECK(cf::rating_round::top_correction({-1, -4}, old) == 0);     // would add 2: capped at 0
  // n = 20: s = min(20, 4 round(4.47)) = 16: the 4 lowest-rated do not count.
  std::vector<int64_t> delta(20, 0), ratings(20);
  for (int k = 0; k < 20; ++k) ratings[size_t(k)] = 3000 - 10 * k;
  for (int k = 16; k < 20; ++k) delta[size_t(k)] = 100;
  CHECK(cf::rating_round::top_correction(delta, ratings) == 0);
  delta[15] = 32;  // the 16th highest does: -32 / 16 = -2
  CHECK(cf::rating_round::top_correction(delta, ratings) == -2);
}

TEST_CASE("codeforces: new accounts since 2020 are rated from 1400 and shown from 0", "[codeforces]") {
  const double param = 1;
  codeforces m(ratekit::sdk::host(nullptr), ratekit::sdk::params(&param, 1));
  // N plays seven rounds against the same two established players.
  std::vector<double> rating{1500, 1500, 1600}, shown{1500, 1500, 1600}, contests{0, 10, 10};
  double* columns[] = {rating.data(), shown.data(), contests.data()};
  const rk_state raw{sizeof(rk_state), 3, 3, columns, nullptr, nullptr, nullptr};
  const ratekit::sdk::state s(&raw);
  const double offsets[] = {500, 850, 1100, 1250, 1350, 1400, 1400};
  for (int round = 0; round < 7; ++round) {
    const rk_entry entries[] = {{0, 0, 1.0 + round % 3}, {1, 0, 1.0 + (round + 1) % 3}, {2, 0, 1.0 + (round + 2) % 3}};
    const rk_event event{0, 3, NAN};
    const rk_event_batch batch{sizeof(rk_event_batch), 0, entries, 3, &event, 1, nullptr};
    std::vector<rk_entry_out> out(3);
    m.rate_events(s, batch, out.data());
    if (round == 0) CHECK(rating[0] == 1400 + out[0].delta);  // computed from 1400, not the list's 1500
    INFO("after round " << round + 1);
    CHECK(contests[0] == round + 1);
    CHECK(shown[0] == rating[0] - 1400 + offsets[round]);
  }
  CHECK(shown[0] == rating[0]);  // after six rounds the shown rating is the rating
  CHECK(shown[1] == rating[1]);  // established players are shown as they are
}

TEST_CASE("codeforces: the official rating changes of rounds 908, 911 and 917", "[codeforces][official]") {
  CHECK(exact_matches(908) == 6691);  // every participant
  CHECK(exact_matches(917) == 423);   // every participant
  // Round 911 (educational): five participants were rated from lower places than
  // their published ranks; the seeds they changed leave 220 others one point apart.
  CHECK(exact_matches(911) >= 3757);
}

}  // namespace test_codeforces
