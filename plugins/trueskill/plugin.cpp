#include "trueskill.hpp"

#include <ratekit/shared_specs.hpp>

namespace ratekit::plugins {

constexpr auto state_fields = sdk::skill_belief_fields(25.0, 25.0 / 3);
// The defaults are the references': sigma = mu / 3, beta = sigma / 2, tau =
// sigma / 100, computed in that order so that they are the same doubles.
const rk_param_spec param_specs[] = {
    sdk::mean_skill_param(25.0),
    sdk::prior_deviation_param(25.0 / 3),
    sdk::performance_spread_param(25.0 / 3 / 2),
    sdk::skill_drift_param(25.0 / 3 / 100),
    sdk::param{.key = "draw_probability", .default_value = 0.10, .min = 0.0, .max = 0.999999,
               .help = "the chance that two equal teams draw; it sets the draw margin"},
};

const rk_descriptor trueskill::descriptor = sdk::descriptor{.id = "trueskill", .version = "1.0.0",
    .summary = "TrueSkill (Herbrich, Minka, Graepel 2006): a Gaussian skill belief per player, updated by a factor "
               "graph over matches of teams, with ties and partial play",
    .capabilities = RK_CAP_RANKED | RK_CAP_TEAMS | RK_CAP_DRAWS,
    .state = state_fields, .params = param_specs};

}  // namespace ratekit::plugins

RATEKIT_TEAM_PLUGIN(ratekit::plugins::trueskill)
