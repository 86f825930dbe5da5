// The descriptor the host reads before any game is rated, and the exported entry.
#include "world_football_elo.hpp"

namespace world_football {

namespace {
const rk_state_field state_fields[] = {
    ratekit::sdk::rating_field(1500.0, "Elo points; a team new to the data starts here unless the config says otherwise"),
};
const rk_param_spec param_specs[] = {
    ratekit::sdk::xi_param(400.0),
    ratekit::sdk::param{.key = "margin", .type = RK_PARAM_BOOL, .default_value = 1, .max = 1,
                        .help = "scale K by the goal difference (1.5 for 2 goals, 1.75 for 3, 1.75 + (N-3)/8 beyond)"},
};
}  // namespace

const rk_descriptor model::descriptor = ratekit::sdk::descriptor{.id = "world-football-elo", .version = "1.0.0",
    .summary = "World Football Elo (eloratings.net): logistic Elo, K by match importance times a goal-difference "
               "factor",
    .capabilities = RK_CAP_PAIRWISE | RK_CAP_USES_K | RK_CAP_HOME_ADVANTAGE | RK_CAP_DRAWS | RK_CAP_POINTS |
                    RK_CAP_PERIODS,
    .state = state_fields, .params = param_specs};

}  // namespace world_football

RATEKIT_PLUGIN(world_football::model)
