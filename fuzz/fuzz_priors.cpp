// Fuzz target: a whole-history model's priors list (`initial: { ratings: ... }` for ttt and whr), read and
// checked as a run reads it before its input, each input by both models (their mean and deviation columns
// differ). A user_error is the expected answer; anything else is a finding.
#include "fuzz_input.hpp"

#include <ratekit/host/config/config.hpp>
#include <ratekit/host/plugin/plugin.hpp>
#include <ratekit/host/whole_history/whole_history.hpp>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const ratekit::plugin_registry registry({std::filesystem::path(RATEKIT_BUILD_PLUGIN_DIR)});
  const auto& file = ratekit::fuzz::write_input(data, size, ".csv");
  for (const char* model : {"ttt", "whr"}) {
    ratekit::competition_config config;
    config.file = "fuzz.yaml";
    config.competition = "fuzz";
    config.model = model;
    config.initial_ratings = file;
    try {
      ratekit::refuse_bad_priors(config, *registry.get(model));
    } catch (const ratekit::user_error&) {
    }
  }
  return 0;
}
