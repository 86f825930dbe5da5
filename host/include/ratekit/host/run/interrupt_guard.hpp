// Ctrl-C (SIGINT), SIGTERM and SIGHUP during a run: the run's staging folder
// and a database file it created are removed, and the process ends with 128 +
// the signal, as shells expect. A database the run found keeps its journal,
// which its next user rolls back. The signals are taken by a thread of their
// own (sigwait), so the clean-up is ordinary code, not a signal handler's.
#pragma once

#include <pthread.h>

#include <csignal>

namespace ratekit {

class interrupt_guard {
 public:
  // Blocks the signals in this thread and every thread it starts from now on:
  // made before the run starts any.
  interrupt_guard();
  ~interrupt_guard();  // stops the thread; the signals are delivered as before
  interrupt_guard(const interrupt_guard&) = delete;
  interrupt_guard& operator=(const interrupt_guard&) = delete;

 private:
  sigset_t signals_{}, before_{};
  pthread_t thread_{};
};

}  // namespace ratekit
