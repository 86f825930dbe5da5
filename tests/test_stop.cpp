// A run stopped by the program it runs in (text/stop.hpp): the reader and
// the engine stop between pieces, and between the events of a piece, the
// plugins within a call (ABI 1.7), and the run ends with run_stopped.
#include <ratekit/host/config/config.hpp>
#include <ratekit/host/engine/engine.hpp>
#include <ratekit/host/text/stop.hpp>

#include "test_support.hpp"

#include <catch2/catch.hpp>

#include <atomic>
#include <cstdio>
#include <string>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_stop {

using namespace ratekit;

namespace {

constexpr uint64_t game_count = 400'000;  // a dozen pieces of games

// Day `n` of a calendar of 28-day months from 2000-01-01.
std::string date_of(uint64_t n) {
  char text[16];
  std::snprintf(text, sizeof text, "%04d-%02d-%02d", int(2000 + n / 336), int(n / 28 % 12 + 1), int(n % 28 + 1));
  return text;
}

// 1,000 games a day for 400 days among 2,000 players, rated day by day.
competition_config long_stream(const testing::temp_dir& dir) {
  std::string games = "date,player_a,player_b,score_a\n";
  for (uint64_t i = 0; i < game_count; ++i)
    games += date_of(i / 1000) + ",P" + std::to_string(i % 1000) + ",Q" + std::to_string(i * 7 % 1000) + ",1\n";
  testing::write_text(dir / "games.csv", games);
  testing::write_text(dir / "c.yaml", "competition: t\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
                                      "period: day\ninput: { format: games-csv, path: games.csv }\n");
  return load_config(dir / "c.yaml", testing::builtin());
}

// Sets the stop flag once the first games are rated, or as the plugin is handed them (on the rating
// thread): a Ctrl-C in the midst of a run, or of a plugin's call.
struct stop_after_first_games : rated_games_sink {
  std::atomic<bool>& stop;
  bool in_the_call;
  uint64_t rated = 0;
  stop_after_first_games(std::atomic<bool>& flag, bool in_call = false) : stop(flag), in_the_call(in_call) {}
  void before_rating(const rated_games&) override { stop = stop || in_the_call; }
  void take(rated_games& games) override { rated += games.count, stop = true; }
  unsigned streams() const override { return streams_history; }  // a sink that writes nothing is not called
};

// The games rated by a run of `config` that stops (text/stop.hpp) from its start, once its first games
// are rated, or within the plugin's first call.
uint64_t rated_until_stopped(const competition_config& config, bool from_start, bool in_the_call = false) {
  std::atomic<bool> stop{from_start};
  stop_after_first_games sink(stop, in_the_call);
  const stop_scope scope(stop);
  CHECK_THROWS_AS(rate(config, testing::builtin(), run_services{.sink = &sink}), run_stopped);
  return sink.rated;
}

// Sets the stop flag as the first event is handed over: a Ctrl-C in the midst of a piece of events.
struct stop_after_first_event : rated_games_sink {
  std::atomic<bool>& stop;
  uint64_t events = 0;
  explicit stop_after_first_event(std::atomic<bool>& flag) : stop(flag) {}
  void take(rated_games&) override {}
  unsigned streams() const override { return streams_history; }
  void take(rated_event&) override { ++events, stop = true; }
  unsigned streams_events() const override { return streams_history; }
};

}  // namespace

TEST_CASE("a run whose stop flag is set before it starts rates nothing", "[engine][stop]") {
  const testing::temp_dir dir;
  CHECK(rated_until_stopped(long_stream(dir), true) == 0);
}

TEST_CASE("a run stopped while it rates ends within a piece", "[engine][stop]") {
  const testing::temp_dir dir;
  const uint64_t rated = rated_until_stopped(long_stream(dir), false);
  CHECK(rated > 0);
  CHECK(rated <= 32'768);  // the games of the first call, rated when the flag was set
}

TEST_CASE("a stop flag outside a stop scope is nobody's", "[engine][stop]") {
  const testing::temp_dir dir;
  std::atomic<bool> stop{false};
  stop_after_first_games sink(stop);
  rate(long_stream(dir), testing::builtin(), run_services{.sink = &sink});
  CHECK(sink.rated == game_count);
}

TEST_CASE("a run of ranked events stops between two events of one piece", "[engine][stop]") {
  // 500 events of four players, 2,000 entries: all of them in the reader's first piece.
  const testing::temp_dir dir;
  std::string standings = "event,date,player,rank\n";
  for (int e = 0; e < 500; ++e)
    for (int p = 0; p < 4; ++p)
      standings += "e" + std::to_string(e) + "," + date_of(uint64_t(e)) + ",P" + std::to_string((e + p * 7) % 40) +
                   "," + std::to_string(p + 1) + "\n";
  testing::write_text(dir / "standings.csv", standings);
  testing::write_text(dir / "c.yaml", "competition: t\nmodel: trueskill\ninput: { format: standings-csv, path: "
                                      "standings.csv }\nperiod: event\n");
  const competition_config config = load_config(dir / "c.yaml", testing::builtin());
  std::atomic<bool> stop{false};
  stop_after_first_event sink(stop);
  const stop_scope scope(stop);
  CHECK_THROWS_AS(rate(config, testing::builtin(), run_services{.sink = &sink}), run_stopped);
  CHECK(sink.events == 1);
}

TEST_CASE("a run stopped while a plugin rates its one period of a million games ends as stopped", "[engine][stop]") {
  // A million games of 2024, `period: year`: one call. The flag is set as the period is handed to the
  // plugin; it ended the call early (ABI 1.7), where before the call rated the period to its end and
  // the run completed.
  const testing::temp_dir dir;
  std::string games = "date,player_a,player_b,score_a\n";
  for (uint64_t i = 0; i < 1'000'000; ++i)
    games += "2024-03-01,P" + std::to_string(i % 2000) + ",P" + std::to_string((i * 7 + 1) % 2000) + ",1\n";
  testing::write_text(dir / "games.csv", games);
  testing::write_text(dir / "c.yaml", "competition: t\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
                                      "period: year\ninput: { format: games-csv, path: games.csv }\n");
  CHECK(rated_until_stopped(load_config(dir / "c.yaml", testing::builtin()), false, true) == 0);
}

}  // namespace test_stop
