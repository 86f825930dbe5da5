// A plugin that hands back NaN ratings: the host must notice and refuse them.
#include <ratekit/sdk.hpp>

#include <cmath>

namespace {
const rk_state_field fields[] = {{"rating", 1500.0, "rating"}};

struct nan_maker {
  static const rk_descriptor descriptor;
  nan_maker(const ratekit::sdk::host&, ratekit::sdk::params) {}
  double expect(double, double, double) const { return 0.5; }
  void rate_games(const ratekit::sdk::state& s, const rk_game_batch& b, rk_game_out* out) {
    for (uint64_t i = 0; i < b.game_count; ++i) {
      s.rating()[b.games[i].a] = NAN;
      if (out) out[i] = {0.5, 0, 0, 0.5};
    }
  }
};
// Its version and summary hold terminal escapes (clear the screen, retitle the window): `describe` must escape them.
const rk_descriptor nan_maker::descriptor = {sizeof(rk_descriptor), 0, "test-nan", "0.1\x1b[2J", "returns NaN\x1b]0;x\x07",
                                             RK_CAP_PAIRWISE, 1, 0, fields, nullptr};
}  // namespace

RATEKIT_PLUGIN(nan_maker)
