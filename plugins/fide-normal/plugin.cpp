#include "fide_normal.hpp"

namespace ratekit::plugins {

namespace {
const rk_param_spec param_specs[] = {
    sdk::param{.key = "sigma", .default_value = 200.0, .min = 1.0, .max = 1e6,
               .help = "standard deviation of a player's performance (Elo: 200)"},
    sdk::param{.key = "epsilon", .default_value = 0.0, .min = 0.0, .max = 1e6,
               .help = "draw band: performances closer than this are a draw (0 = none)"},
    fide::cap_param,
    sdk::param{.key = "expectation", .type = RK_PARAM_CHOICE, .choices = "formula|table",
               .help = "formula: Phi(d / (sigma sqrt 2)); table: FIDE table 8.1.2 (ignores sigma and epsilon)"},
    fide::uncapped_from_param,
    fide::first_rating_param,
    fide::round_change_param,
    fide::floor_param,
    fide::pool_months_param,
};
}  // namespace

const rk_descriptor fide_normal::descriptor = {
    sizeof(rk_descriptor), fide::bookkeeping_state, "fide-normal", "1.1.0",
    "Elo's normal model: E = Phi(d / (sigma sqrt 2)) or FIDE table 8.1.2, with the 400-point rule and first ratings",
    RK_CAP_PAIRWISE | RK_CAP_USES_K | RK_CAP_HOME_ADVANTAGE | RK_CAP_DRAWS | RK_CAP_PERIODS |
        RK_CAP_STATE_AFTER,
    fide::state_count, uint32_t(std::size(param_specs)), fide::state_fields, param_specs};

}  // namespace ratekit::plugins

RATEKIT_PLUGIN(ratekit::plugins::fide_normal)
