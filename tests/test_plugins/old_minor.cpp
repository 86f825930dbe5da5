// A plugin whose entry is shorter than today's: it ends before get_extension,
// as an older SDK's would. The host must load it and treat the missing
// field as absent.
#include "constant_model.hpp"

#include <cstddef>

namespace {
constexpr rk_plugin_entry shorter_entry() {
  rk_plugin_entry e = ratekit::sdk::make_entry<ratekit::testing::constant_model>();
  e.abi_minor = 0;
  e.struct_size = offsetof(rk_plugin_entry, get_extension);
  e.get_extension = nullptr;
  return e;
}
}  // namespace

extern "C" RK_EXPORT const rk_plugin_entry ratekit_plugin_entry = shorter_entry();
