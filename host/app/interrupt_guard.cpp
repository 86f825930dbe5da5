#include "interrupt_guard.hpp"

#include <ratekit/host/output/database.hpp>
#include <ratekit/host/output/output_folder.hpp>

#include <pthread.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>

namespace ratekit::app {
namespace {

std::atomic<bool> stopping{false};

}  // namespace

interrupt_guard::interrupt_guard() {
  sigemptyset(&signals_);
  for (const int s : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&signals_, s);
  pthread_sigmask(SIG_BLOCK, &signals_, &before_);
  stopping = false;
  thread_ = std::thread([this] {
    int signal = 0;
    if (sigwait(&signals_, &signal) != 0 || stopping) return;
    output_folder::abandon_living();
    run_recording::abandon_living();
    const char* name = signal == SIGINT ? "SIGINT" : signal == SIGTERM ? "SIGTERM" : "SIGHUP";
    std::fprintf(stderr, "error: interrupted (%s); nothing was written or recorded\n", name);
    std::_Exit(128 + signal);
  });
}

interrupt_guard::~interrupt_guard() {
  stopping = true;
  pthread_kill(thread_.native_handle(), SIGHUP);  // taken by its sigwait, as a stop
  thread_.join();
  pthread_sigmask(SIG_SETMASK, &before_, nullptr);
}

}  // namespace ratekit::app
