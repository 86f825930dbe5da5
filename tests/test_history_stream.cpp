// history.csv written while the games are rated (history_writer) holds the
// same bytes as the one built from a finished run, keeps no game in the run,
// and reports a file it cannot write.
#include "test_support.hpp"
#include "output/background/background_file.hpp"
#include "output/files/history_rows.hpp"

#include <catch2/catch.hpp>
#include <ratekit/host/config/config.hpp>
#include <ratekit/host/engine/engine.hpp>
#include <ratekit/host/output/files/history_writer.hpp>
#include <ratekit/host/output/files/outputs.hpp>
#include <ratekit/host/output/run_outputs.hpp>
#include <ratekit/host/text/diagnostics.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_history_stream {

using namespace ratekit;
namespace fs = std::filesystem;

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
  const competition_config config = load_config(dir / "c.yaml", plugins);
  const run_result kept = rate(config, plugins);
  CHECK_FALSE(kept.history_streamed);
  write_outputs(kept, config, dir / "kept");
  const std::string streamed = testing::read_text(dir / "streamed" / "history.csv");
  CHECK(std::count(streamed.begin(), streamed.end(), '\n') == 1 + 2 * 70'000);
  CHECK(streamed == testing::read_text(dir / "kept" / "history.csv"));
}

// 80 events of 1,000 players (more than one piece) drawn from a pool that
// grows, ties, and every fifth event of 4 rounds, which EloD's min_rounds 12 skips.
std::string standings_csv() {
  std::string text = "event,date,player,rank,rounds\n";
  for (int e = 0; e < 80; ++e) {
    const std::string head = "round " + std::to_string(e) + ",2024-0" + std::to_string(1 + e / 28) + "-" +
                             (e % 28 < 9 ? "0" : "") + std::to_string(e % 28 + 1) + ",p";
    const std::string rounds = e % 5 == 0 ? ",4\n" : ",14\n";
    for (int k = 0; k < 1000; ++k)
      text += head + std::to_string((k * 7919 + e * 131) % (1500 + 40 * e)) + "," + std::to_string(k + 1 - (k % 9 == 8)) + rounds;
  }
  return text;
}

// The rows of a full history.csv carry each player's rating on: his rating
// before an event is his rating after the one before, and his last is the one
// ratings.csv gives him.
void check_ratings_carry_on(const std::string& history, const std::string& ratings) {
  std::map<std::string, std::string> last;
  size_t rows = 0, broken = 0;
  std::istringstream in(history);
  std::string line;
  std::getline(in, line);
  REQUIRE_THAT(line, Catch::StartsWith("period,date,player,opponent,expected,score,k,change,rating_before,rating_after"));
  while (std::getline(in, line)) {
    std::vector<std::string> cells;
    std::istringstream row(line);
    for (std::string cell; std::getline(row, cell, ',');) cells.push_back(cell);
    const auto seen = last.find(cells[2]);
    broken += seen != last.end() && seen->second != cells[8];
    last[cells[2]] = cells[9];
    ++rows;
  }
  CHECK(rows > 50'000);
  CHECK(broken == 0);
  std::istringstream list(ratings);
  std::getline(list, line);
  size_t listed = 0, differ = 0;
  while (std::getline(list, line)) {
    const std::string player = line.substr(0, line.find(',')), rating = line.substr(line.find(',') + 1);
    if (!last.count(player)) continue;
    ++listed;
    differ += std::abs(std::stod(rating) - std::stod(last[player])) > 1e-6;
  }
  CHECK(listed == last.size());
  CHECK(differ == 0);
}

// The history and report of ranked events with `model`, streamed by `ratekit run` and built from the kept entries.
void check_same_ranked_history(const std::string& model, const std::string& output) {
  testing::temp_dir dir;
  testing::write_text(dir / "s.csv", standings_csv());
  testing::write_text(dir / "c.yaml", "competition: t\nmodel: " + model + "\ninput: { format: standings-csv, path: s.csv }\n" +
                                          output);
  REQUIRE(testing::run_cli("-q run " + (dir / "c.yaml").string() + " --out " + (dir / "streamed").string()).status == 0);
  const auto& plugins = testing::builtin();
  const competition_config config = load_config(dir / "c.yaml", plugins);
  const run_result kept = rate(config, plugins);
  CHECK_FALSE(kept.history_streamed);
  write_outputs(kept, config, dir / "kept");
  const std::string streamed = fs::exists(dir / "streamed" / "history.csv") ? testing::read_text(dir / "streamed" / "history.csv") : "";
  if (fs::exists(dir / "kept" / "history.csv")) {
    size_t rated = 0;
    for (const rk_entry_out& o : kept.entry_out) rated += !(o.flags & RK_ENTRY_SKIPPED);
    CHECK(rated > 50'000);
    CHECK(std::count(streamed.begin(), streamed.end(), '\n') == long(1 + rated));
    CHECK(streamed == testing::read_text(dir / "kept" / "history.csv"));
    if (output.find("history: [") == std::string::npos)
      check_ratings_carry_on(streamed, testing::read_text(dir / "streamed" / "ratings.csv"));
  } else {
    CHECK_FALSE(fs::exists(dir / "streamed" / "history.csv"));
  }
  if (fs::exists(dir / "kept" / "report.md")) {  // every event has its heading, a skipped one says so
    const std::string md = testing::read_text(dir / "streamed" / "report.md");
    CHECK(std::count(md.begin(), md.end(), '#') >= 81);
    CHECK((md.find("(not rated: too few rounds)") != std::string::npos) == (config.model == "elod-duplicate-scrabble"));
  }
  for (const char* other : {"ratings.csv", "summary.json", "chart.svg", "report.csv", "report.md"})
    if (fs::exists(dir / "kept" / other)) CHECK(testing::read_text(dir / "streamed" / other) == testing::read_text(dir / "kept" / other));
}

struct counting_sink final : rated_games_sink {
  size_t games = 0, names = 0, entries = 0, events = 0;
  void take(rated_games& g) override {
    games += g.count;
    names += g.new_names.size();
  }
  unsigned streams() const override { return streams_history; }  // in place of history.csv's writer
  void take(rated_event& e) override {
    entries += e.count, ++events;
    names += e.new_names.size();
  }
  unsigned streams_events() const override { return streams_history; }
};

}  // namespace

TEST_CASE("history.csv of ranked events streamed while rating equals the one built after the run", "[history][stream]") {
  check_same_ranked_history("elod-duplicate-scrabble", "output: { charts: true }\n");  // skipped events, volatility shown
  check_same_ranked_history("codeforces", "");                                          // shown rating and contests
  check_same_ranked_history("codeforces", "output: { history: [player, rating_after, shown_after] }\n");
  check_same_ranked_history("codeforces", "output: { charts: true, history: [player, rating_after] }\n");  // chart from kept entries
}

TEST_CASE("a ranked run whose chart reads the streamed history.csv keeps no entry", "[history][stream][chart]") {
  testing::temp_dir dir;
  testing::write_text(dir / "s.csv", standings_csv());
  const auto& plugins = testing::builtin();
  for (const std::string history : {"", ", history: [player, rating_after]"}) {
    testing::write_text(dir / "c.yaml", "competition: t\nmodel: codeforces\ninput: { format: standings-csv, path: s.csv }\n"
                                        "output: { charts: true" + history + " }\n");
    const competition_config config = load_config(dir / "c.yaml", plugins);
    history_writer writer(dir / "h.csv", config, plugins.get("codeforces")->descriptor());
    const run_result r = rate(config, plugins, run_services{.sink = &writer});
    writer.finish();
    CHECK(r.history_streamed);
    CHECK(r.data.entries.empty() == history.empty());  // a lean history has no rating_before: the chart keeps them
    CHECK(r.entry_out.empty() == history.empty());
  }
}

TEST_CASE("the report of ranked events streamed while rating equals the one built after the run", "[report][stream]") {
  check_same_ranked_history("elod-duplicate-scrabble", "output: { report: true }\n");  // skipped events' headings
  check_same_ranked_history("codeforces", "output: { report: true, history: false }\n");
}

TEST_CASE("a ranked run hands each event to a sink that streams its history, and only then", "[history][stream]") {
  testing::temp_dir dir;
  testing::write_text(dir / "s.csv", standings_csv());
  testing::write_text(dir / "c.yaml", "competition: t\nmodel: codeforces\ninput: { format: standings-csv, path: s.csv }\n");
  const auto& plugins = testing::builtin();
  counting_sink sink;
  const run_result r = rate(load_config(dir / "c.yaml", plugins), plugins, run_services{.sink = &sink});
  CHECK(r.history_streamed);
  CHECK(sink.events == 80);
  CHECK(sink.entries == 80'000);
  CHECK(sink.names == size_t(r.data.players.size()));  // every name once
  CHECK(sink.games == 0);
  // Without history.csv nothing goes to it.
  testing::write_text(dir / "lean.yaml", testing::read_text(dir / "c.yaml") + "output: { history: false }\n");
  counting_sink idle;
  const run_result lean = rate(load_config(dir / "lean.yaml", plugins), plugins, run_services{.sink = &idle});
  CHECK_FALSE(lean.history_streamed);
  CHECK(idle.events == 0);
}

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
  const run_result r = rate(load_config(dir / "c.yaml", plugins), plugins, run_services{.sink = &sink});
  CHECK(r.history_streamed);
  CHECK(sink.games == 70'000);
  CHECK(sink.names == size_t(r.data.players.size()));  // every name once
  CHECK(r.data.games.empty());
  CHECK(r.game_out.empty());
  CHECK(r.game_state_after.empty());
  // An output that reads the games after the run still gets them.
  testing::write_text(dir / "r.yaml", testing::read_text(dir / "c.yaml") + "output: { report: true }\n");
  const run_result reported = rate(load_config(dir / "r.yaml", plugins), plugins, run_services{.sink = &sink});
  CHECK(reported.data.games.size() == 70'000);
}

TEST_CASE("a history file that cannot be written is an error naming it", "[history][stream]") {
  testing::temp_dir dir;
  testing::write_text(dir / "games.csv", "date,player_a,player_b,score_a\n2024-01-01,A,B,1\n");
  testing::write_text(dir / "s.csv", standings_csv());
  testing::write_text(dir / "c.yaml", "competition: t\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
                                      "input: { format: games-csv, path: games.csv }\n");
  testing::write_text(dir / "ranked.yaml", "competition: t\nmodel: codeforces\ninput: { format: standings-csv, path: s.csv }\n");
  const auto& plugins = testing::builtin();
  const bool ranked = GENERATE(false, true);
  const competition_config config = load_config(dir / (ranked ? "ranked.yaml" : "c.yaml"), plugins);
  history_writer history(dir / "no such folder" / "history.csv", config, plugins.get(config.model)->descriptor());
  try {
    rate(config, plugins, run_services{.sink = &history});
    history.finish();
    FAIL("no error");
  } catch (const user_error& e) {
    CHECK_THAT(std::string(e.what()), Catch::Contains("no such folder/history.csv") && Catch::Contains("cannot write"));
  }
}

TEST_CASE("output.history lists the columns of a lean history.csv, in the file's order", "[history][stream][config]") {
  testing::temp_dir dir;
  testing::write_text(dir / "games.csv", "date,player_a,player_b,score_a\n2024-01-10,A,B,1\n2024-02-03,B,A,0.5\n");
  const std::string base = "competition: t\nmodel: glicko\ninput: { format: games-csv, path: games.csv }\nperiod: month\n";
  testing::write_text(dir / "all.yaml", base);
  testing::write_text(dir / "lean.yaml", base + "output: { history: [rd_after, player, period, rating_after] }\n");
  REQUIRE(testing::run_cli("-q run " + (dir / "all.yaml").string() + " --out " + (dir / "all").string()).status == 0);
  REQUIRE(testing::run_cli("-q run " + (dir / "lean.yaml").string() + " --out " + (dir / "lean").string()).status == 0);
  // The same cells as the full file's columns 1, 3, 10 and 11.
  std::string expected;
  std::istringstream all(testing::read_text(dir / "all" / "history.csv"));
  for (std::string line; std::getline(all, line);) {
    std::vector<std::string> cells;
    std::istringstream row(line);
    for (std::string cell; std::getline(row, cell, ',');) cells.push_back(cell);
    REQUIRE(cells.size() == 11);
    expected += cells[0] + "," + cells[2] + "," + cells[9] + "," + cells[10] + "\n";
  }
  const std::string lean = testing::read_text(dir / "lean" / "history.csv");
  CHECK_THAT(lean, Catch::StartsWith("period,player,rating_after,rd_after\n"));
  CHECK(lean == expected);
  // Without a state column the plugin is not called period by period for it; the cells are the same.
  testing::write_text(dir / "bare.yaml", base + "output: { history: [player, rating_after] }\n");
  REQUIRE(testing::run_cli("-q run " + (dir / "bare.yaml").string() + " --out " + (dir / "bare").string()).status == 0);
  std::string bare = "player,rating_after\n";
  for (size_t at = expected.find('\n') + 1; at < expected.size(); at = expected.find('\n', at) + 1) {
    const std::string line = expected.substr(at, expected.find('\n', at) - at);
    const size_t c1 = line.find(','), c2 = line.find(',', c1 + 1), c3 = line.find(',', c2 + 1);
    bare += line.substr(c1 + 1, c2 - c1 - 1) + "," + line.substr(c2 + 1, c3 - c2 - 1) + "\n";
  }
  CHECK(testing::read_text(dir / "bare" / "history.csv") == bare);
  // The file built after the run (a report keeps the games) is the same.
  testing::write_text(dir / "kept.yaml", base + "output: { history: [rd_after, player, period, rating_after], report: true }\n");
  REQUIRE(testing::run_cli("-q run " + (dir / "kept.yaml").string() + " --out " + (dir / "kept").string()).status == 0);
  CHECK(testing::read_text(dir / "kept" / "history.csv") == lean);
}

TEST_CASE("output.history refuses unknown, repeated and bookkeeping columns, naming the known ones", "[history][config]") {
  testing::temp_dir dir;
  testing::write_text(dir / "games.csv", "date,player_a,player_b,score_a\n2024-01-10,A,B,1\n");
  auto refused = [&](const std::string& model, const std::string& columns) {
    const std::string k = model == "glicko" ? "" : "k_schedule: [ { k: 20 } ]\n";
    testing::write_text(dir / "c.yaml", "competition: t\nmodel: " + model + "\n" + k +
                                            "input: { format: games-csv, path: games.csv }\n"
                                            "output: { history: " + columns + " }\n");
    const auto r = testing::run_cli("-q run " + (dir / "c.yaml").string() + " --out " + (dir / "o").string());
    CHECK(r.status != 0);
    CHECK_FALSE(std::filesystem::exists(dir / "o"));
    return r.out;
  };
  CHECK_THAT(refused("glicko", "[player, ratingafter]"),
             Catch::Contains("c.yaml:4:29: unknown history column 'ratingafter' (did you mean 'rating_after'?) "
                             "(columns: period, date, player, "
                             "opponent, expected, score, k, change, rating_before, rating_after, rd_after)"));
  CHECK_THAT(refused("glicko", "[player, player]"), Catch::Contains("history column 'player' is listed twice"));
  CHECK_THAT(refused("fide-logistic", "[player, pool_games_after]"), Catch::Contains("unknown history column 'pool_games_after'"));
  CHECK_THAT(refused("glicko", "[player, volatility]"),
             Catch::Contains("unknown history column 'volatility' (columns: "));  // nothing close: no guess
  CHECK_THAT(refused("glicko", "[]"), Catch::Contains("got an empty list"));
}

TEST_CASE("a background file writes its buffers in order and hands each back empty", "[history][stream]") {
  // Direct I/O writes whole 4096-byte blocks and keeps the tail for the next
  // buffer: sizes around a block, many blocks, and a tail left at the end. On
  // tmpfs (/dev/shm), which has no direct I/O, the file is written plainly.
  testing::temp_dir dir;
  std::vector<std::filesystem::path> places{dir / "out.txt"};
  if (std::filesystem::is_directory("/dev/shm")) places.push_back("/dev/shm/ratekit-test-" + dir.path().filename().string());
  const size_t sizes[] = {1, 4095, 1, 4096, 4097, 8191, 3 << 20, 0, 12'288, 5, (1 << 21) + 7, 4090, 6};
  for (const auto& place : places) {
    INFO(place);
    std::string text, expected;
    {
      background_file file(place);
      for (int round = 0; round < 3; ++round)
        for (const size_t size : sizes) {
          text.clear();
          for (size_t i = 0; i < size; ++i) text += char('a' + (expected.size() + i) % 23);  // shows any byte out of place
          expected += text;
          file.write(text);
          REQUIRE(text.empty());
        }
      file.close();
    }
    const std::string written = testing::read_text(place);
    CHECK(written.size() == expected.size());
    const auto differ = std::mismatch(written.begin(), written.end(), expected.begin(), expected.end());
    CHECK(size_t(differ.first - written.begin()) == std::min(written.size(), expected.size()));  // the first byte out of place
    std::filesystem::remove(place);
  }
  SECTION("a file given nothing is not created") {
    background_file(dir / "none.txt").close();
    CHECK_FALSE(std::filesystem::exists(dir / "none.txt"));
  }
}

TEST_CASE("a background file that cannot be written says so, naming it", "[history][stream]") {
  background_file file("/dev/full");  // every write fails with "no space left"
  std::string text(1 << 16, 'x');
  auto write_all = [&] {
    for (int i = 0; i < 4; ++i) {
      text.assign(1 << 16, 'x');
      file.write(text);
    }
    file.close();
  };
  try {
    write_all();
    FAIL("no error");
  } catch (const user_error& e) {
    CHECK_THAT(std::string(e.what()), Catch::Contains("/dev/full") && Catch::Contains("cannot write") &&
                                          Catch::Contains("No space left"));
  }
}

TEST_CASE("chart.svg drawn from the streamed history.csv is the one drawn from kept games", "[history][stream][chart]") {
  testing::temp_dir dir;
  // Glicko by month (the chart draws an RD band), players who join late, more periods than games for some.
  std::string games = "date,player_a,player_b,score_a\n";
  for (int i = 0; i < 3000; ++i) {
    const int month = 1 + i / 300, day = 1 + i % 300 * 28 / 300;
    games += "2024-" + std::string(month < 10 ? "0" : "") + std::to_string(month) + "-" + (day < 10 ? "0" : "") +
             std::to_string(day) + ",p" + std::to_string(i % 37) + ",p" + std::to_string(i % 37 + 1 + (i * 7 + 3) % (3 + i / 100)) +
             "," + (i % 5 == 0 ? "0.5" : i % 3 ? "1" : "0") + "\n";
  }
  testing::write_text(dir / "games.csv", games);
  const std::string base = "competition: t\nmodel: glicko\ninput: { format: games-csv, path: games.csv }\nperiod: month\n";
  // Every history column: the chart reads the file, the run keeps no game for it.
  testing::write_text(dir / "streamed.yaml", base + "output: { charts: true }\n");
  // A lean history: the chart is drawn from the games the run keeps.
  testing::write_text(dir / "kept.yaml", base + "output: { charts: true, history: [player, rating_after] }\n");
  for (const char* name : {"streamed", "kept"})
    REQUIRE(testing::run_cli("-q run " + (dir / (std::string(name) + ".yaml")).string() + " --out " + (dir / name).string())
                .status == 0);
  const std::string chart = testing::read_text(dir / "streamed" / "chart.svg");
  CHECK_THAT(chart, Catch::Contains("class=\"band\""));
  CHECK(chart == testing::read_text(dir / "kept" / "chart.svg"));

  const auto& plugins = testing::builtin();
  const competition_config config = load_config(dir / "streamed.yaml", plugins);
  history_writer history(dir / "h.csv", config, plugins.get("glicko")->descriptor());
  const run_result r = rate(config, plugins, run_services{.sink = &history});
  history.finish();
  CHECK(r.data.games.empty());
  CHECK(r.game_out.empty());
}

TEST_CASE("a history row put together in one buffer is the row written cell by cell", "[history][csv]") {
  const std::vector<size_t> every{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
  const double state[] = {NAN, -0.0};
  const std::string long_name(3000, 'x');  // too long for the buffer: written cell by cell, the same way
  for (const std::string& name : {std::string("Q"), std::string("van \"der\", Berg"), std::string(" padded "),
                                  std::string("line\nbreak"), long_name})
    for (const double v : {0.0, -0.0, 1.0, -20.0, 0.1, 1510.0000000000002, 1e300, -1e-300, 9007199254740993.0}) {
      std::string fast, slow;
      history_row(fast, every, "2024-03", "2024-03-31", name, "R,S", v, 0.5, 20, -v, 1500, v, state);
      {
        csv_row row(slow);
        history_cells(row, every, "2024-03", "2024-03-31", name, "R,S", v, 0.5, 20, -v, 1500, v, state, "");
      }
      CHECK(fast == slow);
    }
  std::string one;
  history_row(one, {2, 3, 9}, "", "", "van \"der\", Berg", "R", 0, 0, 0, 0, 0, 1510.25, nullptr);
  CHECK(one == "\"van \"\"der\"\", Berg\",R,1510.25\n");
}

}  // namespace test_history_stream
