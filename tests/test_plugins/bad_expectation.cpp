// A plugin that hands back an expected score outside [0, 1] for the second
// game: the host must name the plugin, the game and the field.
#include <ratekit/sdk.hpp>

namespace {
const rk_state_field fields[] = {{"rating", 1500.0, "rating"}};

struct overconfident {
  static const rk_descriptor descriptor;
  overconfident(const ratekit::sdk::host&, ratekit::sdk::params) {}
  double expect(double, double, double) const { return 0.5; }
  void rate_games(const ratekit::sdk::state&, const rk_game_batch& b, rk_game_out* out) {
    for (uint64_t i = 0; i < b.game_count; ++i)
      if (out) out[i] = {i == 1 ? 1.5 : 0.5, 0, 0, 0.5};
  }
};
const rk_descriptor overconfident::descriptor = {sizeof(rk_descriptor), 0, "test-overconfident", "0.1",
                                                 "expects 1.5", RK_CAP_PAIRWISE, 1, 0, fields, nullptr};
}  // namespace

RATEKIT_PLUGIN(overconfident)
