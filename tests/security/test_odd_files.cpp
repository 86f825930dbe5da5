// Odd files where ratekit expects regular ones: a named pipe never blocks a
// command, and a broken or looping link in a plugin folder hides no plugin.
#include "test_support.hpp"

#include <catch2/catch.hpp>

#include <sys/stat.h>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_odd_files {

using namespace ratekit::testing;
namespace fs = std::filesystem;

TEST_CASE("chart and run refuse a named pipe instead of waiting on it", "[security][files]") {
  const temp_dir dir;
  REQUIRE(::mkfifo((dir / "history.csv").c_str(), 0600) == 0);
  const auto chart = run_cli("chart '" + dir.path().string() + "' --players A");
  CHECK(chart.status == 1);
  CHECK_THAT(chart.out, Catch::Contains("history.csv: expected a regular file, got a named pipe (FIFO)"));
  write_text(dir / "c.yaml", "competition: x\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
                             "input: { format: games-csv, path: history.csv }\n");
  const auto run = run_cli("run '" + (dir / "c.yaml").string() + "' --out '" + (dir / "out").string() + "'");
  CHECK(run.status == 1);
  CHECK_THAT(run.out, Catch::Contains("c.yaml:4:35: expected a regular file for the input file, got a named pipe (FIFO)"));
}

TEST_CASE("a broken or looping link in a plugin folder is skipped with a warning", "[security][plugin]") {
  const temp_dir dir;
  fs::create_symlink("/nonexistent/ratekit-x.so", dir / "ratekit-broken.so");
  fs::create_symlink("ratekit-loop.so", dir / "ratekit-loop.so");
  const auto r = run_cli("--plugin-dir '" + dir.path().string() + "' plugins");
  CHECK(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("ratekit-broken.so: broken symbolic link; skipped"));
  CHECK_THAT(r.out, Catch::Contains("ratekit-loop.so: cannot be read (Too many levels of symbolic links); skipped"));
  CHECK_THAT(r.out, Catch::Contains("fide-logistic"));  // the built-in plugins still load
}

}  // namespace test_odd_files
