// docs/config.md lists every key the config reader accepts, and no other.
#include <ratekit/host/config/config.hpp>
#include <ratekit/host/config/config_keys.hpp>

#include <catch2/catch.hpp>

#include "test_support.hpp"

#include <algorithm>
#include <set>
#include <sstream>
#include <string>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_config_keys {

namespace {

// The text of config.md from `heading` to the next heading of any level.
std::string section(const std::string& heading) {
  std::istringstream doc(ratekit::testing::read_text(ratekit::testing::source_path("docs/config.md")));
  std::string text, line;
  bool in = false;
  while (std::getline(doc, line)) {
    if (line.starts_with("#")) {
      if (in) break;
      in = line == heading;
      continue;
    }
    if (in) text += line + "\n";
  }
  REQUIRE(in);
  return text;
}

// The keys of a section's table: each row's first cell, `key`.
std::set<std::string> table_keys(const std::string& text) {
  std::set<std::string> keys;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);)
    if (line.starts_with("| `")) keys.insert(line.substr(3, line.find('`', 3) - 3));
  return keys;
}

std::set<std::string> reader_keys(const std::string& name) {
  const auto& keys = ratekit::keys_of(name);
  return {keys.begin(), keys.end()};
}

}  // namespace

TEST_CASE("config.md's key tables are the keys the config reader accepts", "[config][docs]") {
  CHECK(table_keys(section("## Keys")) == reader_keys(""));
  CHECK(table_keys(section("### `initial`")) == reader_keys("initial"));
  CHECK(table_keys(section("### `input`")) == reader_keys("input"));
  CHECK(table_keys(section("### `output`")) == reader_keys("output"));
}

TEST_CASE("config.md names every key of the small maps in their sections", "[config][docs]") {
  const std::pair<const char*, const char*> places[] = {{"home_advantage", "### `home_advantage`"},
                                                        {"initial.adjust", "### `initial`"},
                                                        {"categories", "### `categories`"}};
  for (const auto& [name, heading] : places) {
    const std::string text = section(heading);
    for (const auto& key : ratekit::keys_of(name)) {
      INFO(name << ": " << key);
      CHECK((text.find("`" + key + "`") != std::string::npos || text.find(key + ":") != std::string::npos));
    }
  }
  // Every section of config_keys() is checked by one of the two tests.
  CHECK(ratekit::config_keys().size() == 7);
}

}  // namespace test_config_keys
