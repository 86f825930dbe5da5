#include "glicko2.hpp"

namespace ratekit::plugins {

const rk_state_field state_fields[] = {
    sdk::rating_field(1500.0, "rating points (Glicko scale: 1500 + 173.7178 mu)"),
    {"rd", 350.0, "rating deviation (173.7178 phi), as of the player's last period"},
    {"volatility", 0.06, "sigma: how erratic the player's results are"},
};
const rk_param_spec param_specs[] = {
    sdk::param{.key = "tau", .default_value = 0.5, .min = 0.01, .max = 10.0,
               .help = "how fast the volatility may change; Glickman suggests 0.3 to 1.2, smaller for steadier games"},
    sdk::param{.key = "rdmax", .default_value = 0.0, .min = 0.0, .max = 10000.0,
               .help = "the largest RD a player's grows to while away (PlayerRatings' rdmax); 0: no cap"},
};

const rk_descriptor glicko2::descriptor = sdk::descriptor{.id = "glicko2", .version = "1.0.0",
    .summary = "Glicko-2 (Glickman 2012): rating, deviation RD and volatility; RD grows by the volatility each period "
               "away",
    .capabilities = RK_CAP_PAIRWISE | RK_CAP_DRAWS | RK_CAP_PERIODS | RK_CAP_STATE_AFTER | RK_CAP_CALENDAR_PERIODS |
                    RK_CAP_HOME_ADVANTAGE, .state = state_fields, .params = param_specs};

}  // namespace ratekit::plugins

RATEKIT_PLUGIN(ratekit::plugins::glicko2)
