// The report of pairwise games written from the records a report_writer
// spills while the games are rated holds the same bytes as the report built
// from a finished run that kept every game (build_report), whatever the
// bucket budget; the run keeps no game for it; a failing run leaves none.
#include "test_support.hpp"

#include <catch2/catch.hpp>

#include <iomanip>
#include <ratekit/host/config/config.hpp>
#include <ratekit/host/engine/engine.hpp>
#include <ratekit/host/output/background/fan_out_sink.hpp>
#include <ratekit/host/output/files/history_writer.hpp>
#include <ratekit/host/output/run_outputs.hpp>
#include <ratekit/host/output/reports/report.hpp>
#include <ratekit/host/output/reports/report_writer.hpp>
#include <ratekit/host/engine/spill_file.hpp>
#include <ratekit/host/output/files/output_sink.hpp>

#include <filesystem>
#include <set>
#include <string>
#include <vector>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_report_stream {

using namespace ratekit;
namespace fs = std::filesystem;

namespace {

const std::vector<std::string> report_names{"report.csv", "periods.csv", "report.md"};

// 6,000 games among 300 players over three months, in named events of 40
// games: players meet several times per period and play in several periods.
std::string games_csv() {
  std::string text = "date,player_a,player_b,score_a,period\n";
  for (int i = 0; i < 6'000; ++i) {
    const int a = (i * 7) % 300, b = (i * 13 + 1 + i / 300) % 300;
    const int month = 1 + i / 2'000, day = 1 + (i % 2'000) * 28 / 2'000;
    text += "2024-0" + std::to_string(month) + "-" + (day < 10 ? "0" : "") + std::to_string(day) + ",p" +
            std::to_string(a) + ",p" + std::to_string(b == a ? (b + 1) % 300 : b) + "," +
            (i % 3 == 0 ? "0.5" : i % 3 == 1 ? "1" : "0") + ",round " + std::to_string(i / 40) + "\n";
  }
  return text;
}

// A config's run with the report on and nothing else that keeps games.
competition_config report_only(const fs::path& config_file) {
  competition_config config = load_config(config_file, testing::builtin());
  config.write_history = false, config.write_report = true, config.write_charts = false;
  config.output_database.clear();
  return config;
}

// The report built the old way: a run that keeps its games, written by write_outputs.
void write_kept(const competition_config& config, const fs::path& out) {
  const run_result kept = rate(config, testing::builtin());
  REQUIRE_FALSE(kept.report_streamed);
  write_outputs(kept, config, out);
}

// The report streamed through a report_writer with `bucket_bytes`, into `out` (a folder, or memory); returns the
// buckets used.
size_t write_streamed(const competition_config& config, output_sink& out, size_t bucket_bytes) {
  const auto& plugins = testing::builtin();
  if (!out.in_memory()) fs::create_directories(out.dir());
  report_writer report(out, *plugins.get(config.model), bucket_bytes);
  const run_result run = rate(config, plugins, run_services{.sink = &report});
  REQUIRE(run.report_streamed);
  CHECK(run.data.games.empty());
  CHECK(run.game_out.empty());
  CHECK(run.game_state_after.empty());
  report.finish(run, config);
  return report.buckets();
}

// Streamed with the default budget and with a tiny one (at least `least` buckets) equals the kept report.
void check_same_report(const fs::path& config_file, const fs::path& dir, size_t tiny = 2'000, size_t least = 10) {
  const competition_config config = report_only(config_file);
  write_kept(config, dir / "kept");
  output_sink one(dir / "one"), many(dir / "many"), in_memory({});
  CHECK(write_streamed(config, one, report_writer::default_bucket_bytes) == 1);
  CHECK(write_streamed(config, many, tiny) >= least);
  CHECK(write_streamed(config, in_memory, tiny) >= least);  // its records spilled and dealt into memory
  const std::vector<output_text> kept_in_memory = in_memory.take_texts();
  REQUIRE(kept_in_memory.size() == report_names.size());
  for (size_t i = 0; i < report_names.size(); ++i) {
    const std::string& name = report_names[i];
    INFO(config_file.string() << ": " << name);
    const std::string kept = testing::read_text(dir / "kept" / name);
    CHECK(kept.size() > 100);
    CHECK(testing::read_text(dir / "one" / name) == kept);
    CHECK(testing::read_text(dir / "many" / name) == kept);
    CHECK(kept_in_memory[i].name == name);
    CHECK(kept_in_memory[i].content == kept);
  }
}

// A config of `model` over games.csv with `period`, the report on and history off.
fs::path write_config(const testing::temp_dir& dir, const std::string& model, const std::string& period,
                      const std::string& extra = "") {
  testing::write_text(dir / "games.csv", games_csv());
  const std::string k = model == "glicko" || model == "glicko2" ? "" : "k_schedule: [ { k: 20 } ]\n";
  const fs::path file = dir / (model + "-" + period + ".yaml");
  testing::write_text(file, "competition: t\nmodel: " + model + "\n" + k +
                                "input: { format: games-csv, path: games.csv }\nperiod: " + period +
                                "\noutput: { history: false, report: true }\n" + extra);
  return file;
}

}  // namespace

TEST_CASE("the streamed report equals the report built from the kept games", "[report][stream]") {
  testing::temp_dir dir;
  SECTION("fide-logistic, game periods") { check_same_report(write_config(dir, "fide-logistic", "game"), dir.path()); }
  SECTION("fide-logistic, named events: several games per period block") {
    check_same_report(write_config(dir, "fide-logistic", "event", "categories: [ { from: 1500, label: B }, { from: 1530, label: A } ]\n"), dir.path());
  }
  SECTION("glicko, month periods: rd_after") { check_same_report(write_config(dir, "glicko", "month"), dir.path()); }
  SECTION("glicko2, month periods") { check_same_report(write_config(dir, "glicko2", "month"), dir.path()); }
  SECTION("egf-go: the model's extra columns, events") {
    check_same_report(testing::source_path("configs/egf-go.yaml"), dir.path(), 1, 3);  // a bucket a player
  }
}

// The outputs replay the model's changes: each player's last rating after must
// be his rating in ratings.csv to the last bit, the changes adding up to it.
void check_replay_ends_at_model(const run_result& r) {
  std::vector<double> last(r.state.peak.size(), std::nan(""));
  r.replay_games([&](size_t i, double, double, double after_a, double after_b) {
    last[size_t(r.data.games[i].a)] = after_a;
    last[size_t(r.data.games[i].b)] = after_b;
  });
  size_t differ = 0;
  for (size_t p = 0; p < last.size(); ++p)
    if (!std::isnan(last[p]) && last[p] != r.state.rating()[p]) {
      if (differ++ == 0)
        UNSCOPED_INFO("player " << r.data.players.name(int32_t(p)) << ": replayed " << std::setprecision(17)
                                << last[p] << ", the model's " << r.state.rating()[p]);
    }
  CHECK(differ == 0);
}

TEST_CASE("every shipped pairwise config streams the report it built from kept games, which replay to the model's ratings",
          "[report][stream]") {
  testing::temp_dir dir;
  const auto& plugins = testing::builtin();
  size_t checked = 0;
  for (const auto& entry : fs::directory_iterator(testing::source_path("configs"))) {
    if (entry.path().extension() != ".yaml") continue;  // configs/compare/ holds compare's examples
    const competition_config config = report_only(entry.path());
    INFO(entry.path().filename().string());
    if (plugins.get(config.model)->has(RK_CAP_WHOLE_HISTORY)) continue;  // no report: it rates no game as it comes
    const run_result kept = rate(config, plugins);
    if (kept.data.ranked()) continue;  // ranked events keep their entries and build the report from them
    check_replay_ends_at_model(kept);
    const report_files files = build_report(kept, config);
    output_sink into(dir.path());
    report_writer report(into, *plugins.get(config.model), 50'000);
    const run_result run = rate(config, plugins, run_services{.sink = &report});
    REQUIRE(run.report_streamed);
    report.finish(run, config);
    CHECK(testing::read_text(dir / "report.csv") == files.csv);
    CHECK(testing::read_text(dir / "periods.csv") == files.periods_csv);
    CHECK(testing::read_text(dir / "report.md") == files.markdown);
    ++checked;
  }
  CHECK(checked >= 12);
}

TEST_CASE("the report orders tied players by name, each player's periods in order", "[report][stream]") {
  // Cid beats Dee and Abe beats Bo from equal ratings, then the winners draw and so do the losers:
  // Abe and Cid tie at 1510, Bo and Dee at 1490.
  testing::temp_dir dir;
  testing::write_text(dir / "games.csv", "date,player_a,player_b,score_a\n2024-01-02,Cid,Dee,1\n"
                                         "2024-01-03,Abe,Bo,1\n2024-02-01,Bo,Dee,0.5\n2024-02-02,Cid,Abe,0.5\n");
  testing::write_text(dir / "c.yaml", "competition: t\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
                                      "input: { format: games-csv, path: games.csv }\nperiod: month\n"
                                      "output: { history: false, report: true }\n");
  REQUIRE(testing::run_cli("-q run " + (dir / "c.yaml").string() + " --out " + (dir / "out").string()).status == 0);
  CHECK(testing::read_text(dir / "out" / "report.csv") ==
        "period,player,rating_before,opponent,opponent_rating,expected,score,k,change,rating_after\n"
        "2024-01,Abe,1500,Bo,1500,0.5,1,20,10,1510\n"
        "2024-02,Abe,1510,Cid,1510,0.5,0.5,20,0,1510\n"
        "2024-01,Cid,1500,Dee,1500,0.5,1,20,10,1510\n"
        "2024-02,Cid,1510,Abe,1510,0.5,0.5,20,0,1510\n"
        "2024-01,Bo,1500,Abe,1500,0.5,0,20,-10,1490\n"
        "2024-02,Bo,1490,Dee,1490,0.5,0.5,20,0,1490\n"
        "2024-01,Dee,1500,Cid,1500,0.5,0,20,-10,1490\n"
        "2024-02,Dee,1490,Bo,1490,0.5,0.5,20,0,1490\n");
  write_kept(report_only(dir / "c.yaml"), dir / "kept");
  for (const std::string& name : report_names)
    CHECK(testing::read_text(dir / "out" / name) == testing::read_text(dir / "kept" / name));
}

TEST_CASE("a run with history and the report streamed keeps no game", "[report][stream]") {
  testing::temp_dir dir;
  const fs::path file = write_config(dir, "glicko", "month");
  const auto& plugins = testing::builtin();
  competition_config config = load_config(file, plugins);
  config.write_history = true;
  history_writer history(dir / "history.csv", config, plugins.get("glicko")->descriptor());
  output_sink into(dir.path());
  report_writer report(into, *plugins.get("glicko"));
  fan_out_sink sinks({&history, &report});
  const run_result run = rate(config, plugins, run_services{.sink = &sinks});
  history.finish();
  report.finish(run, config);
  CHECK(run.history_streamed);
  CHECK(run.report_streamed);
  CHECK(run.game_count == 6'000);
  CHECK(run.data.games.empty());
  CHECK(run.game_out.empty());
  CHECK(run.game_state_after.empty());
  CHECK(run.period_ends.empty());
  CHECK(run.data.facts.date.empty());
  CHECK(testing::read_text(dir / "periods.csv").rfind("period,player,games,score,expected,change,rating_before,"
                                                      "rating_after,performance,category,rd_after\n", 0) == 0);
}

TEST_CASE("ratekit run streams the report, prints it, and a failing run leaves none", "[report][stream][cli]") {
  testing::temp_dir dir;
  const fs::path file = write_config(dir, "glicko", "month");
  const auto run = testing::run_cli("run " + file.string() + " --report --out " + (dir / "out").string());
  REQUIRE(run.status == 0);
  write_kept(report_only(file), dir / "kept");
  for (const std::string& name : report_names)
    CHECK(testing::read_text(dir / "out" / name) == testing::read_text(dir / "kept" / name));
  CHECK_THAT(run.out, Catch::Contains(testing::read_text(dir / "kept" / "report.md")));

  // A bad last line: the run fails after rating every game, and the previous report stays as it was.
  const std::string before = testing::read_text(dir / "out" / "report.csv");
  std::ofstream(dir / "games.csv", std::ios::app) << "2024-03-30,p1,p2,2\n";
  const auto failed = testing::run_cli("-q run " + file.string() + " --out " + (dir / "out").string());
  CHECK(failed.status != 0);
  CHECK(testing::read_text(dir / "out" / "report.csv") == before);
  const auto fresh = testing::run_cli("-q run " + file.string() + " --out " + (dir / "fresh").string());
  CHECK(fresh.status != 0);
  CHECK_FALSE(fs::exists(dir / "fresh"));
  for (const auto& entry : fs::directory_iterator(dir.path()))  // no staging folder left behind
    CHECK(entry.path().filename().string().find(".new-") == std::string::npos);
}

TEST_CASE("report.md shows K only for a model that has one", "[report]") {
  testing::temp_dir dir;
  testing::write_text(dir / "games.csv", "date,player_a,player_b,score_a\n2024-01-02,A,B,1\n");
  for (const std::string model : {"glicko", "fide-logistic"}) {
    testing::write_text(dir / "c.yaml", "competition: t\nmodel: " + model + "\n" +
                                            (model == "glicko" ? "" : "k_schedule: [ { k: 20 } ]\n") +
                                            "input: { format: games-csv, path: games.csv }\nperiod: month\n"
                                            "output: { report: true }\n");
    REQUIRE(testing::run_cli("-q run " + (dir / "c.yaml").string() + " --out " + (dir / model).string()).status == 0);
    const std::string md = testing::read_text(dir / model / "report.md");
    INFO(model);
    CHECK_THAT(md, Catch::Contains(model == "glicko" ? "| opponent | rating | expected | score | change |"
                                                     : "| opponent | rating | expected | score | K | change |"));
    CHECK_THAT(md, Catch::Contains(model == "glicko" ? "|---|---:|---:|---:|---:|\n| B |" : "|---|---:|---:|---:|---:|---:|\n| B |"));
  }
}

TEST_CASE("report.md puts each category beside the number it is of and says what its columns are", "[report]") {
  const testing::temp_dir dir;
  testing::write_text(dir / "g.csv", "date,player_a,player_b,score_a\n2024-01-01,A,B,1\n2024-01-02,A,C,0.5\n");
  testing::write_text(dir / "c.yaml", "competition: perf\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\ninitial: 1500\n"
                                      "input: { format: games-csv, path: g.csv }\nperiod: month\noutput: { report: true }\n"
                                      "categories: [ { from: 0, label: club }, { from: 1600, label: expert } ]\n");
  REQUIRE(testing::run_cli("-q run '" + (dir / "c.yaml").string() + "' -o '" + (dir / "out").string() + "'").status == 0);
  const std::string md = testing::read_text(dir / "out" / "report.md");
  // A scores 1.5 of 2 against 1500s: rated 1510 (club), performing at 1693 (expert).
  CHECK_THAT(md, Catch::Contains("change +10.00: 1500.0 -> **1510.0** (club), performance 1693 (expert), rated 1\n"));
  CHECK_THAT(md, Catch::Contains("1500.0 -> **1490.0** (club), performance 700 (club), rated 1\n"));
  CHECK_THAT(md, Catch::Contains("`change`: the points the game moved the player's rating by"));
  CHECK_THAT(md, Catch::Contains("`rated`: 1 when the rating is published"));
}

// What the descriptors this process holds lead to (/proc/self/fd's links).
std::set<std::string> open_file_links() {
  std::set<std::string> links;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator("/proc/self/fd", ec)) links.insert(fs::read_symlink(e.path(), ec).string());
  return links;
}

// The link of the one file spill.open() made.
std::string spill_link(spill_file& spill) {
  const std::set<std::string> before = open_file_links();
  REQUIRE(spill.open());
  std::vector<std::string> made;
  for (const std::string& link : open_file_links())
    if (!before.count(link)) made.push_back(link);
  REQUIRE(made.size() == 1);
  const uint64_t record = 0x5ca1ab1e;  // written and read back by offset, wherever the file is
  spill.write(&record, sizeof record, 4096);
  uint64_t back = 0;
  spill.read(&back, sizeof back, 4096);
  CHECK(back == record);
  return made.front();
}

TEST_CASE("a spill kept in memory is a file of memory, which no folder holds, and the CLI's an unlinked temporary file",
          "[report][stream]") {
  spill_file in_memory("the report", spill_place::memory), on_disk("the report");
  CHECK_THAT(spill_link(in_memory), Catch::StartsWith("/memfd:ratekit-spill"));
  const std::string file = spill_link(on_disk);
  CHECK_THAT(file, !Catch::StartsWith("/memfd:") && Catch::EndsWith("(deleted)"));
}

}  // namespace test_report_stream
