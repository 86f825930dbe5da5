// Messages say what is true: an output folder that is a loop of links or a
// link to nothing, a player named twice to `chart`, a kernel file that says it
// is empty, an empty list of input files.
#include "test_support.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_true_messages {

namespace fs = std::filesystem;
using namespace ratekit::testing;

namespace {

struct competition {
  temp_dir dir;
  competition() {
    write_text(dir / "g.csv", "date,player_a,player_b,score_a\n2024-01-01,A,B,1\n");
    write_text(dir / "c.yaml", "competition: t\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
                               "input: { format: games-csv, path: g.csv }\n");
  }
  command_result run_into(const fs::path& out) const {
    return run_cli("run '" + (dir / "c.yaml").string() + "' --out '" + out.string() + "'");
  }
};

// `ratekit run` of a fide-logistic competition whose input is `path` (YAML).
command_result run_input(const temp_dir& dir, const std::string& path) {
  write_text(dir / "c.yaml", "competition: t\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
                             "input: { format: games-csv, path: " + path + " }\n");
  return run_cli("run '" + (dir / "c.yaml").string() + "' --out '" + (dir / "out").string() + "'");
}

}  // namespace

TEST_CASE("an output folder that is a loop of links or a link to nothing is called so", "[messages][security]") {
  const competition c;
  fs::create_symlink("loop", c.dir / "loop");
  fs::create_symlink("nowhere/x", c.dir / "dangling");
  for (const fs::path& out : {c.dir / "loop", c.dir / "loop" / "sub"}) {
    const command_result r = c.run_into(out);
    CHECK(r.status == 1);
    CHECK(r.out == "error: " + out.string() +
                       ": expected an output folder, got a loop of symbolic links: replace the link, or write the "
                       "outputs elsewhere (--out)\n");
  }
  const command_result dangling = c.run_into(c.dir / "dangling");
  CHECK(dangling.status == 1);
  CHECK(dangling.out == "error: " + (c.dir / "dangling").string() +
                            ": expected an output folder, got a symbolic link to 'nowhere/x', which does not exist: "
                            "create it, or write the outputs elsewhere (--out)\n");
  CHECK_FALSE(fs::exists(c.dir / "nowhere"));
  // A link to a folder that exists is written through, as before.
  fs::create_directory(c.dir / "real");
  fs::create_symlink("real", c.dir / "good");
  CHECK(c.run_into(c.dir / "good").status == 0);
  CHECK(fs::exists(c.dir / "real" / "ratings.csv"));
}

TEST_CASE("a player named twice to chart is told so, not 'did you mean' himself", "[messages][chart]") {
  const competition c;
  REQUIRE(c.run_into(c.dir / "out").status == 0);
  const std::string chart = "chart '" + (c.dir / "out").string() + "' -o '" + (c.dir / "c.svg").string() + "' ";
  for (const std::string twice : {"--player A --player A", "--players A,B,A", "--player A --players B,A"}) {
    const command_result r = run_cli(chart + twice);
    CHECK(r.status == 2);
    CHECK_THAT(r.out, Catch::Contains("'A' is named twice; name each player once"));
  }
  CHECK(run_cli(chart + "--player A --players B").status == 0);
}

TEST_CASE("a kernel file that says 0 bytes is not called empty", "[messages][security]") {
  temp_dir dir;
  const command_result r = run_input(dir, "/proc/self/status");
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("/proc/self/status: expected a regular file of a fixed size, got one that says it "
                                    "has 0 bytes but has text"));
  // A file that is empty still is.
  write_text(dir / "empty.csv", "");
  CHECK_THAT(run_input(dir, "empty.csv").out, Catch::Contains("got an empty file"));
}

TEST_CASE("an empty list of input files is called so", "[messages][config]") {
  temp_dir dir;
  const command_result r = run_input(dir, "[]");
  CHECK(r.status == 1);
  CHECK(r.out == "error: " + (dir / "c.yaml").string() +
                     ":4:35: expected an input file or a list of them for 'path', got an empty list\n");
}

}  // namespace test_true_messages
