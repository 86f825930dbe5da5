// A plugin whose descriptor lies: a parameter default outside its own range.
#include <ratekit/sdk.hpp>

namespace {
const rk_state_field fields[] = {{"rating", 1500.0, "rating"}};
const rk_param_spec params[] = {{"xi", RK_PARAM_NUMBER, 0, 5000.0, 1.0, 1000.0, nullptr, "spread"}};

struct liar {
  static const rk_descriptor descriptor;
  liar(const ratekit::sdk::host&, ratekit::sdk::params) {}
  double expect(double, double, double) const { return 0.5; }
  void rate_games(const ratekit::sdk::state&, const rk_game_batch&, rk_game_out*) {}
};
const rk_descriptor liar::descriptor = {sizeof(rk_descriptor), 0, "test-liar", "0.1", "lies",
                                        RK_CAP_PAIRWISE, 1, 1, fields, params};
}  // namespace

RATEKIT_PLUGIN(liar)
