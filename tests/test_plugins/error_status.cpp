// A plugin written against the bare C ABI whose update reports an error status
// (no exception involved): the host must name the plugin file and the game.
#include "bare_abi.hpp"

#include <cstdio>

namespace {
const rk_state_field fields[] = {{"rating", 1500.0, "rating"}};
const rk_descriptor descriptor = {sizeof(rk_descriptor), 0, "test-error-status", "0.1", "returns RK_ERR_DOMAIN",
                                  RK_CAP_PAIRWISE, 1, 0, fields, nullptr};
// Refuses the second game of every batch.
int32_t rate_games(rk_instance, const rk_state*, const rk_game_batch* b, rk_game_out*, rk_error* error) {
  if (b->game_count < 2) return RK_OK;
  error->code = RK_ERR_DOMAIN;
  error->index = 1;
  std::snprintf(error->message, sizeof error->message, "score %g is outside this model's domain", b->games[1].score_a);
  return RK_ERR_DOMAIN;
}
}  // namespace

extern "C" RK_EXPORT const rk_plugin_entry ratekit_plugin_entry = {
    RK_ABI_MAJOR, RK_ABI_MINOR, sizeof(rk_plugin_entry), 0, &descriptor, ratekit::testing::bare::create,
    ratekit::testing::bare::destroy, ratekit::testing::bare::expect, rate_games, nullptr, nullptr, nullptr, nullptr, nullptr};
