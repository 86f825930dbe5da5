// sdk::descriptor: a plugin names its descriptor's fields and the SDK counts
// its arrays; the built-in plugins' descriptors and entries are those they had
// when each was written by position (tests/descriptors/builtin.txt).
#include "descriptors/descriptor_text.hpp"
#include "test_support.hpp"

#include <catch2/catch.hpp>
#include <ratekit/sdk.hpp>

#include <sstream>

namespace {

namespace sdk = ratekit::sdk;

constexpr rk_state_field two_fields[] = {sdk::rating_field(1500, "points"), {"rd", 350, "deviation"}};
constexpr rk_param_spec three_params[] = {sdk::xi_param(400), sdk::param{.key = "c"}, sdk::param{.key = "k"}};

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
