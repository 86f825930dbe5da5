// A sink on a thread of its own (sink_thread) sees every batch as the engine
// handed it, in order, and what it throws comes back to the engine as itself.
#include "test_support.hpp"

#include <catch2/catch.hpp>
#include <ratekit/host/config/config.hpp>
#include <ratekit/host/engine/engine.hpp>
#include <ratekit/host/output/background/sink_thread.hpp>

#include <atomic>
#include <chrono>
#include <future>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_sink_thread {

using namespace ratekit;

namespace {

// Every field of every batch, as text (numbers to 17 digits).
struct transcript_sink final : rated_games_sink {
  std::ostringstream text;
  size_t batches = 0;
  bool saw_instance = false;
  transcript_sink() { text.precision(17); }
  void take(rated_games& g) override {
    ++batches;
    saw_instance = saw_instance || g.rater;
    text << "batch " << g.first << ' ' << g.count << " shown " << g.shown << " periods " << g.period_count << ':';
    for (size_t p = 0; g.ends && p < g.period_count; ++p) text << ' ' << g.ends[p];
    text << "\nnames";
    for (const auto& n : g.new_names) text << ' ' << n;
    text << "\nperiod names";
    for (const auto& n : g.new_period_names) text << ' ' << n;
    text << '\n';
    for (size_t i = 0; i < g.count; ++i) {
      const rk_game& x = g.games[i];
      const rk_game_out& o = g.out[i];
      text << x.a << ' ' << x.b << ' ' << x.score_a << ' ' << x.k_a << ' ' << x.k_b << ' ' << o.expected_a << ' '
           << o.expected_b << ' ' << o.delta_a << ' ' << o.delta_b << ' ' << g.dates[i] << ' ' << g.periods[i] << ' '
           << g.before_a[i] << ' ' << g.before_b[i] << ' ' << g.after_a[i] << ' ' << g.after_b[i];
      for (size_t k = 0; k < 2 * g.shown; ++k) text << ' ' << g.state[2 * i * g.shown + k];
      text << '\n';
    }
  }
  unsigned streams() const override { return streams_history; }
  void take(rated_event& e) override {
    ++batches;
    text << "event " << e.info->name << ' ' << e.info->date << ' ' << e.first << ' ' << e.count << " shown " << e.shown
         << " fields " << e.fields << "\nnames";
    for (const auto& n : e.new_names) text << ' ' << n;
    text << '\n';
    for (size_t i = 0; i < e.count; ++i) {
      const rk_entry& x = e.entries[i];
      const rk_entry_out& o = e.out[i];
      text << x.player << ' ' << x.rank << ' ' << o.expected << ' ' << o.delta << ' ' << o.weight << ' ' << o.flags << ' '
           << e.before[i] << ' ' << e.after[i];
      for (size_t k = 0; k < e.shown; ++k) text << ' ' << e.state[i * e.shown + k];
      for (size_t f = 0; f < e.fields; ++f) text << ' ' << e.state_before[i * e.fields + f] << ' ' << e.state_after[i * e.fields + f];
      text << '\n';
    }
  }
  unsigned streams_events() const override { return streams_history; }
};

// 70,000 games (more than one piece) among players who keep joining, over three months of named rounds.
std::string games_csv() {
  std::string text = "date,player_a,player_b,score_a,period\n";
  for (int i = 0; i < 70'000; ++i) {
    const int a = i % 397, b = (i * 7 + 1) % (400 + i / 20), month = 1 + i * 3 / 70'000;
    text += "2024-0" + std::to_string(month) + "-01,p" + std::to_string(a) + ",p" + std::to_string(b == a ? b + 1 : b) +
            "," + (i % 3 ? "1" : i % 2 ? "0.5" : "0") + ",round " + std::to_string(i / 7) + "\n";
  }
  return text;
}

struct boom {
  int batch;
};

// Throws boom on its `fail_at`-th batch; counts the batches it was given.
struct failing_sink final : rated_games_sink {
  int fail_at, taken = 0;
  explicit failing_sink(int n) : fail_at(n) {}
  void take(rated_games&) override {
    if (++taken == fail_at) throw boom{taken};
  }
  unsigned streams() const override { return streams_database; }
};

// Done with a batch only some time after it was given it.
struct slow_sink final : rated_games_sink {
  std::atomic<int> done{0};
  void take(rated_games&) override {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    ++done;
  }
  unsigned streams() const override { return streams_history; }
};

// One game handed over as the engine does.
struct one_game {
  rk_game game{};
  rk_game_out out{};
  int32_t date = 20240101, period = -1;
  double rating = 1500;
  rated_games view() {
    rated_games g;
    g.count = 1;
    g.games = &game, g.out = &out, g.dates = &date, g.periods = &period;
    g.before_a = g.before_b = g.after_a = g.after_b = &rating;
    return g;
  }
};

// Hands `thread` `n` batches of one game each.
void hand_over(sink_thread& thread, int n) {
  one_game g;
  for (int i = 0; i < n; ++i) {
    rated_games v = g.view();
    thread.take(v);
  }
}

// `config` rated into a sink directly and through a sink_thread: `direct` and `threaded` hold what each saw.
void rate_both_ways(const competition_config& config, transcript_sink& direct, transcript_sink& threaded) {
  const auto& plugins = testing::builtin();
  rate(config, plugins, run_services{.sink = &direct});
  sink_thread thread(threaded);
  CHECK(thread.streams() == streams_history);
  CHECK(thread.streams_events() == streams_history);
  rate(config, plugins, run_services{.sink = &thread});
  thread.finish();
}

}  // namespace

TEST_CASE("a sink on its own thread sees every batch as the engine handed it, in order", "[stream][thread]") {
  testing::temp_dir dir;
  testing::write_text(dir / "games.csv", games_csv());
  const auto& plugins = testing::builtin();
  for (const char* setup : {"model: glicko\nperiod: month\n", "model: fide-logistic\nk_schedule: [ { k: 20 } ]\nperiod: event\n",
                            "model: fide-logistic\nk_schedule: [ { k: 20 } ]\nperiod: game\n"}) {
    INFO(setup);
    testing::write_text(dir / "c.yaml", std::string("competition: t\n") + setup +
                                            "input: { format: games-csv, path: games.csv }\n");
    transcript_sink direct, threaded;
    rate_both_ways(load_config(dir / "c.yaml", plugins), direct, threaded);
    CHECK(threaded.batches > 1);
    CHECK(threaded.batches == direct.batches);
    CHECK(threaded.text.str() == direct.text.str());
    CHECK(direct.saw_instance);
    CHECK_FALSE(threaded.saw_instance);  // the engine's thread is calling the model
  }
}

TEST_CASE("a sink on its own thread sees every ranked event as the engine handed it, in order", "[stream][thread]") {
  testing::temp_dir dir;
  std::string standings = "event,date,player,rank,rounds\n";  // 30 events of 3,000 (more than one piece), some skipped
  for (int e = 0; e < 30; ++e)
    for (int k = 0; k < 3000; ++k)
      standings += "e" + std::to_string(e) + ",2024-01-" + (e < 9 ? "0" : "") + std::to_string(e + 1) + ",p" +
                   std::to_string((k * 7919 + e * 101) % (3000 + 200 * e)) + "," + std::to_string(k + 1) +
                   (e % 4 ? ",14\n" : ",3\n");
  testing::write_text(dir / "s.csv", standings);
  const auto& plugins = testing::builtin();
  for (const char* model : {"elod-duplicate-scrabble", "codeforces"}) {
    INFO(model);
    testing::write_text(dir / "c.yaml", std::string("competition: t\nmodel: ") + model +
                                            "\ninput: { format: standings-csv, path: s.csv }\n");
    transcript_sink direct, threaded;
    rate_both_ways(load_config(dir / "c.yaml", plugins), direct, threaded);
    CHECK(threaded.batches == 30);
    CHECK(threaded.text.str() == direct.text.str());
  }
}

TEST_CASE("what a threaded sink throws comes back as itself, and it is given nothing after", "[stream][thread]") {
  SECTION("from a later take()") {
    failing_sink sink(2);
    sink_thread thread(sink);
    one_game g;
    int thrown_at = 0;
    for (int i = 1; i <= 10 && !thrown_at; ++i) {
      try {
        rated_games v = g.view();
        thread.take(v);
      } catch (const boom& b) {
        CHECK(b.batch == 2);
        thrown_at = i;
      }
    }
    CHECK(thrown_at > 2);  // handed over after batch 2 failed, however late
    CHECK_THROWS_AS(thread.finish(), boom);
    CHECK(sink.taken == 2);
  }
  SECTION("from finish()") {
    failing_sink sink(1);
    sink_thread thread(sink);
    try {
      hand_over(thread, 1);
    } catch (const boom&) {  // not thrown yet: the sink may not have been given it
    }
    CHECK_THROWS_AS(thread.finish(), boom);
    CHECK(sink.taken == 1);
  }
  SECTION("a sink that does not throw is finished cleanly, every batch taken") {
    failing_sink sink(0);
    sink_thread thread(sink);
    hand_over(thread, 50);
    thread.finish();
    CHECK(sink.taken == 50);
  }
}

TEST_CASE("finish() returns once the sink is done with the last batch, not when it was given it", "[stream][thread]") {
  slow_sink sink;
  sink_thread thread(sink);
  hand_over(thread, 4);
  thread.finish();
  CHECK(sink.done == 4);  // read before the thread is stopped
}

namespace {

// Reads a batch's adjustment reasons only once `go` is set, as a writer busy with the batch before would.
struct late_reader final : rated_games_sink {
  std::promise<void> go;
  std::vector<std::string> reasons;
  void take(rated_games& g) override {
    go.get_future().wait();
    for (size_t k = 0; k < g.adjustment_count; ++k) reasons.push_back(*g.adjustments[k].reason);
  }
  unsigned streams() const override { return streams_history; }
};

}  // namespace

TEST_CASE("a batch handed to a threaded sink keeps its adjustments' reasons when the model's change or go",
          "[stream][thread][adjustments]") {
  late_reader sink;
  sink_thread thread(sink);
  one_game g;
  std::string decay = "inactivity", bonus = "attendance";  // where the model keeps them
  const rated_adjustment adjustments[] = {{0, 0, -5, 1500, 1495, &decay}, {0, 0, 1, 1500, 1501, &bonus},
                                          {0, 0, -5, 1500, 1495, &decay}};
  rated_games v = g.view();
  v.adjustments = adjustments, v.adjustment_count = 3;
  thread.take(v);
  decay = "freed", bonus = "reused";  // as a failed run frees the model while the batch is still written
  sink.go.set_value();
  thread.finish();
  CHECK(sink.reasons == std::vector<std::string>{"inactivity", "attendance", "inactivity"});
}

}  // namespace test_sink_thread
