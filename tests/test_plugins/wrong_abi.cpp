// A plugin claiming a future ABI major version: the host must refuse it.
#include "constant_model.hpp"

namespace {
constexpr rk_plugin_entry future_entry() {
  rk_plugin_entry e = ratekit::sdk::make_entry<ratekit::testing::constant_model>();
  e.abi_major = RK_ABI_MAJOR + 1;
  e.abi_minor = 0;
  return e;
}
}  // namespace

extern "C" RK_EXPORT const rk_plugin_entry ratekit_plugin_entry = future_entry();
