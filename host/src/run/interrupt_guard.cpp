#include <ratekit/host/run/interrupt_guard.hpp>

#include <ratekit/host/recording/run_recording.hpp>
#include <ratekit/host/output/files/output_folder.hpp>
#include <ratekit/host/run_end/run_end.hpp>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <system_error>

namespace ratekit {
namespace {

std::atomic<bool> stopping{false};

void* take_signals(void* set) {
  int signal = 0;
  if (sigwait(static_cast<const sigset_t*>(set), &signal) != 0) return nullptr;
  // Held to the end of the process: the run neither publishes nor lets its folder go meanwhile.
  run_end_lock().lock();
  if (stopping) {  // the run is over, and the guard stops this thread
    run_end_lock().unlock();
    return nullptr;
  }
  const bool published = output_folder::abandon_living();
  run_recording::abandon_living();
  const char* name = signal == SIGINT ? "SIGINT" : signal == SIGTERM ? "SIGTERM" : "SIGHUP";
  if (published)
    std::fprintf(stderr, "error: interrupted (%s) after the run was written; its outputs and records are complete\n",
                 name);
  else
    std::fprintf(stderr, "error: interrupted (%s); nothing was written or recorded\n", name);
  std::_Exit(128 + signal);
}

}  // namespace

interrupt_guard::interrupt_guard() {
  sigemptyset(&signals_);
  for (const int s : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&signals_, s);
  pthread_sigmask(SIG_BLOCK, &signals_, &before_);
  stopping = false;
  // A small stack: a run under a tight address-space limit (ulimit -v) must not fail for this thread's 8 MB.
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, 64 << 10);
  const int rc = pthread_create(&thread_, &attr, take_signals, &signals_);
  pthread_attr_destroy(&attr);
  if (rc != 0) {
    pthread_sigmask(SIG_SETMASK, &before_, nullptr);
    throw std::system_error(rc, std::generic_category(), "cannot start the thread that takes interrupts");
  }
}

interrupt_guard::~interrupt_guard() {
  {
    // Waits for an interrupt being taken, which ends the process.
    const std::lock_guard ending(run_end_lock());
    stopping = true;
  }
  pthread_kill(thread_, SIGHUP);  // taken by its sigwait, as a stop
  pthread_join(thread_, nullptr);
  pthread_sigmask(SIG_SETMASK, &before_, nullptr);
}

}  // namespace ratekit
