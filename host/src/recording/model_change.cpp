// A run's model or parameters against the competition's latest run in the history database.
#include <ratekit/host/recording/run_recording.hpp>

#include <ratekit/host/config/config.hpp>
#include <ratekit/abi.h>

#include <ratekit/host/text/diagnostics.hpp>

#include <spdlog/spdlog.h>

namespace ratekit {

void check_model(run_recording& recording, const competition_config& config, const rk_descriptor& model,
                 const std::vector<earlier_run>& replaced, bool new_model) {
  const std::string change = recording.model_change(config, model, replaced);
  if (change.empty()) return;
  if (!new_model)
    throw user_error(config.output_database.string(), 0, 0,
                     "competition '" + config.competition + "' changes model: " + change +
                         "; ratings of two models are not on one scale, so nothing was recorded. To record "
                         "the change, run again with --new-model");
  spdlog::warn("competition '{}' changes model: {} (--new-model)", config.competition, change);
}

}  // namespace ratekit
