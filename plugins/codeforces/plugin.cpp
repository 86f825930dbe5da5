#include "codeforces.hpp"

namespace ratekit::plugins {

const rk_state_field state_fields[] = {
    sdk::rating_field(1500.0, "the rating changes are computed from (whole numbers; 1500 for accounts before 2020)"),
    {"shown", 1500.0, "the rating shown on the site: the rating, or with newcomer_offsets the offsets of a new account"},
    {"contests", 0.0, "rated rounds played"},
};
const rk_param_spec param_specs[] = {
    sdk::param{.key = "newcomer_offsets", .type = RK_PARAM_BOOL, .default_value = 0, .max = 1,
               .help = "the rules for new accounts since 2020: rated from 1400, shown from 0, the shown rating "
        "raised by 500, 350, 250, 150, 100 and 50 after each of the first six rounds"},
};

const rk_descriptor codeforces::descriptor = sdk::descriptor{.id = "codeforces", .version = "1.0.0",
    .summary = "Codeforces: seeds from Elo win chances, half the way to the rating needed for sqrt(rank * seed), "
               "two sum corrections; whole numbers",
    .capabilities = RK_CAP_RANKED,
    .state = state_fields, .params = param_specs};

}  // namespace ratekit::plugins

RATEKIT_PLUGIN(ratekit::plugins::codeforces)
