// What ratekit prints reads the same whatever the value: a plugin's own text
// escaped, a zero without a sign, a file named for what it is, and warnings
// that stop before they flood the terminal.
#include "test_support.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_printed_text {

namespace fs = std::filesystem;
using namespace ratekit::testing;

TEST_CASE("describe and plugins escape the control characters of a plugin's version and summary", "[cli][describe]") {
  const std::string dir = std::string(" --plugin-dir ") + RATEKIT_TEST_PLUGIN_DIR;
  const auto described = run_cli("describe test-nan" + dir);
  INFO(described.out);
  CHECK(described.status == 0);
  CHECK_THAT(described.out, Catch::Contains("test-nan 0.1\\x1B[2J\nreturns NaN\\x1B]0;x\\x07\n"));
  CHECK(described.out.find('\x1b') == std::string::npos);
  const auto markdown = run_cli("describe --markdown test-nan" + dir);
  CHECK_THAT(markdown.out, Catch::Contains("## `test-nan` 0.1\\x1B[2J\n\nreturns NaN\\x1B]0;x\\x07\n"));
  const auto listed = run_cli("plugins" + dir);
  CHECK_THAT(listed.out, Catch::Contains("0.1\\x1B[2J"));
  CHECK(listed.out.find('\x1b') == std::string::npos);
}

TEST_CASE("expect prints a zero with its sign bit as 0.00000", "[cli][expect]") {
  // test-abi12-places expects -0.0 for the lower rating.
  const std::string dir = std::string(" --plugin-dir ") + RATEKIT_TEST_PLUGIN_DIR;
  CHECK(run_cli("expect test-abi12-places 1400 1500" + dir).out == "0.00000\n");
  CHECK(run_cli("expect test-abi12-places --digits 2 1400 1500" + dir).out == "0.00\n");
  CHECK(run_cli("expect test-abi12-places 1600 1500" + dir).out == "1.00000\n");
}

TEST_CASE("a loop of symbolic links is said to be one, not a missing file", "[cli][config]") {
  temp_dir dir;
  fs::create_symlink(dir / "b.csv", dir / "a.csv");
  fs::create_symlink(dir / "a.csv", dir / "b.csv");
  write_text(dir / "c.yaml", "competition: c\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
                             "input: { format: games-csv, path: a.csv }\n");
  const auto config = run_cli("run '" + (dir / "c.yaml").string() + "' --out '" + (dir / "out").string() + "'");
  CHECK(config.status == 1);
  CHECK(config.out == "error: " + (dir / "c.yaml").string() + ":4:35: input file is a loop of symbolic links: 'a.csv' "
                                                              "(looked for " + (dir / "a.csv").string() + ")\n");
  const auto given = run_cli("run '" + (dir / "c.yaml").string() + "' --input '" + (dir / "b.csv").string() + "'");
  CHECK(given.status == 1);
  CHECK(given.out == "error: " + (dir / "b.csv").string() + ": input file is a loop of symbolic links (--input)\n");
  const auto missing = run_cli("run '" + (dir / "c.yaml").string() + "' --input '" + (dir / "no.csv").string() + "'");
  CHECK(missing.out == "error: " + (dir / "no.csv").string() + ": input file not found (--input)\n");
}

TEST_CASE("a ratings list's ignored columns are named up to 20, then counted in one warning", "[ratings_list]") {
  for (const int extra : {20, 1000}) {
    CAPTURE(extra);
    temp_dir dir;
    std::string header = "player,rating", row = "A,1500";
    for (int i = 0; i < extra; ++i) header += ",x" + std::to_string(i), row += ",1";
    write_text(dir / "list.csv", header + "\n" + row + "\n");
    write_text(dir / "games.csv", "date,player_a,player_b,score_a\n2024-01-05,A,B,1\n");
    write_text(dir / "c.yaml", "competition: c\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\ninitial: { ratings: "
                               "list.csv }\ninput: { format: games-csv, path: games.csv }\n");
    const auto r = run_cli("run '" + (dir / "c.yaml").string() + "' --out '" + (dir / "out").string() + "'");
    INFO(r.out);
    REQUIRE(r.status == 0);
    size_t named = 0;
    for (size_t at = r.out.find("is not one model"); at != std::string::npos; at = r.out.find("is not one model", at + 1))
      ++named;
    CHECK(named == 20);
    CHECK_THAT(r.out, Catch::Contains("column 'x19' is not one model"));
    CHECK(r.out.find("column 'x20'") == std::string::npos);
    const std::string more = "980 more columns that model 'fide-logistic' does not keep: ignored";
    CHECK((r.out.find(more) != std::string::npos) == (extra == 1000));
    CHECK((r.out.find("more columns") != std::string::npos) == (extra == 1000));
  }
}

TEST_CASE("a run counts the players who played, and those a list carried apart", "[cli]") {
  temp_dir dir;
  write_text(dir / "list.csv", "player,rating\nA,1500\nB,1500\nC,1500\nD,1500\n");
  write_text(dir / "games.csv", "date,player_a,player_b,score_a\n2024-01-05,A,B,1\n2024-01-06,A,E,1\n");
  write_text(dir / "c.yaml", "competition: c\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\ninitial: { ratings: "
                             "list.csv }\ninput: { format: games-csv, path: games.csv }\n");
  const auto r = run_cli("run '" + (dir / "c.yaml").string() + "' --out '" + (dir / "out").string() + "'");
  INFO(r.out);
  CHECK(r.status == 0);
  // A, B and E played; C and D, listed, did not.
  CHECK_THAT(r.out, Catch::Contains("rated 2 games among 3 players (2 others known to the run played none) with "
                                    "fide-logistic"));
}

}  // namespace test_printed_text
