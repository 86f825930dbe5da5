#include <ratekit/host/run_end/run_end.hpp>

namespace ratekit {

std::mutex& run_end_lock() {
  static std::mutex lock;
  return lock;
}

}  // namespace ratekit
