#include "whr.hpp"

#include <ratekit/shared_specs.hpp>

namespace ratekit::plugins {

const rk_state_field state_fields[] = {
    sdk::rating_field(0.0, "the estimated skill in Elo at the time (0: the first day's virtual opponent)"),
    {"deviation", 0.0, "its standard deviation in Elo, from the inverse Hessian"},
};
const rk_param_spec param_specs[] = {
    sdk::param{.key = "w2", .default_value = 300.0, .min = 1e-3, .max = 1e8,
               .help = "the Wiener process's variance in Elo^2 per day (per period unless `period: day`)"},
    sdk::param{.key = "epsilon", .default_value = 1e-4, .min = 0.0, .max = 1e3,
               .help = "the sweeps stop when no mean moved by more than this (Elo)"},
    sdk::sweep_limit_param(10000, 1e7),
};

const rk_descriptor whr::descriptor = sdk::descriptor{.id = "whr", .version = "1.0.0",
    .summary = "Whole-History Rating (Coulom 2008): every player's Bradley-Terry skill at every day he played, "
               "from all his games before and after, skill drifting as a Wiener process",
    .capabilities = RK_CAP_WHOLE_HISTORY | RK_CAP_DRAWS | RK_CAP_HOME_ADVANTAGE | RK_CAP_CALENDAR_PERIODS,
    .state = state_fields, .params = param_specs};

}  // namespace ratekit::plugins

RATEKIT_WHOLE_HISTORY_PLUGIN(ratekit::plugins::whr)
