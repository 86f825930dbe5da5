// summary.json's metrics for every plugin, whatever it declares: pairwise games
// of a model without home advantage, and the pairs of a ranked event.
#include <ratekit/host/config/config.hpp>
#include <ratekit/host/engine/engine.hpp>

#include "test_support.hpp"

#include <catch2/catch.hpp>

#include <cmath>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_run_metrics {

using namespace ratekit;

namespace {

run_result run(const testing::temp_dir& dir, const std::string& data_file, const std::string& data,
               const std::string& config) {
  testing::write_text(dir / data_file, data);
  testing::write_text(dir / "c.yaml", config);
  return rate(load_config(dir / "c.yaml", testing::builtin()), testing::builtin());
}

}  // namespace

// glicko (no home advantage) in one month: A beats B, A draws C. Everybody
// starts at 1500, so every expectation is 1/2: foresight picks nobody (0 of 2),
// log-loss ln 2 for both games, Brier (1/4 + 0) / 2 = 1/8. After the month A
// is above B (right) and the draw is a miss: hindsight 1 of 2.
TEST_CASE("metrics cover a model without home advantage", "[metrics][engine]") {
  testing::temp_dir dir;
  const run_result r = run(dir, "games.csv", "date,player_a,player_b,score_a\n2024-03-01,A,B,1\n2024-03-02,A,C,0.5\n",
                           "competition: t\nmodel: glicko\ninput: { format: games-csv, path: games.csv }\nperiod: month\n");
  REQUIRE(r.metrics.contains("foresight"));
  CHECK(r.metrics["foresight"]["games"] == 2);
  CHECK(r.metrics["foresight"]["correct"] == 0);
  CHECK(r.metrics["hindsight"]["correct"] == 1);
  CHECK(r.metrics["log_loss"].get<double>() == Approx(std::log(2.0)).epsilon(1e-12));
  CHECK(r.metrics["brier"].get<double>() == Approx(0.125).epsilon(1e-12));
}

// codeforces, one round: A first, B and C tied second, all new at 1500. The
// pairs (A,B), (A,C), (B,C) are each forecast 1/2: foresight 0 of 3, log-loss
// ln 2 (the tie's too: -(ln 1/2) / 2 twice), Brier (1/4 + 1/4 + 0) / 3 = 1/6.
// After the round A is above B and C, who stay level: hindsight 2 of 3.
TEST_CASE("metrics of ranked events count the pairs of entries", "[metrics][engine][events]") {
  testing::temp_dir dir;
  const run_result r = run(dir, "round.csv",
                           "event,date,player,rank\nR1,2024-03-01,A,1\nR1,2024-03-01,B,2\nR1,2024-03-01,C,2\n",
                           "competition: t\nmodel: codeforces\ninput: { format: standings-csv, path: round.csv }\n"
                           "period: event\n");
  REQUIRE(r.metrics.contains("foresight"));
  CHECK(r.metrics["foresight"]["pairs"] == 3);
  CHECK(r.metrics["foresight"]["correct"] == 0);
  CHECK(r.metrics["hindsight"]["pairs"] == 3);
  CHECK(r.metrics["hindsight"]["correct"] == 2);
  CHECK(r.metrics["log_loss"].get<double>() == Approx(std::log(2.0)).epsilon(1e-12));
  CHECK(r.metrics["brier"].get<double>() == Approx(1.0 / 6).epsilon(1e-12));
}

// EloD skips an event of fewer than 12 rounds: S (4 rounds, X ahead of Y ahead
// of Z) counts no pairs and no games. R (14 rounds) ranks them the other way
// round from level ratings: every forecast is 1/2 (foresight 0 of 3), and the
// final ratings, Z above Y above X, pick every pair of R (hindsight 3 of 3; S's
// order would pick none).
TEST_CASE("metrics of ranked events leave out the events a model skips", "[metrics][engine][events]") {
  testing::temp_dir dir;
  const run_result r = run(dir, "s.csv",
                           "event,date,player,rank,rounds\nS,2024-03-01,X,1,4\nS,2024-03-01,Y,2,4\nS,2024-03-01,Z,3,4\n"
                           "R,2024-03-02,Z,1,14\nR,2024-03-02,Y,2,14\nR,2024-03-02,X,3,14\n",
                           "competition: t\nmodel: elod-duplicate-scrabble\ninput: { format: standings-csv, path: s.csv }\n");
  CHECK(r.skipped == std::vector<bool>{true, false});
  CHECK(r.entry_count == 6);
  CHECK(r.metrics["foresight"]["pairs"] == 3);
  CHECK(r.metrics["foresight"]["correct"] == 0);
  CHECK(r.metrics["hindsight"]["correct"] == 3);
  const double* rating = r.state.rating();
  const auto id = [&](const char* name) { return size_t(r.data.players.find(name)); };
  CHECK(rating[id("Z")] > rating[id("Y")]);
  CHECK(rating[id("Y")] > rating[id("X")]);
  for (const char* name : {"X", "Y", "Z"}) CHECK(r.state.games[id(name)] == 1);
  // Peaks: Z's is the rating R gave, X's the rating he started with.
  CHECK(r.state.peak[id("Z")] == rating[id("Z")]);
  CHECK(r.state.peak[id("X")] == r.start_ratings[id("X")]);
  CHECK(rating[id("X")] < r.start_ratings[id("X")]);
}

// Every event skipped: no pair is forecast, and the metrics say so (no accuracy, no log-loss).
TEST_CASE("metrics of ranked events that were all skipped count no pairs", "[metrics][engine][events]") {
  testing::temp_dir dir;
  const run_result r = run(dir, "s.csv", "event,date,player,rank,rounds\nS,2024-03-01,X,1,4\nS,2024-03-01,Y,2,4\n",
                           "competition: t\nmodel: elod-duplicate-scrabble\ninput: { format: standings-csv, path: s.csv }\n");
  CHECK(r.skipped == std::vector<bool>{true});
  CHECK(r.metrics["foresight"]["pairs"] == 0);
  CHECK(r.metrics["hindsight"]["pairs"] == 0);
  CHECK(r.metrics["foresight"]["accuracy"].is_null());
  CHECK(r.metrics["log_loss"].is_null());
}

}  // namespace test_run_metrics
