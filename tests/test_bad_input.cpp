// The bad-input catalogue (tests/bad_input/<case>/) through `ratekit run`.
// A case with expected.txt must fail with exit code 1, print exactly that text
// and create no output; a case with expected.csv must succeed and write those
// players and ratings. plugin.txt names a test plugin the run loads.
#include "test_support.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <sstream>
#include <vector>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_bad_input {

namespace fs = std::filesystem;
using namespace ratekit::testing;

namespace {

std::vector<std::string> case_names() {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(source_path("tests/bad_input")))
    if (e.is_directory()) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

std::string replace_all(std::string s, const std::string& from, const std::string& to) {
  for (size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size())) s.replace(at, from.size(), to);
  return s;
}

// Runs a case from a private copy, so messages name files relative to it.
command_result run_case(const std::string& name, const temp_dir& dir) {
  const fs::path work = dir / "case";
  fs::copy(source_path("tests/bad_input/" + name), work, fs::copy_options::recursive);
  std::string flags;
  if (fs::exists(work / "plugin.txt")) {
    std::string plugin;
    std::istringstream(read_text(work / "plugin.txt")) >> plugin;
    fs::create_directories(dir / "plugins");
    const std::string file = "ratekit-" + plugin + ".so";
    fs::copy_file(fs::path(RATEKIT_TEST_PLUGIN_DIR) / file, dir / "plugins" / file);
    flags = " --plugin-dir '" + (dir / "plugins").string() + "'";
  }
  command_result r = run_cli("run '" + (work / "config.yaml").string() + "' --out '" + (work / "out").string() + "'" + flags);
  r.out = replace_all(replace_all(r.out, work.string() + "/", ""), dir.path().string() + "/", "");
  r.out = replace_all(r.out, std::string(RATEKIT_BUILD_PLUGIN_DIR) + "/", "plugins/");  // the built-in ones
  return r;
}

std::vector<std::string> file_names(const fs::path& folder) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(folder)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

// player,rating rows of a ratings.csv, in its order.
std::string names_and_ratings(const std::string& csv) {
  std::istringstream in(csv);
  std::string line, out;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    const size_t second = line.find(',', line.find(',') + 1);
    out += line.substr(0, second) + "\n";
  }
  return out;
}

}  // namespace

TEST_CASE("every bad-input case fails cleanly with its expected message", "[bad_input]") {
  int failing = 0;
  for (const std::string& name : case_names()) {
    const fs::path expected = source_path("tests/bad_input/" + name + "/expected.txt");
    if (!fs::exists(expected)) continue;
    ++failing;
    DYNAMIC_SECTION(name) {
      temp_dir dir;
      const command_result r = run_case(name, dir);
      CHECK(r.status == 1);
      CHECK(r.out == read_text(expected));
      CHECK_FALSE(fs::exists(dir / "case" / "out"));
      CHECK(file_names(dir / "case") == file_names(source_path("tests/bad_input/" + name)));  // no database left
      for (const char* crash : {"terminate", "Aborted", "Segmentation", "what():", "Sanitizer"})
        CHECK_THAT(r.out, !Catch::Contains(crash));
    }
  }
  CHECK(failing >= 30);  // the catalogue did not go missing
}

TEST_CASE("a UTF-8 BOM, CRLF line ends and ISO-8859-1 names are read right", "[bad_input]") {
  for (const std::string name : {"ok_crlf", "ok_latin1_names", "ok_utf8_bom"}) {
    DYNAMIC_SECTION(name) {
      temp_dir dir;
      const command_result r = run_case(name, dir);
      CHECK(r.status == 0);
      // One win between two 1500 players, K 20: 1500 + 20 * (1 - 0.5) = 1510.
      CHECK(names_and_ratings(read_text(dir / "case" / "out" / "ratings.csv")) ==
            read_text(source_path("tests/bad_input/" + name + "/expected.csv")));
    }
  }
}

TEST_CASE("a config that is a device is refused, not read forever", "[bad_input]") {
  temp_dir dir;
  const command_result r = run_cli("run /dev/zero --out '" + (dir / "out").string() + "'");
  CHECK(r.status == 1);
  CHECK(r.out == "error: /dev/zero: expected a YAML file, got a directory or a device\n");
  CHECK_FALSE(fs::exists(dir / "out"));
}

}  // namespace test_bad_input
