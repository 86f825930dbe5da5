// One player's state widened by a whole-history model's drift, checked: shared by forecasts after a fit
// (drifted_states) and the walk-forward forecasts of each batch.
#pragma once

#include <ratekit/host/config/config.hpp>
#include <ratekit/host/plugin/whole_history_model.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ratekit {

// `out` (state_count values): `state` after `elapsed` time units without games. A plugin's failure, or a mean
// that is not finite or a deviation that is not a positive finite number, is a user_error naming the plugin.
void drift_state(const whole_history_model& fitter, const double* state, double elapsed, double* out);

// The variance a skill gains by drift in one unit of time (a Wiener process's rate): the deviation of `state` (a
// new player's, its mean and deviation set to 0 and 1) after one unit, squared, less 1, to 12 significant digits.
// summary.json keeps it (whole_history.drift) for the charts' bands between a player's estimates.
double drift_per_time(const whole_history_model& fitter, std::vector<double> state);

// The unit of time of a whole-history run's batches as summary.json names it ("day", "month", "year"), and back.
std::string time_unit_name(period_kind kind);
std::optional<period_kind> time_unit_of(std::string_view name);

}  // namespace ratekit
