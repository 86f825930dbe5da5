// One player's state widened by a whole-history model's drift, checked: shared by forecasts after a fit
// (drifted_states) and the walk-forward forecasts of each batch.
#pragma once

#include <ratekit/host/plugin/whole_history_model.hpp>

namespace ratekit {

// `out` (state_count values): `state` after `elapsed` time units without games. A plugin's failure, or a mean
// that is not finite or a deviation that is not a positive finite number, is a user_error naming the plugin.
void drift_state(const whole_history_model& fitter, const double* state, double elapsed, double* out);

}  // namespace ratekit
