#include "egf_go.hpp"

#include <cstring>

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

const char* const column_names[] = {"a", "P"};

int32_t column_values(rk_instance, const rk_game* g, double ra, double rb, double* out, rk_error*) {
  const egf_go::view v = egf_go::evaluate(*g, ra, rb);
  out[0] = v.a;
  out[1] = v.p_a;
  return RK_OK;
}

const rk_ext_game_columns game_columns = {sizeof(rk_ext_game_columns), 2, column_names, &column_values};
}  // namespace

const rk_descriptor egf_go::descriptor = sdk::descriptor{.id = "egf-go", .version = "1.1.0",
    .summary = "EGF GoR until 2021: P = 1 / (e^(D/a) + 1), a from the weaker player, con from the K table",
    .capabilities = RK_CAP_PAIRWISE | RK_CAP_USES_K | RK_CAP_DRAWS | RK_CAP_HANDICAP | RK_CAP_PERIODS,
    .state = state_fields, .params = param_specs};

const void* egf_go::extension(const char* id) {
  return std::strcmp(id, RK_EXT_GAME_COLUMNS) == 0 ? &game_columns : nullptr;
}

}  // namespace ratekit::plugins

RATEKIT_PLUGIN(ratekit::plugins::egf_go)
