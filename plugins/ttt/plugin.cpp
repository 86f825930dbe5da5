#include "ttt.hpp"

#include <ratekit/shared_specs.hpp>

namespace ratekit::plugins {

const rk_state_field state_fields[] = {
    sdk::rating_field(0.0, "the mean of the skill at the player's latest game"),
    {"deviation", 6.0, "the standard deviation of that skill"},
};
// The defaults are the trueskillthroughtime package's (MU, SIGMA, BETA,
// GAMMA, P_DRAW, EPSILON, ITERATIONS).
const rk_param_spec param_specs[] = {
    sdk::mean_skill_param(0.0),
    sdk::prior_deviation_param(6.0),
    sdk::performance_spread_param(1.0),
    sdk::param{.key = "gamma", .default_value = 0.03, .min = 0.0, .max = 1e6,
               .help = "skill drift: the standard deviation the skill walks per unit of time (day or period)"},
    sdk::param{.key = "p_draw", .default_value = 0.0, .min = 0.0, .max = 0.999999,
               .help = "the chance that two equal teams draw; it sets the draw margin (0: no draws)"},
    sdk::param{.key = "epsilon", .default_value = 1e-6, .min = 0.0, .max = 1e6,
               .help = "the sweeps stop when no mean or deviation moves by more than this"},
    sdk::sweep_limit_param(30, 1e6),
};

const rk_descriptor ttt::descriptor = sdk::descriptor{.id = "ttt", .version = "1.0.0",
    .summary = "TrueSkill Through Time (Dangauthier et al. 2007; Landfried and Mocskos 2023) as the "
               "trueskillthroughtime package: every player's skill at every time he played, from the whole history, "
               "team matches, ties, partial play",
    .capabilities = RK_CAP_WHOLE_HISTORY | RK_CAP_TEAMS | RK_CAP_DRAWS | RK_CAP_HOME_ADVANTAGE,
    .state = state_fields, .params = param_specs};

namespace {
// Team matches' forecasts: the whole-history entry and expect_teams, on the model's instance.
int32_t expect_teams(rk_instance instance, const double* states, const uint32_t* teams, const double* weights,
                     uint64_t players, double* beats, double* draws, rk_error* error) {
  return sdk::detail::guard(error, [&] {
    std::as_const(sdk::detail::model_of<ttt>(instance)).team_chances(states, teams, weights, players, beats, draws);
  });
}
constexpr rk_plugin_entry entry() {
  rk_plugin_entry e = sdk::make_whole_history_entry<ttt>();
  e.expect_teams = &expect_teams;
  return e;
}
}  // namespace

}  // namespace ratekit::plugins

extern "C" RK_EXPORT const rk_plugin_entry ratekit_plugin_entry = ratekit::plugins::entry();
