#include "egf_go.hpp"

#include <ratekit/game_columns.hpp>

namespace ratekit::plugins {

namespace {
const rk_state_field state_fields[] = {
    // A player with neither rating nor grade starts at the bottom of the scale, 20 kyu.
    sdk::rating_field(100.0, "GoR: 100 is 20 kyu, 2000 is 1 kyu, 2100 is 1 dan, 100 points a grade"),
};
const rk_param_spec param_specs[] = {
    sdk::param{.key = "epsilon", .default_value = 0.0, .min = 0.0, .max = 0.1,
               .help = "each side's expected result is P - epsilon/2 (EGF: 0.016, 0.014 in older years)"},
};

constexpr const char* column_names[] = {"a", "P"};

void column_values(const rk_game& g, double ra, double rb, double* out) {
  const egf_go::view v = egf_go::evaluate(g, ra, rb);
  out[0] = v.a;
  out[1] = v.p_a;
}
constexpr rk_ext_game_columns game_columns = sdk::game_columns<column_values>(column_names);
}  // namespace

const rk_descriptor egf_go::descriptor = sdk::descriptor{.id = "egf-go", .version = "1.1.0",
    .summary = "EGF GoR until 2021: P = 1 / (e^(D/a) + 1), a from the weaker player, con from the K table",
    .capabilities = RK_CAP_PAIRWISE | RK_CAP_USES_K | RK_CAP_DRAWS | RK_CAP_HANDICAP | RK_CAP_PERIODS,
    .state = state_fields, .params = param_specs};

const void* egf_go::extension(const char* id) {
  return sdk::game_columns_extension(id, game_columns);
}

}  // namespace ratekit::plugins

RATEKIT_PLUGIN(ratekit::plugins::egf_go)
