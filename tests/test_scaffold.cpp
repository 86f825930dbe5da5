// `ratekit new-plugin`: the scaffolded folder. Building it against an install
// is tests/install/install_test.cmake's job.
#include "test_support.hpp"

#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/plugin/plugin.hpp>
#include <ratekit/host/plugin/scaffold.hpp>

#include <catch2/catch.hpp>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_scaffold {

using ratekit::testing::read_text;
using ratekit::testing::run_cli;
using ratekit::testing::temp_dir;

TEST_CASE("plugin ids are lowercase words joined by single hyphens", "[scaffold]") {
  for (const char* ok : {"a", "my-elo", "fide2", "world-football-elo"}) CHECK(ratekit::valid_plugin_id(ok));
  for (const char* bad : {"", "My-elo", "2elo", "-elo", "elo-", "my--elo", "my_elo", "my elo", "élo"})
    CHECK_FALSE(ratekit::valid_plugin_id(bad));
  CHECK(ratekit::valid_plugin_id(std::string(64, 'a')));
  CHECK_FALSE(ratekit::valid_plugin_id(std::string(65, 'a')));
}

TEST_CASE("new-plugin writes a project named after the id", "[scaffold]") {
  temp_dir dir;
  const auto files = ratekit::scaffold_plugin("my-federation-elo", dir / "p");
  CHECK(files == std::vector<std::string>{"CMakeLists.txt", "model.hpp", "plugin.cpp", "test.cpp", "example.yaml",
                                          "games.csv", "README.md"});
  const std::string cmake = read_text(dir / "p/CMakeLists.txt");
  CHECK_THAT(cmake, Catch::Contains("find_package(ratekit 1 REQUIRED)"));
  CHECK_THAT(cmake, Catch::Contains("ratekit_add_plugin(my-federation-elo plugin.cpp)"));
  CHECK_THAT(cmake, Catch::Contains("project(my_federation_elo LANGUAGES CXX)"));
  const std::string plugin = read_text(dir / "p/plugin.cpp");
  CHECK_THAT(plugin, Catch::Contains(".id = \"my-federation-elo\", .version = \"0.1.0\""));
  CHECK_THAT(plugin, Catch::Contains("RATEKIT_PLUGIN(my_federation_elo::model)"));
  CHECK_THAT(read_text(dir / "p/example.yaml"), Catch::Contains("model: my-federation-elo\n"));
  for (const auto& f : files) CHECK(read_text(dir / "p" / f).find('@') == std::string::npos);
}

TEST_CASE("new-plugin refuses a bad id and a folder in use", "[scaffold]") {
  temp_dir dir;
  CHECK_THROWS_WITH(ratekit::scaffold_plugin("My_Elo", dir / "p"),
                    Catch::Contains("expected a plugin id of lowercase letters") && Catch::Contains("'My_Elo'"));
  CHECK_FALSE(std::filesystem::exists(dir / "p"));
  ratekit::testing::write_text(dir / "keep.txt", "mine");
  CHECK_THROWS_WITH(ratekit::scaffold_plugin("my-elo", dir.path()),
                    Catch::Contains(dir.path().string() + ": expected a new or empty folder; it exists and is not empty"));
  CHECK(read_text(dir / "keep.txt") == "mine");
  CHECK_THROWS_WITH(ratekit::scaffold_plugin("my-elo", dir / "keep.txt"),
                    Catch::Contains((dir / "keep.txt").string() + ": expected a new or empty folder; it is a file"));
}

TEST_CASE("ratekit new-plugin creates the folder and says what comes next", "[scaffold][cli]") {
  temp_dir dir;
  const auto r = run_cli("new-plugin club-elo --dir " + (dir / "club").string());
  CHECK(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("created " + (dir / "club").string() + "/plugin.cpp"));
  CHECK_THAT(r.out, Catch::Contains("-DCMAKE_PREFIX_PATH="));
  CHECK(std::filesystem::exists(dir / "club/model.hpp"));
  // A folder with a space is quoted in the next steps, so they can be pasted.
  const auto spaced = run_cli("new-plugin club-elo --dir '" + (dir / "my club").string() + "'");
  CHECK(spaced.status == 0);
  CHECK_THAT(spaced.out, Catch::Contains("cd '" + (dir / "my club").string() + "' && ratekit --plugin-dir build"));
  const auto again = run_cli("new-plugin club-elo --dir " + (dir / "club").string());
  CHECK(again.status == 1);
  CHECK_THAT(again.out, Catch::Contains("error: " + (dir / "club").string() + ": expected a new or empty folder"));
}

TEST_CASE("the scaffold builds Release unless told, and its test takes every parameter's default", "[scaffold]") {
  temp_dir dir;
  ratekit::scaffold_plugin("club-elo", dir / "p", "/opt/ratekit");
  const std::string cmake = read_text(dir / "p/CMakeLists.txt");
  CHECK_THAT(cmake, Catch::Contains("if(NOT CMAKE_BUILD_TYPE AND NOT CMAKE_CONFIGURATION_TYPES)\n  set(CMAKE_BUILD_TYPE Release CACHE"));
  CHECK_THAT(cmake, Catch::Contains("-DCMAKE_PREFIX_PATH=/opt/ratekit "));
  // The golden test links the descriptor, so a parameter added to plugin.cpp comes with its default.
  CHECK_THAT(cmake, Catch::Contains("add_executable(club-elo-golden test.cpp plugin.cpp)"));
  const std::string test = read_text(dir / "p/test.cpp");
  CHECK_THAT(test, Catch::Contains("for (uint32_t i = 0; i < d.param_count; ++i) values.push_back(d.params[i].default_value);"));
  CHECK(test.find("params(&xi, 1)") == std::string::npos);
  CHECK_THAT(read_text(dir / "p/README.md"), Catch::Contains("cmake -S . -B build -DCMAKE_PREFIX_PATH=/opt/ratekit "));
}

TEST_CASE("new-plugin names the prefix ratekit is installed under, or says to install it", "[scaffold][cli]") {
  temp_dir dir;
  const auto built = run_cli("new-plugin club-elo --dir " + (dir / "a").string());
  CHECK(built.status == 0);
  CHECK_THAT(built.out, Catch::Contains("cmake --install " + ratekit::plugin_registry::program_root().string() +
                                        " --prefix <ratekit install prefix>   # this ratekit runs from its build tree"));
  CHECK_THAT(built.out, Catch::Contains("-DCMAKE_PREFIX_PATH=<ratekit install prefix>\n"));
  // The same program installed under a prefix of its own.
  std::filesystem::create_directories(dir / "prefix/bin");
  std::filesystem::copy_file(RATEKIT_EXE, dir / "prefix/bin/ratekit");
  FILE* pipe = ::popen(((dir / "prefix/bin/ratekit").string() + " new-plugin club-elo --dir " + (dir / "b").string() +
                        " 2>&1").c_str(), "r");
  std::string out;
  char buf[4096];
  for (size_t n; (n = fread(buf, 1, sizeof buf, pipe)) > 0;) out.append(buf, n);
  CHECK(::pclose(pipe) == 0);
  const std::string prefix = std::filesystem::canonical(dir / "prefix").string();
  CHECK_THAT(out, Catch::Contains("-DCMAKE_PREFIX_PATH=" + prefix + "\n"));
  CHECK(out.find("cmake --install") == std::string::npos);
  CHECK_THAT(read_text(dir / "b/README.md"), Catch::Contains("-DCMAKE_PREFIX_PATH=" + prefix + " "));
}

}  // namespace test_scaffold
