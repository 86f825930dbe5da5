#include "weng_lin.hpp"

#include <ratekit/shared_specs.hpp>

namespace ratekit::plugins {

constexpr auto state_fields = sdk::skill_belief_fields(25.0, 25.0 / 3.0);
const rk_param_spec param_specs[] = {
    sdk::param{.key = "variant", .type = RK_PARAM_CHOICE, .default_value = 0,
               .choices = "plackett-luce|bradley-terry-full|bradley-terry-part|thurstone-mosteller-full|"
                          "thurstone-mosteller-part",
               .help = "how a result is read: Plackett-Luce (the order of finish as successive choices, openskill's "
                       "default), or two-team games under Bradley-Terry (logistic) or Thurstone-Mosteller (normal), "
                       "between every pair of teams (full) or neighbours in the order of finish only (part)"},
    sdk::mean_skill_param(25.0),
    sdk::param{.key = "sigma", .default_value = 25.0 / 3.0, .min = 1e-3, .max = 1e6,
               .help = "a new player's standard deviation sigma (> 0)"},
    sdk::param{.key = "beta", .default_value = 25.0 / 6.0, .min = 1e-3, .max = 1e6,
               .help = "the standard deviation of one performance around the skill (> 0): the larger, the more luck"},
    sdk::param{.key = "kappa", .default_value = 1e-4, .min = 1e-12, .max = 1.0,
               .help = "the floor of the factor a match may shrink a player's variance by (> 0): sigma' >= sigma "
                       "sqrt(kappa)"},
    sdk::skill_drift_param(25.0 / 300.0),
    sdk::param{.key = "epsilon", .default_value = 0.1, .min = 0.0, .max = 1e6,
               .help = "the Thurstone-Mosteller draw margin: two performances closer than epsilon tie (the "
                       "thurstone-mosteller variants only)"},
};

const rk_descriptor weng_lin::descriptor = sdk::descriptor{.id = "weng-lin", .version = "1.0.0",
    .summary = "Weng-Lin (Weng and Lin 2011, as OpenSkill): a skill mean and deviation per player, moved by team "
               "matches with ties and partial play",
    .capabilities = RK_CAP_RANKED | RK_CAP_TEAMS | RK_CAP_DRAWS,
    .state = state_fields, .params = param_specs};

}  // namespace ratekit::plugins

RATEKIT_TEAM_PLUGIN(ratekit::plugins::weng_lin)
