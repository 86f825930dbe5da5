// `metrics:` of a competition config, for the stages that score a run (a whole-history model's fit, its
// rating pass in a comparison). config.cpp checks the key when the config loads; its value is read again here
// from the config's text rather than kept in competition_config, a header nearly every file of the host
// includes.
#pragma once

#include <ratekit/host/config/config.hpp>

namespace ratekit {

// The names of `metrics:`' values, in their order: in-sample, walk-forward.
const std::vector<std::string>& metrics_names();

// True when `config` says `metrics: walk-forward`; false for in-sample, the default, and for a config built
// without its text.
bool walk_forward_metrics(const competition_config& config);

}  // namespace ratekit
