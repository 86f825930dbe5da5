// The officer's month: one config rates every month's file (--input), and its
// first run creates the history database it starts from.
#include "test_support.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

using namespace ratekit::testing;

namespace {

// A club's config that starts from the database it records into, and the two
// months of examples/history-database beside it.
struct club {
  temp_dir dir;
  club() {
    write_text(dir / "month.yaml", "competition: club\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\ninitial: "
                                   "{ rating: 1500, database: ratings.db }\ninput: { format: games-csv, path: "
                                   "2024-01.csv }\nperiod: month\noutput: { dir: out, database: ratings.db }\n");
    for (const char* month : {"2024-01.csv", "2024-02.csv"})
      std::filesystem::copy_file(source_path("examples/history-database") / month, dir / month);
  }
  command_result run(const std::string& args) const {
    return run_cli("run " + (dir / "month.yaml").string() + " " + args);
  }
};

}  // namespace

TEST_CASE("one config rates month after month with --input, its first run creating the database", "[store][cli]") {
  const club c;
  const auto january = c.run("--input " + (c.dir / "2024-01.csv").string());
  REQUIRE(january.status == 0);
  CHECK_THAT(january.out, Catch::Contains((c.dir / "ratings.db").string() +
                                          " does not exist yet: this first run starts every player new and creates it"));
  const auto february = c.run("--input " + (c.dir / "2024-02.csv").string());
  REQUIRE(february.status == 0);
  CHECK(february.out.find("does not exist yet") == std::string::npos);  // it starts from January's ratings now
  // As docs/history-database.md's two configs give it: A 1510 after January, 1499.42 after February.
  const auto history = run_cli("history " + (c.dir / "ratings.db").string() + " A");
  CHECK_THAT(history.out, Catch::Contains("club        2024-01       1510       +10      2"));
  CHECK_THAT(history.out, Catch::Contains("club        2024-02    1499.42    -10.58      1"));
  CHECK_THAT(read_text(c.dir / "out/summary.json"), Catch::Contains("\"files\": [\n      \"2024-02.csv\""));
}

TEST_CASE("run --input must name existing files, each once", "[store][cli]") {
  const club c;
  const auto missing = c.run("--input " + (c.dir / "2024-03.csv").string());
  CHECK(missing.status == 1);
  CHECK_THAT(missing.out, Catch::Contains("error: " + (c.dir / "2024-03.csv").string() + ": input file not found (--input)"));
  const auto folder = c.run("--input " + c.dir.path().string());
  CHECK_THAT(folder.out, Catch::Contains(": expected a regular file for --input"));
  const auto twice = c.run("--input " + (c.dir / "2024-01.csv").string() + " --input " + (c.dir / "2024-01.csv").string());
  CHECK_THAT(twice.out, Catch::Contains("expected each input file once (--input)"));
  CHECK_FALSE(std::filesystem::exists(c.dir / "ratings.db"));  // nothing was recorded
}

TEST_CASE("a missing initial.database that is not output.database is still an error", "[store][config]") {
  const club c;
  write_text(c.dir / "other.yaml", "competition: club\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\ninitial: "
                                   "{ database: ratings.db }\ninput: { format: games-csv, path: 2024-01.csv }\n"
                                   "period: month\noutput: { dir: out, database: elsewhere.db }\n");
  const auto r = run_cli("run " + (c.dir / "other.yaml").string());
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("other.yaml:4:22: rating database not found: 'ratings.db'"));
  CHECK_FALSE(std::filesystem::exists(c.dir / "elsewhere.db"));
}

TEST_CASE("a database of other competitions starts a competition's first run anew when it records into it too",
          "[store][cli]") {
  const club c;
  REQUIRE(c.run("--input " + (c.dir / "2024-01.csv").string()).status == 0);
  // Another competition's config over the same database and months.
  write_text(c.dir / "other.yaml", "competition: juniors\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\ninitial: "
                                   "{ rating: 1500, database: ratings.db }\ninput: { format: games-csv }\n"
                                   "period: month\noutput: { dir: out2, database: ratings.db }\n");
  const auto first = run_cli("run " + (c.dir / "other.yaml").string() + " --input " + (c.dir / "2024-01.csv").string());
  REQUIRE(first.status == 0);
  CHECK_THAT(first.out, Catch::Contains("holds no run of competition 'juniors' yet: this first run starts every player new"));
  const auto history = run_cli("history " + (c.dir / "ratings.db").string() + " A");
  CHECK_THAT(history.out, Catch::Contains("club        2024-01       1510       +10      2"));
  CHECK_THAT(history.out, Catch::Contains("juniors     2024-01       1510       +10      2"));
  // Without a path in the config, --input is what names the files.
  const auto none = run_cli("run " + (c.dir / "other.yaml").string());
  CHECK(none.status == 1);
  CHECK_THAT(none.out, Catch::Contains("'input' needs 'path' (or the files with ratekit run --input)"));
}
