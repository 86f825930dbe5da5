// Stopping a rate call early (ABI 1.7): the host's rk_host.stop_requested,
// polled by the SDK's game and event loops, so a model built on them honours a
// Ctrl-C within one period without code of its own.
#pragma once

#include <ratekit/abi.h>

#include <cstdint>

namespace ratekit::sdk {

// Thrown by stop_point when the host asks the running call to end; the
// adapters' guard turns it into RK_STOPPED.
struct stopped {};

// True when `h` (ABI 1.7 or later) asks the running call to end.
inline bool stop_requested(const rk_host* h) {
  return h && RK_HAS_FIELD(h, rk_host, stop_requested) && h->stop_requested && h->stop_requested(h->context) != 0;
}

namespace detail {

// The host of the rate call this thread is running, set by the adapters for
// its duration: the loops that poll it are deep in a model's code.
inline thread_local const rk_host* calling_host = nullptr;

class call_scope {
 public:
  explicit call_scope(const rk_host* h) : outer_(calling_host) { calling_host = h; }
  ~call_scope() { calling_host = outer_; }
  call_scope(const call_scope&) = delete;
  call_scope& operator=(const call_scope&) = delete;

 private:
  const rk_host* outer_;
};

}  // namespace detail

// Games or entries between two polls: a poll is an indirect call, a game a few
// nanoseconds, so a million-game period is stopped within a fraction of it.
inline constexpr uint64_t stop_poll_interval = 4096;

// At every stop_poll_interval-th index `i` of a loop: throws stopped when the
// host of the running call asks to stop.
inline void stop_point(uint64_t i) {
  if (i % stop_poll_interval == 0 && stop_requested(detail::calling_host)) throw stopped{};
}

}  // namespace ratekit::sdk
