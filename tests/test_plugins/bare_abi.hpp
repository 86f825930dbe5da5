// The parts of a plugin written against the bare C ABI that the test plugins
// share: an instance with no state and a constant expectation.
#pragma once

#include <ratekit/abi.h>

namespace ratekit::testing::bare {

inline int instance_tag;

inline int32_t create(const rk_host*, const double*, uint32_t, rk_instance* out, rk_error*) {
  *out = reinterpret_cast<rk_instance>(&instance_tag);  // opaque to the host
  return RK_OK;
}
inline void destroy(rk_instance) {}
inline int32_t expect(rk_instance, double, double, double, double* out, rk_error*) {
  *out = 0.5;
  return RK_OK;
}

}  // namespace ratekit::testing::bare
