// Matches cost what they must: a free-for-all of 10,000 players, a standings
// event of 10,000 rated by trueskill and two teams of 100,000 are rated under
// limits the old teams-by-teams tables (1.6 GB a table) and the quadratic sum
// over a team's players (a minute and more of CPU) broke; the pairs of teams
// the metrics count are sampled within the ranked metrics' budget; and a
// match asked pair by pair or block by block gets the chances a whole-match
// call gives.
#include "plugin/team_chances.hpp"

#include "test_support.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <ratekit/host/engine/metrics.hpp>

#include <string>
#include <vector>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_team_costs {

using namespace ratekit;
using namespace ratekit::testing;

namespace {

// At most 400 MB of address space (the tables of 10,000 teams took 1.6 GB each).
const std::string memory_limit = "ulimit -v 400000; ";

// Runs `model` on `data` in `format` under `limit`; the outputs go to dir/out.
command_result run_limited(const temp_dir& dir, const std::string& model, const std::string& format,
                           const std::string& data, const std::string& limit) {
  write_text(dir / "in.csv", data);
  write_text(dir / "c.yaml", "competition: big\nmodel: " + model + "\ninput: { format: " + format +
                                 ", path: in.csv }\noutput: { dir: out }\n");
  return run_cli("run -q " + (dir / "c.yaml").string(), limit);
}

// Field `k` (from 0) of the CSV line of `text` that starts with `start`, as a number.
double field_of(const std::string& text, const std::string& start, size_t k) {
  const size_t at = text.find("\n" + start);
  REQUIRE(at != std::string::npos);
  std::string line = text.substr(at + 1, text.find('\n', at + 1) - at - 1);
  for (size_t f = 0; f < k; ++f) line.erase(0, line.find(',') + 1);
  return std::stod(line.substr(0, line.find(',')));
}

// The run's metrics, summary.json's.
nlohmann::json metrics_of(const temp_dir& dir) {
  return nlohmann::json::parse(read_text(dir / "out/summary.json"))["metrics"];
}

// One free-for-all of 30,000 new players rated by `model` under a CPU limit
// of 15 s; equal players, each expected score is a half, the first's and the
// last's alike.
void check_free_for_all_of_30000(const std::string& model) {
  std::string data = "match,date,team,player,rank\n";
  for (int p = 0; p < 30'000; ++p)
    data += "m,2024-01-01,t" + std::to_string(p) + ",p" + std::to_string(p) + "," + std::to_string(p + 1) + "\n";
  temp_dir dir;
  const command_result r = run_limited(dir, model, "team-csv", data, "ulimit -t 15; ");
  INFO(r.out.substr(0, 2000));
  REQUIRE(r.status == 0);
  const std::string history = read_text(dir / "out/history.csv");
  CHECK(field_of(history, "m,2024-01-01,p0,", 4) == Approx(0.5).margin(1e-12));
  CHECK(field_of(history, "m,2024-01-01,p29999,", 4) == Approx(0.5).margin(1e-12));
}

}  // namespace

TEST_CASE("a free-for-all of 10000 players is rated in bounded memory and its pairs sampled", "[teams][costs]") {
  std::string data = "match,date,team,player,rank\n";
  const int players = 10'000;
  for (int p = 0; p < players; ++p)
    data += "m,2024-01-01,t" + std::to_string(p) + ",p" + std::to_string(p) + "," + std::to_string(p / 2 + 1) + "\n";
  temp_dir dir;
  const command_result r = run_limited(dir, "trueskill", "team-csv", data, memory_limit);
  INFO(r.out);
  REQUIRE(r.status == 0);
  const nlohmann::json m = metrics_of(dir);
  // 49,995,000 pairs of teams: a sample of them, as ranked events' pairs.
  const int64_t counted = m["foresight"]["team pairs"].get<int64_t>();
  CHECK(counted <= pair_sample::default_budget);
  CHECK(counted > pair_sample::default_budget / 4);
  // Each team's expected score is its average over the 9,999 others: equal players, a half.
  const std::string history = read_text(dir / "out/history.csv");
  CHECK(field_of(history, "m,2024-01-01,p0,", 4) == Approx(0.5).margin(1e-12));
  CHECK(field_of(history, "m,2024-01-01,p9999,", 4) == Approx(0.5).margin(1e-12));
}

TEST_CASE("a standings event of 10000 players rated by trueskill takes no teams-by-teams table", "[teams][costs]") {
  std::string data = "event,date,player,rank\n";
  for (int p = 0; p < 10'000; ++p) data += "e,2024-01-01,p" + std::to_string(p) + "," + std::to_string(p + 1) + "\n";
  temp_dir dir;
  const command_result r = run_limited(dir, "trueskill", "standings-csv", data, memory_limit);
  INFO(r.out);
  REQUIRE(r.status == 0);
  CHECK(metrics_of(dir)["foresight"]["pairs"].get<int64_t>() <= pair_accumulator::default_budget);
}

TEST_CASE("two trueskill teams of 100000 are summed up in linear time", "[teams][costs]") {
  // CPU time, not the clock: the quadratic sum took some 75 CPU seconds here.
  // A team's rows together: blue's (the winners), then red's.
  std::string sorted = "match,date,team,player,rank\n";
  for (int side = 0; side < 2; ++side)
    for (int p = side; p < 200'000; p += 2)
      sorted += "m,2024-01-01," + std::string(side ? "red" : "blue") + ",p" + std::to_string(p) + "," +
                std::to_string(side + 1) + "\n";
  temp_dir dir;
  const command_result r = run_limited(dir, "trueskill", "team-csv", sorted, "ulimit -t 15; ");
  INFO(r.out.substr(0, 2000));
  REQUIRE(r.status == 0);
  // The winners gained, the losers lost, by as much.
  const double winner = field_of(read_text(dir / "out/ratings.csv"), "p0,", 1);
  const double loser = field_of(read_text(dir / "out/ratings.csv"), "p1,", 1);
  CHECK(winner > 25);
  CHECK(winner - 25 == Approx(25 - loser).epsilon(1e-9));
}

TEST_CASE("a large match asked pair by pair or by blocks gets the chances of the whole match", "[teams][costs]") {
  // 300 teams of one to three players with partial play: more than one call's table.
  const std::shared_ptr<const plugin> source = builtin().get("trueskill");
  const rk_descriptor& d = source->descriptor();
  std::vector<double> params;
  for (uint32_t k = 0; k < d.param_count; ++k) params.push_back(d.params[k].default_value);
  const model m(source, params);
  std::vector<double> states, weights;
  std::vector<uint32_t> teams;
  const size_t t = 300;
  for (uint32_t team = 0; team < t; ++team)
    for (uint32_t k = 0; k <= team % 3; ++k) {
      states.push_back(20.0 + (team * 7 + k * 3) % 13);
      states.push_back(2.0 + (team + k) % 5);
      weights.push_back(k == 1 ? 0.5 : 1.0);
      teams.push_back(team);
    }
  const size_t n = teams.size();
  std::vector<double> beats(t * t), draws(t * t);
  m.expect_teams(states.data(), teams.data(), weights.data(), n, beats.data(), draws.data());
  REQUIRE(t > match_chances::table_teams);
  match_chances chances(m, states.data(), teams.data(), weights.data(), n);
  size_t pairs = 0;
  chances.each([&](size_t i, size_t j, const team_pair_chances& c) {
    ++pairs;
    CHECK(c.ahead == beats[i * t + j]);
    CHECK(c.behind == beats[j * t + i]);
    CHECK(c.tie == draws[i * t + j]);
  });
  CHECK(pairs == t * (t - 1) / 2);
  for (const auto& [i, j] : {std::pair<size_t, size_t>{0, 1}, {0, 299}, {128, 129}, {127, 255}, {200, 298}}) {
    const team_pair_chances c = chances.pair(i, j);
    CHECK(c.ahead == beats[i * t + j]);
    CHECK(c.behind == beats[j * t + i]);
    CHECK(c.tie == draws[i * t + j]);
  }
}

TEST_CASE("team pairs past the budget are sampled as ranked events' pairs are", "[teams][costs][metrics]") {
  // Every pair counts while the run is within its budget, a 2^-level share past it.
  pair_sample all(1'000'000), sampled(1000);
  for (size_t i = 0; i < 200; ++i)
    for (pair_sample* s : {&all, &sampled})
      s->add_row(0, 200, i, [&](size_t j) { return forecast_sums::of(0.75, i < j ? 1.0 : 0.0); });
  CHECK(all.level() == 0);
  CHECK(all.counted().count == 200 * 199 / 2);
  CHECK(sampled.level() > 0);
  CHECK(sampled.counted().count <= 1000);
  CHECK(sampled.counted().count > 250);
  CHECK(sampled.counted().correct == sampled.counted().count);  // each pair favoured its winner
}

TEST_CASE("a trueskill free-for-all of 30000 players takes seconds of CPU, not half a minute", "[teams][costs]") {
  // CPU time, not the clock: each team's expected score summed over the
  // 449,985,000 pairs took some 27 CPU seconds here; the sum of normal
  // distribution functions (plugins/trueskill/team_scores.hpp) is linear.
  // What is left, about 8 s, is mostly the metrics' sample of 10 million pairs.
  check_free_for_all_of_30000("trueskill");
}

TEST_CASE("a weng-lin free-for-all of 30000 players takes seconds of CPU, not twenty", "[teams][costs]") {
  // The Plackett-Luce update over the pairs and each team's expected score
  // summed over them took some 20 CPU seconds; both are linear in the teams
  // now (plackett_luce_linear, plugins/weng-lin/team_scores.hpp).
  check_free_for_all_of_30000("weng-lin");
}

}  // namespace test_team_costs
