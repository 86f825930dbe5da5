// A plugin written against the bare C ABI whose update ends with RK_STOPPED
// (ABI 1.7) whether or not the host asked: unasked, that is its fault.
#include "bare_abi.hpp"

#include <cstdio>

namespace {
const rk_state_field fields[] = {{"rating", 1500.0, "rating"}};
const rk_descriptor descriptor = {sizeof(rk_descriptor), 0, "test-stops-unasked", "0.1", "returns RK_STOPPED",
                                  RK_CAP_PAIRWISE, 1, 0, fields, nullptr};
int32_t rate_games(rk_instance, const rk_state*, const rk_game_batch*, rk_game_out*, rk_error* error) {
  std::snprintf(error->message, sizeof error->message, "stopped");
  return RK_STOPPED;
}
}  // namespace

extern "C" RK_EXPORT const rk_plugin_entry ratekit_plugin_entry = {
    RK_ABI_MAJOR, RK_ABI_MINOR, sizeof(rk_plugin_entry), 0, &descriptor, ratekit::testing::bare::create,
    ratekit::testing::bare::destroy, ratekit::testing::bare::expect, rate_games, nullptr, nullptr, nullptr, nullptr, nullptr};
