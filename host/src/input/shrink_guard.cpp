#include "input/shrink_guard.hpp"

#include <atomic>
#include <csignal>
#include <cstdint>
#include <mutex>

#include <sys/mman.h>
#include <unistd.h>

namespace ratekit::text::shrink_guard {
namespace {

// Lock-free, since the handler may run on any thread at any moment.
struct slot {
  std::atomic<uintptr_t> begin{0}, end{0};
  std::atomic<bool> shrunk{false};
};
constexpr int slot_count = 64;
slot slots[slot_count];
struct sigaction previous {};

void on_sigbus(int sig, siginfo_t* info, void* context) {
  const auto at = reinterpret_cast<uintptr_t>(info->si_addr);
  for (slot& s : slots) {
    const uintptr_t begin = s.begin.load(), end = s.end.load();
    if (begin == 0 || at < begin || at >= end) continue;
    const uintptr_t page = uintptr_t(::sysconf(_SC_PAGESIZE)), from = at / page * page;
    // Zero pages from the fault to the mapping's end: the read is retried and sees NULs.
    if (::mmap(reinterpret_cast<void*>(from), end - from, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1,
               0) == MAP_FAILED)
      break;
    s.shrunk.store(true);
    return;
  }
  // Not an input file's fault: die of it as the process would have.
  if (previous.sa_flags & SA_SIGINFO && previous.sa_sigaction) return previous.sa_sigaction(sig, info, context);
  ::signal(SIGBUS, SIG_DFL);
}

void install() {
  struct sigaction action {};
  action.sa_sigaction = on_sigbus;
  action.sa_flags = SA_SIGINFO | SA_NODEFER;
  sigemptyset(&action.sa_mask);
  ::sigaction(SIGBUS, &action, &previous);
}

}  // namespace

int watch(const void* address, size_t size) {
  static std::once_flag installed;
  std::call_once(installed, install);
  const uintptr_t page = uintptr_t(::sysconf(_SC_PAGESIZE));
  const auto begin = reinterpret_cast<uintptr_t>(address);
  for (int i = 0; i < slot_count; ++i) {
    uintptr_t free = 0;
    if (!slots[i].begin.compare_exchange_strong(free, begin)) continue;
    slots[i].shrunk.store(false);
    slots[i].end.store(begin + (size + page - 1) / page * page);
    return i;
  }
  return -1;
}

bool shrunk(int slot) { return slot >= 0 && slots[slot].shrunk.load(); }

void unwatch(int slot) {
  if (slot < 0) return;
  slots[slot].end.store(0);
  slots[slot].begin.store(0);
}

}  // namespace ratekit::text::shrink_guard
