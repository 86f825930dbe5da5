// A plugin whose update throws on the third game: the host must report the
// plugin file and the game, and exit cleanly.
#include <ratekit/sdk.hpp>

#include <stdexcept>

namespace {
const rk_state_field fields[] = {{"rating", 1500.0, "rating"}};

struct thrower {
  static const rk_descriptor descriptor;
  thrower(const ratekit::sdk::host&, ratekit::sdk::params) {}
  double expect(double, double, double) const { return 0.5; }
  void rate_games(const ratekit::sdk::state&, const rk_game_batch& b, rk_game_out*) {
    if (b.game_count >= 3) throw ratekit::sdk::failure(RK_ERR_DOMAIN, "cannot rate this game", 2);
    throw std::runtime_error("unexpected");
  }
};
const rk_descriptor thrower::descriptor = {sizeof(rk_descriptor), 0, "test-throws", "0.1", "throws",
                                           RK_CAP_PAIRWISE, 1, 0, fields, nullptr};
}  // namespace

RATEKIT_PLUGIN(thrower)
