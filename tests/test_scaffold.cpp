// `ratekit new-plugin`: the scaffolded folder. Building it against an install
// is tests/install/install_test.cmake's job.
#include "test_support.hpp"

#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/plugin/scaffold.hpp>

#include <catch2/catch.hpp>

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
  CHECK_THAT(plugin, Catch::Contains("\"my-federation-elo\", \"0.1.0\""));
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
