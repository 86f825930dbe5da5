// The ratekit command as a user runs it.
#include "test_support.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_cli {

using ratekit::testing::run_cli;

TEST_CASE("ratekit plugins lists the built-in plugins with their files", "[cli]") {
  const auto r = run_cli("plugins");
  CHECK(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("fide-logistic"));
  CHECK_THAT(r.out, Catch::Contains("/ratekit-fide-logistic.so"));
}

TEST_CASE("ratekit plugins refuses a wrong-ABI plugin without crashing", "[cli]") {
  const auto r = run_cli(std::string("plugins --plugin-dir ") + RATEKIT_TEST_PLUGIN_DIR);
  CHECK(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("ratekit-wrong-abi.so: plugin refused: built for ABI 2.0, this host speaks ABI 1.7"));
  CHECK_THAT(r.out, Catch::Contains("fide-logistic"));
}

TEST_CASE("ratekit expect prints A's expected score", "[cli]") {
  const auto r = run_cli("expect fide-logistic 1900 1500");
  CHECK(r.status == 0);
  CHECK(r.out == "0.90909\n");
  CHECK(run_cli("expect fide-logistic --param xi=200 --digits 6 1500 1500").out == "0.500000\n");
}

TEST_CASE("ratekit describe shows the parameter schema", "[cli]") {
  const auto r = run_cli("describe fide-logistic");
  CHECK(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("xi"));
  CHECK_THAT(r.out, Catch::Contains("[1, 1000000]"));
  CHECK_THAT(r.out, Catch::Contains("default 400"));
  CHECK_THAT(r.out, Catch::Contains("rating"));
}

TEST_CASE("ratekit run reports a misspelt config key with its line and a suggestion", "[cli]") {
  ratekit::testing::temp_dir dir;
  ratekit::testing::write_text(dir / "games.csv", "date,player_a,player_b,score_a\n2024-01-01,A,B,1\n");
  ratekit::testing::write_text(dir / "c.yaml", "competition: t\nmodel: fide-logistic\nk_shedule: [ { k: 20 } ]\n"
                                               "input: { format: games-csv, path: games.csv }\n");
  const auto r = run_cli("run " + (dir / "c.yaml").string() + " --out " + (dir / "out").string());
  CHECK(r.status != 0);
  CHECK_THAT(r.out, Catch::Contains((dir / "c.yaml").string() + ":3:1: unknown key 'k_shedule' (did you mean 'k_schedule'?)"));
  CHECK_FALSE(std::filesystem::exists(dir / "out"));
}

TEST_CASE("ratekit run writes ratings, history and summary", "[cli]") {
  ratekit::testing::temp_dir dir;
  const auto r = run_cli("run " + ratekit::testing::source_path("configs/world-cup-elo.yaml").string() + " --out " +
                         (dir / "out").string());
  CHECK(r.status == 0);
  for (const char* f : {"ratings.csv", "history.csv", "summary.json"}) CHECK(std::filesystem::exists(dir / "out" / f));
}

TEST_CASE("a misspelt command or option gets the nearest real one and exit code 2", "[cli]") {
  auto r = run_cli("rn configs/x.yaml");
  CHECK(r.status == 2);
  CHECK_THAT(r.out, Catch::StartsWith("error: unknown command 'rn' (did you mean 'run'?); commands: plugins, describe, run"));
  r = run_cli("run x.yaml --ouut out");
  CHECK(r.status == 2);
  CHECK_THAT(r.out, Catch::StartsWith("error: unknown option '--ouut' for 'run' (did you mean '--out'?)"));
  r = run_cli("--plugin-dir /nowhere histroy db A");
  CHECK(r.status == 2);
  CHECK_THAT(r.out, Catch::Contains("unknown command 'histroy' (did you mean 'history'?)"));
  r = run_cli("frobnicate");
  CHECK(r.status == 2);
  CHECK_THAT(r.out, Catch::StartsWith("error: unknown command 'frobnicate'; commands:"));
  r = run_cli("run");  // a missing argument is a usage error too, and says so alike
  CHECK(r.status == 2);
  CHECK(r.out == "error: CONFIG is required\nRun with --help for more information.\n");
  r = run_cli("run x.yaml --out ''");
  CHECK(r.status == 2);
  CHECK_THAT(r.out, Catch::StartsWith("error: --out: expected a folder, got ''"));
  CHECK(run_cli("--help").status == 0);
}

TEST_CASE("a plugin folder that does not exist is named in a warning", "[cli]") {
  const auto r = run_cli("--plugin-dir /no/such/folder plugins");
  CHECK(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("warning: plugin folder /no/such/folder does not exist; no plugins loaded from it"));
  CHECK(run_cli("-q --plugin-dir /no/such/folder plugins").out.find("warning") == std::string::npos);
}

TEST_CASE("new-plugin refuses the id of a loaded plugin", "[cli]") {
  ratekit::testing::temp_dir dir;
  const auto r = run_cli("new-plugin fide-logistic --dir " + (dir / "p").string());
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("a plugin with id 'fide-logistic' is already loaded from") &&
                        Catch::Contains("ratekit-fide-logistic.so; choose another id"));
  CHECK_FALSE(std::filesystem::exists(dir / "p"));
}

TEST_CASE("output.dir is relative to the config's folder, --out to the working folder", "[cli][config]") {
  ratekit::testing::temp_dir dir;
  ratekit::testing::write_text(dir / "games.csv", "date,player_a,player_b,score_a\n2024-01-01,A,B,1\n");
  ratekit::testing::write_text(dir / "c.yaml", "competition: t\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
                                               "input: { format: games-csv, path: games.csv }\noutput: { dir: res }\n");
  const auto r = run_cli("run " + (dir / "c.yaml").string());  // the tests' working folder is elsewhere
  CHECK(r.status == 0);
  CHECK(std::filesystem::exists(dir / "res/ratings.csv"));
  CHECK_THAT(run_cli("run --help").out, Catch::Contains("relative to the config's folder"));
}

TEST_CASE("ratekit run reports each phase with its own time", "[cli]") {
  ratekit::testing::temp_dir dir;
  ratekit::testing::write_text(dir / "games.csv", "date,player_a,player_b,score_a\n2024-01-01,A,B,1\n");
  ratekit::testing::write_text(dir / "c.yaml", "competition: t\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
                                               "input: { format: games-csv, path: games.csv }\noutput: { database: t.db }\n");
  const auto r = run_cli("run " + (dir / "c.yaml").string() + " --out " + (dir / "out").string());
  CHECK(r.status == 0);
  CHECK_THAT(r.out, Catch::Matches("(.|\n)*info: done in [0-9.]+ s; phases: preparing [0-9.]+ s, reading, rating and "
                                   "recording t [0-9.]+ s, writing [^\n]*out [0-9.]+ s\n(.|\n)*"));
  // The rating time is the reading and rating phase's (with the database's rows), not the whole run's.
  const auto number_after = [&](const std::string& text) {
    const size_t at = r.out.find(text);
    REQUIRE(at != std::string::npos);
    return std::stod(r.out.substr(at + text.size()));
  };
  const double rating = number_after(" with fide-logistic in "), total = number_after("done in ");
  // Timed inside its phase: never longer (the 0.001 s is the printed rounding), whatever the machine's load.
  CHECK(rating <= number_after("reading, rating and recording t ") + 0.001);
  CHECK(rating <= total + 0.001);
}

namespace {

// The execve calls of `ratekit --version` run with `environment` (shell
// assignments), as strace shows them with their environments; empty when
// strace is missing.
std::vector<std::string> program_starts(const std::string& environment) {
  if (std::system("command -v strace >/dev/null 2>&1") != 0) return {};
  ratekit::testing::temp_dir dir;
  const auto trace = dir.path() / "trace";
  run_cli("--version", environment + " strace -f -qq -v -s 4096 -e trace=execve -o " + trace.string() + " ");
  std::ifstream in(trace);
  std::vector<std::string> starts;
  for (std::string line; std::getline(in, line);)
    if (line.find("execve(\"" RATEKIT_EXE "\"") != std::string::npos) starts.push_back(line);
  return starts;
}

bool large_pages_on_request() {
  std::ifstream mode("/sys/kernel/mm/transparent_hugepage/enabled");
  std::string text;
  std::getline(mode, text);
  return text.find("[madvise]") != std::string::npos;
}

}  // namespace

TEST_CASE("ratekit starts again once with glibc's heaps in 2 MB pages, keeping the user's tunables", "[cli]") {
  const auto plain = program_starts("");
  if (plain.empty()) {
    WARN("strace not found: not checked");
    return;
  }
  if (!large_pages_on_request()) {  // every program gets them, or none: nothing to ask for
    CHECK(plain.size() == 1);
    return;
  }
  REQUIRE(plain.size() == 2);
  CHECK_THAT(plain[1], Catch::Contains("[\"" RATEKIT_EXE "\", \"--version\"]"));  // the same arguments
  CHECK_THAT(plain[1], Catch::Contains("\"GLIBC_TUNABLES=glibc.malloc.hugetlb=1\""));
  CHECK_THAT(plain[0], !Catch::Contains("GLIBC_TUNABLES"));

  const auto other = program_starts("GLIBC_TUNABLES=glibc.malloc.check=0");
  REQUIRE(other.size() == 2);
  CHECK_THAT(other[1], Catch::Contains("\"GLIBC_TUNABLES=glibc.malloc.check=0:glibc.malloc.hugetlb=1\""));

  // The user's own choice stands, and the program starts once.
  CHECK(program_starts("GLIBC_TUNABLES=glibc.malloc.hugetlb=0").size() == 1);
}

}  // namespace test_cli
