// A plugin whose extensions hand back infinities: its report column 'edge' for
// the second game, and the performance rating of every period. The host must
// refuse them with the plugin's file and the game, not write 'inf' into
// report.csv; `expect` gives NaN when both ratings are equal.
#include "constant_model.hpp"

#include <cmath>
#include <cstring>
#include <limits>

namespace {
constexpr double inf = std::numeric_limits<double>::infinity();

int32_t column_values(rk_instance, const rk_game* g, double, double, double* out, rk_error*) {
  *out = g->a == 2 || g->b == 2 ? inf : 1.0;  // the second game, B against C, is the first to name player 2
  return RK_OK;
}
const char* const column_names[] = {"edge"};
const rk_ext_game_columns columns = {sizeof(rk_ext_game_columns), 1, column_names, &column_values};

int32_t performance(rk_instance, double, double, double, double* out, rk_error*) {
  *out = inf;
  return RK_OK;
}
const rk_ext_performance perf = {sizeof(rk_ext_performance), 0, &performance};

struct infinite : ratekit::testing::constant_model {
  static const rk_descriptor descriptor;
  using constant_model::constant_model;
  double expect(double ra, double rb, double adv) const {
    return ra == rb ? std::nan("") : constant_model::expect(ra, rb, adv);
  }
  static const void* extension(const char* id) {
    if (std::strcmp(id, RK_EXT_GAME_COLUMNS) == 0) return &columns;
    return std::strcmp(id, RK_EXT_PERFORMANCE) == 0 ? &perf : nullptr;
  }
};
const rk_descriptor infinite::descriptor = {sizeof(rk_descriptor), 0, "test-infinite-columns", "0.1",
                                            "infinite extension values", RK_CAP_PAIRWISE | RK_CAP_USES_K, 1, 0,
                                            ratekit::testing::constant_model_fields, nullptr};
}  // namespace

RATEKIT_PLUGIN(infinite)
