// A run stopped by the program it runs in (the Python module's Ctrl-C): the
// engine and its reader look at the flag between pieces of games, and the run
// ends as a failed one does, leaving nothing behind.
#pragma once

#include <atomic>
#include <stdexcept>

namespace ratekit {

struct run_stopped : std::runtime_error {
  run_stopped() : std::runtime_error("the run was stopped") {}
};

// While it lives, the runs this thread starts stop once `flag` is set.
class stop_scope {
 public:
  explicit stop_scope(const std::atomic<bool>& flag);
  ~stop_scope();
  stop_scope(const stop_scope&) = delete;
  stop_scope& operator=(const stop_scope&) = delete;

 private:
  const std::atomic<bool>* outer_;
};

// The flag of this thread's stop_scope; nullptr outside one.
const std::atomic<bool>* stop_flag();

inline void throw_if_stopped(const std::atomic<bool>* flag) {
  if (flag && flag->load(std::memory_order_relaxed)) throw run_stopped();
}

}  // namespace ratekit
