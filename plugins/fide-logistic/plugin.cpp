#include "fide_logistic.hpp"

namespace ratekit::plugins {

namespace {
const rk_param_spec param_specs[] = {
    sdk::xi_param(400.0),
    fide::cap_param,
    fide::uncapped_from_param,
    fide::first_rating_param,
    fide::round_change_param,
    fide::floor_param,
    fide::pool_months_param,
};
}  // namespace

const rk_descriptor fide_logistic::descriptor = {
    sizeof(rk_descriptor), fide::bookkeeping_state, "fide-logistic", "1.2.0",
    "Logistic Elo (FIDE, USCF): E = 1 / (1 + 10^(-d/xi)), with FIDE's 400-point rule and first ratings",
    RK_CAP_PAIRWISE | RK_CAP_USES_K | RK_CAP_HOME_ADVANTAGE | RK_CAP_DRAWS | RK_CAP_PERIODS |
        RK_CAP_STATE_AFTER,
    fide::state_count, uint32_t(std::size(param_specs)), fide::state_fields, param_specs};

}  // namespace ratekit::plugins

RATEKIT_PLUGIN(ratekit::plugins::fide_logistic)
