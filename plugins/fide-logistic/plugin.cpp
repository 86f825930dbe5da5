#include "fide_logistic.hpp"

namespace ratekit::plugins {

namespace {
constexpr rk_param_spec own_params[] = {sdk::xi_param(400.0), fide::cap_param};
constexpr auto param_specs = fide::with_rule_params(own_params);
}  // namespace

const rk_descriptor fide_logistic::descriptor = fide::describe(
    "fide-logistic", "1.2.0",
    "Logistic Elo (FIDE, USCF): E = 1 / (1 + 10^(-d/xi)), with FIDE's 400-point rule and first ratings", param_specs);

}  // namespace ratekit::plugins

RATEKIT_PLUGIN(ratekit::plugins::fide_logistic)
