// A careless plugin: its error message fills the whole buffer without a
// terminating NUL and its game index is far outside the batch. The host must
// read neither past the buffer nor past the games.
#include "bare_abi.hpp"

#include <cstring>

namespace {
const rk_state_field fields[] = {{"rating", 1500.0, "rating"}};
const rk_descriptor descriptor = {sizeof(rk_descriptor), 0, "test-no-nul-message", "0.1",
                                  "error message without NUL", RK_CAP_PAIRWISE, 1, 0, fields, nullptr};
int32_t rate_games(rk_instance, const rk_state*, const rk_game_batch*, rk_game_out*, rk_error* error) {
  error->code = RK_ERR_INTERNAL;
  error->index = int64_t(1) << 40;
  std::memset(error->message, 'x', sizeof error->message);
  return 77;  // not even one of the RK_ERR_* codes
}
}  // namespace

extern "C" RK_EXPORT const rk_plugin_entry ratekit_plugin_entry = {
    RK_ABI_MAJOR, RK_ABI_MINOR, sizeof(rk_plugin_entry), 0, &descriptor, ratekit::testing::bare::create,
    ratekit::testing::bare::destroy, ratekit::testing::bare::expect, rate_games, nullptr, nullptr, nullptr, nullptr, nullptr};
