// README.md's Layout section names every top-level folder of the source tree.
#include <catch2/catch.hpp>

#include "test_support.hpp"

#include <filesystem>
#include <sstream>
#include <string>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_readme_layout {

TEST_CASE("the README's layout lists every top-level folder", "[docs]") {
  const std::string readme = ratekit::testing::read_text(ratekit::testing::source_path("README.md"));
  const size_t layout = readme.find("## Layout\n");
  REQUIRE(layout != std::string::npos);
  const std::string block = readme.substr(layout, readme.find("\n## ", layout + 1) - layout);
  size_t folders = 0;
  for (const auto& e : std::filesystem::directory_iterator(ratekit::testing::source_path(""))) {
    const std::string name = e.path().filename().string();
    // What .gitignore keeps out of the tree (build folders, run outputs, caches) and git's own folder.
    if (!e.is_directory() || name == ".git" || name.starts_with("build") || name == "out" || name == ".cache" ||
        name == "node_modules")
      continue;
    INFO(name);
    CHECK(block.find("\n" + name + "/ ") != std::string::npos);
    ++folders;
  }
  CHECK(folders >= 13);
}

}  // namespace test_readme_layout
