#include "fifa_sum.hpp"

#include <ratekit/game_columns.hpp>

namespace ratekit::plugins {

namespace {
const rk_state_field state_fields[] = {
    sdk::rating_field(1000.0, "ranking points; FIFA seeded its 2018 list from the ranking before it"),
};

constexpr const char* column_names[] = {"W_a", "W_b"};

void column_values(const rk_game& g, double, double, double* out) {
  const fifa_results w = fifa_w(g);
  out[0] = w.a;
  out[1] = w.b;
}
constexpr rk_ext_game_columns game_columns = sdk::game_columns<column_values>(column_names);
}  // namespace

const rk_descriptor fifa_sum::descriptor = sdk::descriptor{.id = "fifa-sum", .version = "1.0.0",
    .summary = "FIFA men's ranking since 2018: P = P_before + I (W - We), We = 1 / (10^(-dr/600) + 1), shoot-outs, "
               "knockouts",
    .capabilities = RK_CAP_PAIRWISE | RK_CAP_USES_K | RK_CAP_DRAWS,
    .state = state_fields};

const void* fifa_sum::extension(const char* id) {
  return sdk::game_columns_extension(id, game_columns);
}

}  // namespace ratekit::plugins

RATEKIT_PLUGIN(ratekit::plugins::fifa_sum)
