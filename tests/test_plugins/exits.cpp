// A plugin that ends the process in the middle of a run: the run must not
// pass for a success (exit status 0 with nothing written).
#include <ratekit/sdk.hpp>

#include <cstdlib>

namespace {
const rk_state_field fields[] = {{"rating", 1500.0, "rating"}};

struct quitter {
  static const rk_descriptor descriptor;
  quitter(const ratekit::sdk::host&, ratekit::sdk::params) {}
  double expect(double, double, double) const { return 0.5; }
  void rate_games(const ratekit::sdk::state&, const rk_game_batch&, rk_game_out*) { std::exit(0); }
};
const rk_descriptor quitter::descriptor = {sizeof(rk_descriptor), 0, "test-exits", "0.1", "calls exit(0)",
                                           RK_CAP_PAIRWISE, 1, 0, fields, nullptr};
}  // namespace

RATEKIT_PLUGIN(quitter)
