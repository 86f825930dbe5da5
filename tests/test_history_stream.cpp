// history.csv written while the games are rated (history_writer) holds the
// same bytes as the one built from a finished run, keeps no game in the run,
// and reports a file it cannot write.
#include "test_support.hpp"

#include <catch2/catch.hpp>
#include <ratekit/host/config/config.hpp>
#include <ratekit/host/engine/engine.hpp>
#include <ratekit/host/output/history_writer.hpp>
#include <ratekit/host/output/outputs.hpp>
#include <ratekit/host/text/diagnostics.hpp>

#include <string>

using namespace ratekit;

namespace {

// 70,000 games (more than one piece of 65,536) among players who keep joining,
// in named events of 7 games: names and period names arrive piece by piece.
std::string games_csv() {
  std::string text = "date,player_a,player_b,score_a,period\n";
  for (int i = 0; i < 70'000; ++i) {
    const int a = i % 997, b = (i * 7 + 1) % (1000 + i / 10);
    const int day = 1 + (i % 35'000) * 28 / 35'000;  // dates only move forward
    text += "2024-" + std::string(i < 35'000 ? "01-" : "02-") + (day < 10 ? "0" : "") + std::to_string(day) + ",p" +
            std::to_string(a) + ",p" + std::to_string(b == a ? b + 1 : b) + "," + (i % 3 ? "1" : "0.5") +
            ",round " + std::to_string(i / 7) + "\n";
  }
  return text;
}

// The history of `model` with `period`, streamed by `ratekit run` and built from the kept games.
void check_same_history(const std::string& model, const std::string& period) {
  testing::temp_dir dir;
  testing::write_text(dir / "games.csv", games_csv());
  const std::string k = model == "glicko" ? "" : "k_schedule: [ { k: 20 } ]\n";
  testing::write_text(dir / "c.yaml", "competition: t\nmodel: " + model + "\n" + k +
                                          "input: { format: games-csv, path: games.csv }\nperiod: " + period + "\n");
  REQUIRE(testing::run_cli("-q run " + (dir / "c.yaml").string() + " --out " + (dir / "streamed").string()).status == 0);
  const auto& plugins = testing::builtin();
  const run_result kept = rate(load_config(dir / "c.yaml", plugins), plugins);
  CHECK_FALSE(kept.history_streamed);
  write_outputs(kept, dir / "kept");
  const std::string streamed = testing::read_text(dir / "streamed" / "history.csv");
  CHECK(std::count(streamed.begin(), streamed.end(), '\n') == 1 + 2 * 70'000);
  CHECK(streamed == testing::read_text(dir / "kept" / "history.csv"));
}

struct counting_sink final : rated_games_sink {
  size_t games = 0, names = 0;
  void take(rated_games& g) override {
    games += g.count;
    names += g.new_names.size();
  }
};

}  // namespace

TEST_CASE("history.csv streamed while rating equals the one built after the run", "[history][stream]") {
  check_same_history("fide-logistic", "event");  // per-period calls, event names, a shown `rated` field
  check_same_history("glicko", "month");         // rd_after, calendar labels
  check_same_history("fide-logistic", "game");   // game numbers across pieces
}

TEST_CASE("a run whose history streams keeps no game for it", "[history][stream]") {
  testing::temp_dir dir;
  testing::write_text(dir / "games.csv", games_csv());
  testing::write_text(dir / "c.yaml", "competition: t\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
                                      "input: { format: games-csv, path: games.csv }\nperiod: month\n");
  const auto& plugins = testing::builtin();
  counting_sink sink;
  const run_result r = rate(load_config(dir / "c.yaml", plugins), plugins, nullptr, &sink);
  CHECK(r.history_streamed);
  CHECK(sink.games == 70'000);
  CHECK(sink.names == size_t(r.data.players.size()));  // every name once
  CHECK(r.data.games.empty());
  CHECK(r.game_out.empty());
  CHECK(r.game_state_after.empty());
  // An output that reads the games after the run still gets them.
  testing::write_text(dir / "r.yaml", testing::read_text(dir / "c.yaml") + "output: { report: true }\n");
  const run_result reported = rate(load_config(dir / "r.yaml", plugins), plugins, nullptr, &sink);
  CHECK(reported.data.games.size() == 70'000);
}

TEST_CASE("a history file that cannot be written is an error naming it", "[history][stream]") {
  testing::temp_dir dir;
  testing::write_text(dir / "games.csv", "date,player_a,player_b,score_a\n2024-01-01,A,B,1\n");
  testing::write_text(dir / "c.yaml", "competition: t\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
                                      "input: { format: games-csv, path: games.csv }\n");
  const auto& plugins = testing::builtin();
  const competition_config config = load_config(dir / "c.yaml", plugins);
  history_writer history(dir / "no such folder" / "history.csv", config, plugins.get("fide-logistic")->descriptor());
  rate(config, plugins, nullptr, &history);
  try {
    history.finish();
    FAIL("no error");
  } catch (const user_error& e) {
    CHECK_THAT(std::string(e.what()), Catch::Contains("no such folder/history.csv") && Catch::Contains("cannot write"));
  }
}
