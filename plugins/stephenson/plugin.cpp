#include "stephenson.hpp"

#include <ratekit/shared_specs.hpp>

namespace ratekit::plugins {

// The defaults are those of PlayerRatings' steph(): init = c(2200, 300), cval 10,
// hval 10, bval 0, lambda 2, rdmax 350.
const rk_state_field state_fields[] = {
    sdk::rating_field(2200.0, "rating points (Elo scale)"),
    sdk::rd_field(300.0),
};
const rk_param_spec param_specs[] = {
    sdk::rd_growth_param(10.0),
    sdk::param{.key = "h", .default_value = 10.0, .min = 0.0, .max = 350.0,
               .help = "RD growth per game of the period: n h^2 is added to RD^2 before the games count (hval)"},
    sdk::param{.key = "bonus", .default_value = 0.0, .min = 0.0, .max = 100.0,
               .help = "per game bonus in hundredths of a point added to the player's score (bval)"},
    sdk::param{.key = "lambda", .default_value = 2.0, .min = 0.0, .max = 100.0,
               .help = "neighbourhood pull in hundredths: the rating moves lambda/100 of the way to the mean of the "
                       "period's opponents (lambda)"},
    sdk::param{.key = "rdmax", .default_value = 350.0, .min = 1.0, .max = 10000.0,
               .help = "the largest RD at the start of a period: growth stops there (rdmax)"},
};

const rk_descriptor stephenson::descriptor = sdk::descriptor{.id = "stephenson", .version = "1.0.0",
    .summary = "Stephenson (PlayerRatings' steph): Glicko with RD growth per game, a per game bonus and a pull "
               "towards the opponents",
    .capabilities = RK_CAP_PAIRWISE | RK_CAP_DRAWS | RK_CAP_PERIODS | RK_CAP_STATE_AFTER | RK_CAP_HOME_ADVANTAGE,
    .state = state_fields, .params = param_specs};

}  // namespace ratekit::plugins

RATEKIT_PLUGIN(ratekit::plugins::stephenson)
