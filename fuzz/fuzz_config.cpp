// Fuzz target: the YAML config loader against the real plugins' schemas. A
// user_error is the expected answer to bad input; anything else is a finding.
#include "fuzz_input.hpp"

#include <ratekit/host/config/config.hpp>
#include <ratekit/host/plugin/plugin.hpp>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const ratekit::plugin_registry registry({std::filesystem::path(RATEKIT_BUILD_PLUGIN_DIR)});
  const auto& file = ratekit::fuzz::write_input(data, size, ".yaml");
  try {
    ratekit::load_config(file, registry);
  } catch (const ratekit::user_error&) {
  }
  return 0;
}
