#include "egf_2021.hpp"

#include <ratekit/game_columns.hpp>

namespace ratekit::plugins {

namespace {
const rk_state_field state_fields[] = {
    // A player with neither rating nor grade starts at 20 kyu, as in egf-go.
    sdk::rating_field(100.0, "GoR: -900 is 30 kyu, 100 is 20 kyu, 2100 is 1 dan, 100 points a grade"),
};
const rk_param_spec param_specs[] = {
    sdk::param{.key = "class", .type = RK_PARAM_CHOICE, .choices = "A|B|C|D",
               .help = "the tournament's EGF class: its changes count 1, 0.75, 0.5 or 0.25"},
};

constexpr const char* column_names[] = {"con_a", "bonus_a", "con_b", "bonus_b"};

void column_values(const rk_game&, double ra, double rb, double* out) {
  out[0] = egf2021_con(ra);
  out[1] = egf2021_bonus(ra);
  out[2] = egf2021_con(rb);
  out[3] = egf2021_bonus(rb);
}
constexpr rk_ext_game_columns game_columns = sdk::game_columns<column_values>(column_names);
}  // namespace

const rk_descriptor egf_2021::descriptor = sdk::descriptor{.id = "egf-2021", .version = "1.0.0",
    .summary = "EGF GoR since 2021: Se = 1 / (1 + e^(beta(r2) - beta(r1))), con and bonus from the rating, floor "
               "-900",
    .capabilities = RK_CAP_PAIRWISE | RK_CAP_DRAWS | RK_CAP_HANDICAP | RK_CAP_PERIODS,
    .state = state_fields, .params = param_specs};

const void* egf_2021::extension(const char* id) {
  return sdk::game_columns_extension(id, game_columns);
}

}  // namespace ratekit::plugins

RATEKIT_PLUGIN(ratekit::plugins::egf_2021)
