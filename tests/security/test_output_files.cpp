// Output files are created exclusively beside their target: a planted file or
// symbolic link is never written through, whoever planted it.
#include "test_support.hpp"

#include <ratekit/host/output/files/outputs.hpp>

#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <unistd.h>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_output_files {

using namespace ratekit;
namespace fs = std::filesystem;

TEST_CASE("a link planted at the old predictable temporary name is not followed", "[security][output]") {
  const testing::temp_dir dir;
  testing::write_text(dir / "victim.txt", "precious\n");
  fs::create_symlink(dir / "victim.txt", dir.path() / ("ratings.csv.tmp-" + std::to_string(::getpid())));
  write_file_atomically(dir / "ratings.csv", "player,rating\n");
  CHECK(testing::read_text(dir / "victim.txt") == "precious\n");
  CHECK(testing::read_text(dir / "ratings.csv") == "player,rating\n");
}

TEST_CASE("a link at the target is replaced, not written through", "[security][output]") {
  const testing::temp_dir dir;
  testing::write_text(dir / "victim.txt", "precious\n");
  fs::create_symlink(dir / "victim.txt", dir / "ratings.csv");
  write_file_atomically(dir / "ratings.csv", "player,rating\n");
  CHECK(testing::read_text(dir / "victim.txt") == "precious\n");
  CHECK_FALSE(fs::is_symlink(dir / "ratings.csv"));
  CHECK(testing::read_text(dir / "ratings.csv") == "player,rating\n");
}

TEST_CASE("outputs leave no temporary and get the user's usual permissions", "[security][output]") {
  const testing::temp_dir dir;
  const mode_t old = ::umask(022);
  write_files_atomically({{dir / "a.csv", "a\n"}, {dir / "b.csv", "b\n"}});
  ::umask(old);
  size_t files = 0;
  for (const auto& e : fs::directory_iterator(dir.path())) {
    ++files;
    CHECK(e.path().filename().string().find(".tmp-") == std::string::npos);
  }
  CHECK(files == 2);
  struct stat st {};
  REQUIRE(::stat((dir / "a.csv").c_str(), &st) == 0);
  CHECK((st.st_mode & 0777) == 0644);
}

TEST_CASE("temporaries of a killed run are removed, a live writer's are kept", "[security][output]") {
  const testing::temp_dir dir;
  const std::string dead = "ratings.csv.tmp-999999999-AbCdEf", live = "ratings.csv.tmp-" + std::to_string(::getpid()) + "-XyZ123";
  testing::write_text(dir / dead, "half");
  testing::write_text(dir / live, "busy");
  write_file_atomically(dir / "ratings.csv", "player,rating\n");
  CHECK_FALSE(fs::exists(dir / dead));
  CHECK(fs::exists(dir / live));
}

}  // namespace test_output_files
