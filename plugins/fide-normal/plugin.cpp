#include "fide_normal.hpp"

namespace ratekit::plugins {

namespace {
constexpr rk_param_spec own_params[] = {
    sdk::param{.key = "sigma", .default_value = 200.0, .min = 1.0, .max = 1e6,
               .help = "standard deviation of a player's performance (Elo: 200)"},
    sdk::param{.key = "epsilon", .default_value = 0.0, .min = 0.0, .max = 1e6,
               .help = "draw band: performances closer than this are a draw (0 = none)"},
    fide::cap_param,
    sdk::param{.key = "expectation", .type = RK_PARAM_CHOICE, .choices = "formula|table",
               .help = "formula: Phi(d / (sigma sqrt 2)); table: FIDE table 8.1.2 (ignores sigma and epsilon)"},
};
constexpr auto param_specs = fide::with_rule_params(own_params);
}  // namespace

const rk_descriptor fide_normal::descriptor = fide::describe(
    "fide-normal", "1.1.0",
    "Elo's normal model: E = Phi(d / (sigma sqrt 2)) or FIDE table 8.1.2, with the 400-point rule and first ratings",
    param_specs);

}  // namespace ratekit::plugins

RATEKIT_PLUGIN(ratekit::plugins::fide_normal)
