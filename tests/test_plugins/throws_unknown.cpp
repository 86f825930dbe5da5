// A plugin written against the bare C ABI, without the SDK's guard, that lets
// C++ exceptions of types no host knows out of its functions: an int from
// rate_games and from expect, a struct from rate_events. The host must report
// each as the plugin's failure, naming its file, never end the process.
#include "bare_abi.hpp"

namespace {
struct private_trouble {
  int code;
};

const rk_state_field fields[] = {{"rating", 1500.0, "rating"}};
const rk_descriptor descriptor = {sizeof(rk_descriptor), 0, "test-throws-unknown", "0.1", "throws an int",
                                  RK_CAP_PAIRWISE | RK_CAP_RANKED, 1, 0, fields, nullptr};
int32_t rate_games(rk_instance, const rk_state*, const rk_game_batch*, rk_game_out*, rk_error*) { throw 42; }
int32_t rate_events(rk_instance, const rk_state*, const rk_event_batch*, rk_entry_out*, rk_error*) {
  throw private_trouble{7};
}
int32_t expect(rk_instance, double, double, double, double*, rk_error*) { throw 43; }
}  // namespace

extern "C" RK_EXPORT const rk_plugin_entry ratekit_plugin_entry = {
    RK_ABI_MAJOR, RK_ABI_MINOR, sizeof(rk_plugin_entry), 0, &descriptor, ratekit::testing::bare::create,
    ratekit::testing::bare::destroy, expect, rate_games, rate_events, nullptr, nullptr, nullptr, nullptr};
