// sdk::descriptor: a plugin names its descriptor's fields and the SDK counts
// its arrays; the built-in plugins' descriptors and entries are those they had
// when each was written by position (tests/descriptors/builtin.txt). A
// parameter or state field that several built-in plugins declare with one
// meaning is one definition (sdk/include/ratekit/shared_specs.hpp): each
// plugin's descriptor gives it the same key, type, lower bound and help,
// whatever its default.
#include "descriptors/descriptor_text.hpp"
#include "test_support.hpp"

#include <catch2/catch.hpp>
#include <ratekit/host/plugin/plugin.hpp>
#include <ratekit/sdk.hpp>

#include <sstream>
#include <string>
#include <vector>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_sdk_descriptor {

namespace {

namespace sdk = ratekit::sdk;

constexpr rk_state_field two_fields[] = {sdk::rating_field(1500, "points"), {"rd", 350, "deviation"}};
constexpr rk_param_spec three_params[] = {sdk::xi_param(400), sdk::param{.key = "c"}, sdk::param{.key = "k"}};

struct meaning_shared_by {
  std::string key;
  std::vector<std::string> plugins;
};

std::shared_ptr<const ratekit::plugin> built_plugin_named(const std::string& id) {
  return ratekit::plugin::load(std::filesystem::path(RATEKIT_BUILD_PLUGIN_DIR) / ("ratekit-" + id + ".so"));
}

// What a parameter means to a reader of `ratekit describe`: its type, lower bound and help.
std::string shared_param_meaning(const std::string& id, const std::string& key) {
  const auto plugin = built_plugin_named(id);
  const rk_descriptor& d = plugin->descriptor();
  for (uint32_t i = 0; i < d.param_count; ++i)
    if (key == d.params[i].key)
      return "type " + std::to_string(d.params[i].type) + " from " + std::to_string(d.params[i].min) + ": " +
             d.params[i].help;
  return "no parameter " + key;
}

std::string state_field_help(const std::string& id, const std::string& name) {
  const auto plugin = built_plugin_named(id);
  const rk_descriptor& d = plugin->descriptor();
  for (uint32_t i = 0; i < d.state_count; ++i)
    if (name == d.state[i].name) return d.state[i].help;
  return "no state field " + name;
}

}  // namespace

TEST_CASE("sdk::descriptor takes its counts from the arrays and names every other field", "[sdk]") {
  constexpr rk_descriptor d = sdk::descriptor{.id = "x", .version = "2.0.1", .summary = "s",
                                              .capabilities = RK_CAP_PAIRWISE | RK_CAP_DRAWS,
                                              .bookkeeping_state = 1u << 1, .state = two_fields,
                                              .params = three_params};
  STATIC_REQUIRE(d.struct_size == sizeof(rk_descriptor));
  CHECK(d.state_count == 2);
  CHECK(d.param_count == 3);
  CHECK(d.state == two_fields);
  CHECK(d.params == three_params);
  CHECK(d.bookkeeping_state == 2u);
  CHECK(d.capabilities == (RK_CAP_PAIRWISE | RK_CAP_DRAWS));
  CHECK(std::string(d.id) + d.version + d.summary == "x2.0.1s");
}

TEST_CASE("sdk::descriptor leaves out what a plugin does not name", "[sdk]") {
  constexpr rk_descriptor d = sdk::descriptor{.id = "x", .version = "1.0.0", .state = two_fields};
  CHECK(d.param_count == 0);
  CHECK(d.params == nullptr);
  CHECK(d.bookkeeping_state == 0u);
  CHECK(d.capabilities == 0u);
  CHECK(std::string(d.summary).empty());
}

TEST_CASE("the built-in plugins' descriptors and entries are byte for byte those written by position", "[sdk]") {
  const std::string expected =
      ratekit::testing::read_text(ratekit::testing::source_path("tests/descriptors/builtin.txt"));
  std::vector<std::filesystem::path> files;  // the plugins the file lists, as built now
  std::istringstream lines(expected);
  for (std::string line; std::getline(lines, line);)
    if (line.starts_with("== ")) files.push_back(std::filesystem::path(RATEKIT_BUILD_PLUGIN_DIR) / line.substr(3));
  REQUIRE(files.size() == 14);
  CHECK(ratekit::testing::descriptors_text(files) == expected);
}

TEST_CASE("a parameter several plugins declare with one meaning reads the same in each", "[sdk][shared-specs]") {
  const meaning_shared_by shared[] = {
      {"c", {"glicko", "stephenson"}},            // RD growth per period away
      {"mu", {"trueskill", "ttt", "weng-lin"}},   // a new player's mean skill
      {"sigma", {"trueskill", "ttt"}},            // a new player's deviation (weng-lin's has its own bounds)
      {"beta", {"trueskill", "ttt"}},             // the performance spread
      {"tau", {"trueskill", "weng-lin"}},         // skill drift per match
      {"iterations", {"ttt", "whr"}},             // the most sweeps of a whole-history model
  };
  for (const meaning_shared_by& s : shared) {
    const std::string first = shared_param_meaning(s.plugins.front(), s.key);
    INFO(s.key << " in " << s.plugins.front() << ": " << first);
    CHECK_FALSE(first.starts_with("no parameter"));
    for (const std::string& id : s.plugins) {
      INFO(id);
      CHECK(shared_param_meaning(id, s.key) == first);
    }
  }
}

// glicko2's rd keeps its own help, which gives its scale (173.7178 phi).
TEST_CASE("glicko's and stephenson's rd field reads the same in each", "[sdk][shared-specs]") {
  const std::string glicko = state_field_help("glicko", "rd");
  CHECK_FALSE(glicko.starts_with("no state field"));
  CHECK(state_field_help("stephenson", "rd") == glicko);
}

}  // namespace test_sdk_descriptor
