#include "fide_logistic.hpp"

namespace ratekit::plugins {

namespace {
const rk_state_field state_fields[] = {
    {"rating", 1500.0, "Elo rating"},
};
const rk_param_spec param_specs[] = {
    {"xi", RK_PARAM_NUMBER, 0, 400.0, 1.0, 1e6, nullptr,
     "logistic spread: a difference of xi points means odds of 10 to 1"},
    {"cap", RK_PARAM_NUMBER, 0, 400.0, 0.0, 1e6, nullptr,
     "rating differences above this count as this much (0 = no cap)"},
};
}  // namespace

const rk_descriptor fide_logistic::descriptor = {
    sizeof(rk_descriptor), 0, "fide-logistic", "1.0.0",
    "Logistic Elo (FIDE, USCF): E = 1 / (1 + 10^(-d/xi))",
    RK_CAP_PAIRWISE | RK_CAP_USES_K | RK_CAP_HOME_ADVANTAGE | RK_CAP_DRAWS | RK_CAP_PERIODS,
    1, 2, state_fields, param_specs};

}  // namespace ratekit::plugins

RATEKIT_PLUGIN(ratekit::plugins::fide_logistic)
