// The host loads real plugins and refuses broken ones with the file and the reason.
#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/plugin/plugin.hpp>

#include "test_support.hpp"

#include <catch2/catch.hpp>

#include <sys/stat.h>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_plugin_loader {

using namespace ratekit;
namespace fs = std::filesystem;

namespace {

fs::path test_plugin(const std::string& name) { return fs::path(RATEKIT_TEST_PLUGIN_DIR) / ("ratekit-" + name + ".so"); }

std::string refusal(const fs::path& file) {
  try {
    plugin::load(file);
  } catch (const user_error& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("the built-in plugins are found without any flag", "[loader]") {
  const plugin_registry registry(plugin_registry::search_path({}));
  REQUIRE(registry.find("fide-logistic") != nullptr);
  const auto p = registry.get("fide-logistic");
  CHECK(p->file().filename() == "ratekit-fide-logistic.so");
  CHECK(p->file().is_absolute());
  CHECK(registry.refused().empty());
}

TEST_CASE("a plugin of another ABI major version is refused, naming both versions", "[loader]") {
  const std::string why = refusal(test_plugin("wrong-abi"));
  CHECK_THAT(why, Catch::Contains(test_plugin("wrong-abi").string()));
  CHECK_THAT(why, Catch::Contains("built for ABI 2.0, this host speaks ABI 1.7"));
}

TEST_CASE("a library without the entry symbol is refused", "[loader]") {
  CHECK_THAT(refusal(test_plugin("no-entry")), Catch::Contains("no entry symbol 'ratekit_plugin_entry'"));
}

TEST_CASE("a file that is not a library is refused", "[loader]") {
  testing::temp_dir dir;
  testing::write_text(dir / "ratekit-fake.so", "not an ELF file");
  CHECK_THAT(refusal(dir / "ratekit-fake.so"), Catch::Contains("plugin refused: not an ELF shared library"));
}

TEST_CASE("a descriptor that lies about its parameters is refused", "[loader]") {
  CHECK_THAT(refusal(test_plugin("bad-descriptor")), Catch::Contains("parameter 0 'xi': default outside [min, max]"));
}

TEST_CASE("a plugin with a shorter, older entry still loads", "[loader][abi]") {
  const auto p = plugin::load(test_plugin("old-minor"));
  CHECK(p->id() == "test-logistic");
  CHECK(p->entry().struct_size == offsetof(rk_plugin_entry, get_extension));
  CHECK(p->performance() == nullptr);
  const model m(p, {});
  CHECK(m.expect(1900, 1500, 0) == Approx(1.0 / 1.1).epsilon(1e-12));
}

TEST_CASE("the registry lists refused files with their reasons and keeps going", "[loader]") {
  const plugin_registry registry({fs::path(RATEKIT_TEST_PLUGIN_DIR)});
  CHECK(registry.find("test-throws") != nullptr);
  CHECK(registry.find("test-nan") != nullptr);
  std::string reasons;
  for (const auto& r : registry.refused()) reasons += r.file.filename().string() + ": " + r.reason + "\n";
  CHECK_THAT(reasons, Catch::Contains("ratekit-wrong-abi.so: plugin refused: built for ABI 2.0"));
  CHECK_THAT(reasons, Catch::Contains("ratekit-no-entry.so: plugin refused: no entry symbol"));
  CHECK_THAT(reasons, Catch::Contains("ratekit-bad-descriptor.so"));
}

TEST_CASE("an unknown model id gets a suggestion", "[loader]") {
  const plugin_registry registry(plugin_registry::search_path({}));
  try {
    registry.get("fide-logistc");
    FAIL("no error");
  } catch (const user_error& e) {
    CHECK_THAT(e.what(), Catch::Contains("unknown model 'fide-logistc' (did you mean 'fide-logistic'?)"));
  }
}

}  // namespace test_plugin_loader
