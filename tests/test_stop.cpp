// A run stopped by the program it runs in (engine/stop.hpp): the reader and
// the engine stop between pieces, and the run ends with run_stopped.
#include <ratekit/host/config/config.hpp>
#include <ratekit/host/engine/engine.hpp>
#include <ratekit/host/engine/stop.hpp>

#include "test_support.hpp"

#include <catch2/catch.hpp>

#include <atomic>
#include <string>

using namespace ratekit;

namespace {

constexpr uint64_t game_count = 400'000;  // a dozen pieces of games

// A stream of game periods among 1,000 players.
competition_config long_stream(const testing::temp_dir& dir) {
  std::string games = "date,player_a,player_b,score_a\n";
  for (uint64_t i = 0; i < game_count; ++i)
    games += "2024-03-01,P" + std::to_string(i % 1000) + ",Q" + std::to_string(i * 7 % 1000) + ",1\n";
  testing::write_text(dir / "games.csv", games);
  testing::write_text(dir / "c.yaml", "competition: t\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
                                      "input: { format: games-csv, path: games.csv }\n");
  return load_config(dir / "c.yaml", testing::builtin());
}

}  // namespace

TEST_CASE("a run whose stop flag is set before it starts rates nothing", "[engine][stop]") {
  const testing::temp_dir dir;
  const competition_config config = long_stream(dir);
  const std::atomic<bool> stop{true};
  const stop_scope scope(stop);
  std::atomic<uint64_t> rated{0};
  CHECK_THROWS_AS(rate(config, testing::builtin(), &rated), run_stopped);
  CHECK(rated == 0);
}

// Sets the stop flag once the first games are rated: a Ctrl-C in the midst of a run.
struct stop_after_first_games : rated_games_sink {
  std::atomic<bool>& stop;
  explicit stop_after_first_games(std::atomic<bool>& flag) : stop(flag) {}
  void take(rated_games&) override { stop = true; }
  unsigned streams() const override { return 0; }
};

TEST_CASE("a run stopped while it rates ends within a piece", "[engine][stop]") {
  const testing::temp_dir dir;
  const competition_config config = long_stream(dir);
  std::atomic<bool> stop{false};
  stop_after_first_games sink(stop);
  std::atomic<uint64_t> rated{0};
  {
    const stop_scope scope(stop);
    CHECK_THROWS_AS(rate(config, testing::builtin(), &rated, &sink), run_stopped);
  }
  CHECK(rated > 0);
  CHECK(rated <= 2 * 32'768);  // the piece rated when the flag was set, and at most one more
  // Without a stop scope, the flag is nobody's: the same run rates every game.
  std::atomic<uint64_t> all{0};
  rate(config, testing::builtin(), &all, &sink);
  CHECK(all == game_count);
}
