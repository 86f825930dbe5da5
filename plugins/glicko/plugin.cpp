#include "glicko.hpp"

#include <ratekit/shared_specs.hpp>

namespace ratekit::plugins {

const rk_state_field state_fields[] = {
    sdk::rating_field(1500.0, "rating points (Elo scale)"),
    sdk::rd_field(glicko::new_rd),
};
const rk_param_spec param_specs[] = {
    sdk::rd_growth_param(34.6),
    sdk::param{.key = "rdmax", .default_value = glicko::new_rd, .min = 1.0, .max = 10000.0,
               .help = "the largest RD: growth stops there, and a starting RD above it is refused (PlayerRatings' rdmax)"},
};

const rk_descriptor glicko::descriptor = sdk::descriptor{.id = "glicko", .version = "1.0.0",
    .summary = "Glicko (Glickman 1999): a rating and its deviation RD, which grows with the periods a player is away",
    .capabilities = RK_CAP_PAIRWISE | RK_CAP_DRAWS | RK_CAP_PERIODS | RK_CAP_STATE_AFTER | RK_CAP_CALENDAR_PERIODS |
                    RK_CAP_HOME_ADVANTAGE,
    .state = state_fields, .params = param_specs};

}  // namespace ratekit::plugins

RATEKIT_PLUGIN(ratekit::plugins::glicko)
