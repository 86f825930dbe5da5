// A run's outputs are one set: replaced whole, locked against a second run, and
// never placed over a folder that holds anything ratekit did not write.
#include <ratekit/host/output/files/output_folder.hpp>

#include "test_support.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_run_unit {

using ratekit::testing::read_text;
using ratekit::testing::run_cli;
using ratekit::testing::write_text;
namespace fs = std::filesystem;

namespace {

struct competition {
  ratekit::testing::temp_dir dir;
  competition() {
    write_text(dir / "games.csv", "date,player_a,player_b,score_a\n2024-01-01,A,B,1\n");
    write_text(dir / "c.yaml", "competition: c\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
                               "input: { format: games-csv, path: games.csv }\noutput: { database: c.db }\n");
  }
  ratekit::testing::command_result run(const std::string& out = "out") const {
    return run_cli("run " + (dir / "c.yaml").string() + " --out " + (dir / out).string());
  }
};

// Holds an flock on `path` as another ratekit run would.
struct held_lock {
  int fd;
  explicit held_lock(const fs::path& path, int operation = LOCK_EX) : fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC)) {
    REQUIRE(fd >= 0);
    REQUIRE(::flock(fd, operation | LOCK_NB) == 0);
  }
  ~held_lock() { ::close(fd); }
};

}  // namespace

TEST_CASE("files an earlier run or command left do not survive the next run", "[security][output]") {
  competition c;
  write_text(c.dir / "c.yaml", "competition: c\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
                               "input: { format: games-csv, path: games.csv }\noutput: { report: true }\n");
  REQUIRE(c.run().status == 0);
  REQUIRE(fs::exists(c.dir / "out/report.md"));
  write_text(c.dir / "out/chart.svg", "<svg>an old chart</svg>");
  write_text(c.dir / "out/report.html", "an old report");
  write_text(c.dir / "c.yaml", "competition: c\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
                               "input: { format: games-csv, path: games.csv }\n");
  REQUIRE(c.run().status == 0);
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(c.dir / "out")) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  CHECK(names == std::vector<std::string>{"history.csv", "ratings.csv", "summary.json"});
  for (const auto& e : fs::directory_iterator(c.dir.path()))  // no staging folder left beside it
    CHECK(e.path().filename().string().find(".new-") == std::string::npos);
}

TEST_CASE("a folder holding files ratekit does not write is never replaced", "[security][output]") {
  competition c;
  fs::create_directories(c.dir / "home/projects");
  write_text(c.dir / "home/notes.txt", "mine\n");
  const auto r = c.run("home");
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("home: the output folder holds '") && Catch::Contains("which ratekit does not write"));
  CHECK(read_text(c.dir / "home/notes.txt") == "mine\n");
  CHECK(fs::is_directory(c.dir / "home/projects"));
  CHECK((!fs::exists(c.dir / "c.db") || fs::file_size(c.dir / "c.db") == 0));  // refused before recording
}

TEST_CASE("a link planted where ratings.csv goes makes the folder foreign", "[security][output]") {
  competition c;
  fs::create_directories(c.dir / "out");
  write_text(c.dir / "victim.txt", "precious\n");
  fs::create_symlink(c.dir / "victim.txt", c.dir / "out/ratings.csv");
  CHECK(c.run().status == 1);
  CHECK(read_text(c.dir / "victim.txt") == "precious\n");
}

TEST_CASE("a second run into a folder or database in use is refused, and the first one's files stay", "[security][output]") {
  competition c;
  REQUIRE(c.run().status == 0);
  const std::string before = read_text(c.dir / "out/ratings.csv");
  {
    const held_lock lock(c.dir / "out");
    const auto r = c.run();
    CHECK(r.status == 1);
    CHECK_THAT(r.out, Catch::Contains("out: another ratekit run or command is using this output folder; run again when it has finished"));
  }
  {
    const held_lock lock(c.dir / "c.db");
    const auto r = c.run("out2");
    CHECK(r.status == 1);
    CHECK_THAT(r.out, Catch::Contains("c.db: another ratekit run is recording into this database"));
    CHECK_FALSE(fs::exists(c.dir / "out2"));
  }
  CHECK(read_text(c.dir / "out/ratings.csv") == before);
  CHECK(c.run().status == 0);  // the locks went with their holders
}

TEST_CASE("report and chart leave a folder a run is writing alone, and a run is refused while they read it", "[security][output]") {
  competition c;
  write_text(c.dir / "c.yaml", "competition: c\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
                               "input: { format: games-csv, path: games.csv }\n");
  REQUIRE(c.run().status == 0);
  const std::string report = "report '" + (c.dir / "out").string() + "'";
  const std::string chart = "chart '" + (c.dir / "out").string() + "' --player A";
  {
    const held_lock run(c.dir / "out");  // a run replaces the folder: its files may be mixed, a file written lost
    for (const std::string& command : {report, chart}) {
      const auto r = run_cli(command);
      CHECK(r.status == 1);
      CHECK_THAT(r.out, Catch::Contains("out: a ratekit run is writing this output folder; run again when it has finished"));
    }
    CHECK_FALSE(fs::exists(c.dir / "out/report.html"));
    CHECK_FALSE(fs::exists(c.dir / "out/chart.svg"));
  }
  {
    const held_lock reading(c.dir / "out", LOCK_SH);  // as report and chart hold it: readers share the folder
    CHECK(run_cli(report).status == 0);
    CHECK(run_cli(chart).status == 0);
    const auto r = c.run();
    CHECK(r.status == 1);
    CHECK_THAT(r.out, Catch::Contains("out: another ratekit run or command is using this output folder"));
  }
  CHECK(fs::exists(c.dir / "out/report.html"));
  CHECK(fs::exists(c.dir / "out/chart.svg"));
}

TEST_CASE("a run writing through a link to its folder replaces the folder, not the link", "[security][output]") {
  competition c;
  fs::create_directories(c.dir / "real");
  fs::create_directory_symlink(c.dir / "real", c.dir / "out");
  REQUIRE(c.run().status == 0);
  CHECK(fs::is_symlink(c.dir / "out"));
  CHECK(fs::exists(c.dir / "real/ratings.csv"));
}

TEST_CASE("a failed run leaves no database it created, and one it found as it was", "[security][output]") {
  competition c;
  write_text(c.dir / "bad.csv", "date,player_a,player_b,score_a\n2024-01-01,A,B,7\n");
  write_text(c.dir / "bad.yaml", "competition: c\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
                                 "input: { format: games-csv, path: bad.csv }\noutput: { database: c.db }\n");
  const auto bad_run = [&] { return run_cli("run " + (c.dir / "bad.yaml").string() + " --out " + (c.dir / "bad").string()); };
  const auto r = bad_run();
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("bad.csv:2:"));
  CHECK_FALSE(fs::exists(c.dir / "c.db"));
  CHECK_FALSE(fs::exists(c.dir / "c.db-journal"));
  REQUIRE(c.run().status == 0);
  REQUIRE(c.run().status == 0);  // the same run again: the file now in the write-ahead log mode later runs keep
  const std::string recorded = read_text(c.dir / "c.db");
  CHECK(bad_run().status == 1);
  CHECK(read_text(c.dir / "c.db") == recorded);
  CHECK_FALSE(fs::exists(c.dir / "c.db-journal"));
}

TEST_CASE("an empty database file the user made is kept by a failed run", "[security][output]") {
  competition c;
  write_text(c.dir / "c.db", "");
  write_text(c.dir / "games.csv", "date,player_a,player_b,score_a\n2024-01-01,A,B,2\n");
  CHECK(c.run().status == 1);
  REQUIRE(fs::exists(c.dir / "c.db"));
  CHECK(fs::file_size(c.dir / "c.db") == 0);
  // Read, it says what it is; a run that records into it starts it.
  const auto history = run_cli("history " + (c.dir / "c.db").string() + " A");
  CHECK(history.status == 1);
  CHECK_THAT(history.out, Catch::Contains("c.db: the rating database is empty: no run has recorded into it"));
  write_text(c.dir / "games.csv", "date,player_a,player_b,score_a\n2024-01-01,A,B,1\n");
  REQUIRE(c.run().status == 0);
  CHECK(run_cli("history " + (c.dir / "c.db").string() + " A").status == 0);
}

TEST_CASE("a database path that is a link is followed to a database, never used to create one", "[security][output]") {
  competition c;
  fs::create_directories(c.dir / "elsewhere");
  fs::create_symlink(c.dir / "elsewhere/planted.db", c.dir / "c.db");
  const auto r = c.run();
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("c.db: the rating database is a link to " + (c.dir / "elsewhere/planted.db").string() +
                                    ", which does not exist"));
  CHECK_FALSE(fs::exists(c.dir / "elsewhere/planted.db"));
  CHECK_FALSE(fs::exists(c.dir / "out"));
  // A link to a database that exists records into it, and stays a link.
  fs::remove(c.dir / "c.db");
  REQUIRE(c.run().status == 0);
  fs::rename(c.dir / "c.db", c.dir / "elsewhere/planted.db");
  fs::create_symlink(c.dir / "elsewhere/planted.db", c.dir / "c.db");
  write_text(c.dir / "games.csv", "date,player_a,player_b,score_a\n2024-02-01,A,B,0\n");
  REQUIRE(c.run().status == 0);
  CHECK(fs::is_symlink(c.dir / "c.db"));
  const auto runs = run_cli("history " + (c.dir / "c.db").string() + " --competition c A");
  CHECK_THAT(runs.out, Catch::Contains("2024-01") && Catch::Contains("2024-02"));
}

TEST_CASE("only a killed writer's own temporaries count as ratekit's: a user's file named like one is refused",
          "[security][output]") {
  competition c;
  REQUIRE(c.run().status == 0);
  write_text(c.dir / "out/ratings.csv.tmp-999999999-AbC123", "a killed run's\n");  // the pattern write_temp makes
  REQUIRE(c.run().status == 0);
  CHECK_FALSE(fs::exists(c.dir / "out/ratings.csv.tmp-999999999-AbC123"));
  for (const char* name : {"notes.tmp-keep", "ratings.csv.tmp-keep", "ratings.csv.tmp-12-abc", "ratings.csv.tmp-x-AbC123",
                           "ratings.csv.tmp-12-AbC123.bak", "mine.csv.tmp-12-AbC123"}) {
    INFO(name);
    write_text(c.dir / "out" / name, "mine\n");
    const auto r = c.run();
    CHECK(r.status == 1);
    CHECK_THAT(r.out, Catch::Contains(std::string("the output folder holds '") + name + "'"));
    CHECK(read_text(c.dir / "out" / name) == "mine\n");
    fs::remove(c.dir / "out" / name);
  }
}

TEST_CASE("a run removes its own folder's killed staging folders, not those of a folder named like one",
          "[security][output]") {
  competition c;
  fs::create_directories(c.dir / ".out.new-Ab12Cd/inside");  // a killed run's into out
  fs::create_directories(c.dir / ".out.new-b.new-Xy34Zw/inside");  // staging of a run into out.new-b
  fs::create_directories(c.dir / ".out.new-b");  // not a staging folder's name either
  REQUIRE(c.run().status == 0);
  CHECK_FALSE(fs::exists(c.dir / ".out.new-Ab12Cd"));
  CHECK(fs::exists(c.dir / ".out.new-b.new-Xy34Zw/inside"));
  CHECK(fs::exists(c.dir / ".out.new-b"));
}

TEST_CASE("a staging folder removed or replaced under the run stops it before its files are published",
          "[security][output]") {
  const ratekit::testing::temp_dir dir;
  ratekit::output_folder folder(dir / "out");
  CHECK_NOTHROW(folder.check_staging());
  write_text(folder.staging() / "history.csv", "streamed\n");
  SECTION("removed") {
    fs::remove_all(folder.staging());
    CHECK_THROWS_WITH(folder.check_staging(), Catch::Contains("was removed or replaced while it ran"));
  }
  SECTION("made again at its path, as a later create_directories would") {
    fs::remove_all(folder.staging());
    fs::create_directory(folder.staging());
    CHECK_THROWS_WITH(folder.check_staging(), Catch::Contains("was removed or replaced while it ran"));
  }
}

TEST_CASE("an interrupt taken after the run finds its outputs published, the folder's instance gone or not",
          "[security][output]") {
  const ratekit::testing::temp_dir dir;
  const auto run = [&](const std::string& ratings, bool recorded) {
    ratekit::output_folder folder(dir / "out");
    write_text(folder.staging() / "ratings.csv", ratings);
    folder.publish();
    if (!recorded) folder.unpublish();  // the database could not record the run
  };
  run("first\n", true);
  CHECK(ratekit::output_folder::abandon_living());  // between the run's end and the process's
  CHECK(read_text(dir / "out" / "ratings.csv") == "first\n");
  run("second\n", false);
  CHECK_FALSE(ratekit::output_folder::abandon_living());
  CHECK(read_text(dir / "out" / "ratings.csv") == "first\n");
  run("third\n", true);
  {
    const ratekit::output_folder next(dir / "out");  // a run begins: nothing of it is published yet
    CHECK_FALSE(ratekit::output_folder::abandon_living());
  }
  CHECK(read_text(dir / "out" / "ratings.csv") == "third\n");
}

TEST_CASE("a failed run leaves no folder it made, the parents it needed included", "[security][output]") {
  competition c;
  write_text(c.dir / "games.csv", "date,player_a,player_b,score_a\n2024-01-01,A,B,2\n");
  fs::create_directory(c.dir / "kept");
  CHECK(c.run("n1/n2/out").status == 1);
  CHECK_FALSE(fs::exists(c.dir / "n1"));
  CHECK(c.run("kept/n2/out").status == 1);
  CHECK_FALSE(fs::exists(c.dir / "kept/n2"));
  CHECK(fs::exists(c.dir / "kept"));  // the user's
}

TEST_CASE("the output folder keeps the permissions the user gave it", "[security][output]") {
  competition c;
  REQUIRE(c.run().status == 0);
  fs::permissions(c.dir / "out", fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec);
  REQUIRE(c.run().status == 0);
  CHECK(fs::status(c.dir / "out").permissions() ==
        (fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec));
  fs::permissions(c.dir / "out", fs::perms::owner_all);
  REQUIRE(c.run().status == 0);
  CHECK(fs::status(c.dir / "out").permissions() == fs::perms::owner_all);
}

TEST_CASE("an output folder that is a mount point is refused before the run", "[security][output]") {
  competition c;
  fs::create_directory(c.dir / "mounted");
  if (std::system(("mount -t tmpfs none '" + (c.dir / "mounted").string() + "' 2>/dev/null").c_str()) != 0) {
    WARN("tmpfs cannot be mounted here: not checked");
    return;
  }
  const auto r = c.run("mounted");
  CHECK(std::system(("umount '" + (c.dir / "mounted").string() + "'").c_str()) == 0);
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("mounted: the output folder is a mount point") &&
                        Catch::Contains("give a folder inside it, such as " + (c.dir / "mounted/out").string()));
  CHECK_FALSE(fs::exists(c.dir / "c.db"));  // refused before anything was rated or recorded
}

}  // namespace test_run_unit
