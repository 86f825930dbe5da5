// A run never writes where it reads: an input inside the output folder (or the
// history database itself) is refused before anything is rated or written.
#include "test_support.hpp"

#include <catch2/catch.hpp>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_input_in_output {

using ratekit::testing::run_cli;
namespace fs = std::filesystem;

namespace {

const char* games = "date,player_a,player_b,score_a\n2024-01-01,A,B,1\n";

void write_config(const fs::path& file, const std::string& input, const std::string& extra = "") {
  ratekit::testing::write_text(file, "competition: c\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
                                     "input: { format: games-csv, path: " + input + " }\n" + extra);
}

}  // namespace

TEST_CASE("an input inside the output folder is refused and left as it was", "[security][output]") {
  const ratekit::testing::temp_dir dir;
  fs::create_directories(dir / "out");
  ratekit::testing::write_text(dir / "out/ratings.csv", games);  // the input is named like an output
  write_config(dir / "c.yaml", "out/ratings.csv");
  const auto r = run_cli("run " + (dir / "c.yaml").string() + " --out " + (dir / "out").string());
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("ratings.csv: this input lies inside the output folder"));
  CHECK(ratekit::testing::read_text(dir / "out/ratings.csv") == games);
  CHECK_FALSE(fs::exists(dir / "out/summary.json"));
}

TEST_CASE("an output folder that is the input's folder is refused, also through a link", "[security][output]") {
  const ratekit::testing::temp_dir dir;
  ratekit::testing::write_text(dir / "games.csv", games);
  write_config(dir / "c.yaml", "games.csv");
  CHECK(run_cli("run " + (dir / "c.yaml").string() + " --out " + dir.path().string()).status == 1);
  fs::create_directory_symlink(dir.path(), dir / "alias");
  const auto r = run_cli("run " + (dir / "c.yaml").string() + " --out " + (dir / "alias").string());
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("lies inside the output folder"));
  CHECK_FALSE(fs::exists(dir / "summary.json"));
}

TEST_CASE("an input that is the history database is refused", "[security][output]") {
  const ratekit::testing::temp_dir dir;
  ratekit::testing::write_text(dir / "games.csv", games);
  write_config(dir / "c.yaml", "games.csv", "output: { database: games.csv }\n");
  const auto r = run_cli("run " + (dir / "c.yaml").string() + " --out " + (dir / "out").string());
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("games.csv: this input is the history database the run writes"));
  CHECK(ratekit::testing::read_text(dir / "games.csv") == games);
}

TEST_CASE("an output folder beside the input, sharing its name's start, is fine", "[security][output]") {
  const ratekit::testing::temp_dir dir;
  fs::create_directories(dir / "data");
  ratekit::testing::write_text(dir / "data/games.csv", games);
  write_config(dir / "c.yaml", "data/games.csv");
  const auto r = run_cli("run " + (dir / "c.yaml").string() + " --out " + (dir / "dat").string());
  CHECK(r.status == 0);
  CHECK(fs::exists(dir / "dat/ratings.csv"));
}

TEST_CASE("a history database inside the output folder is refused before anything is written", "[security][output]") {
  const ratekit::testing::temp_dir dir;
  ratekit::testing::write_text(dir / "games.csv", games);
  SECTION("recorded into") {
    write_config(dir / "c.yaml", "games.csv", "output: { database: out/r.db }\n");
    const auto r = run_cli("run " + (dir / "c.yaml").string() + " --out " + (dir / "out").string());
    CHECK(r.status == 1);
    CHECK_THAT(r.out, Catch::Contains("r.db: the history database lies inside the output folder"));
    CHECK_FALSE(fs::exists(dir / "out"));
  }
  SECTION("started from, through a link to the folder") {
    write_config(dir / "c.yaml", "games.csv", "output: { database: r.db }\n");
    REQUIRE(run_cli("run " + (dir / "c.yaml").string() + " --out " + (dir / "first").string()).status == 0);
    fs::create_directories(dir / "out");
    fs::rename(dir / "r.db", dir / "out/r.db");
    fs::create_directory_symlink(dir / "out", dir / "alias");
    write_config(dir / "c.yaml", "games.csv", "initial: { database: alias/r.db }\n");
    const auto r = run_cli("run " + (dir / "c.yaml").string() + " --out " + (dir / "out").string());
    CHECK(r.status == 1);
    CHECK_THAT(r.out, Catch::Contains("the history database lies inside the output folder"));
    CHECK(fs::exists(dir / "out/r.db"));
    CHECK_FALSE(fs::exists(dir / "out/ratings.csv"));
  }
  SECTION("beside the folder, sharing its name's start, is fine") {
    write_config(dir / "c.yaml", "games.csv", "output: { database: out.db }\n");
    CHECK(run_cli("run " + (dir / "c.yaml").string() + " --out " + (dir / "out").string()).status == 0);
    CHECK(fs::exists(dir / "out.db"));
  }
}

}  // namespace test_input_in_output
