// How the ratekit process takes memory.
#include <ratekit/host/run/memory.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include <malloc.h>
#include <unistd.h>

namespace ratekit {

namespace {

constexpr std::string_view large_pages_tunable = "glibc.malloc.hugetlb";

// True when the kernel backs memory with 2 MB pages only where a program asks
// for them (madvise), which is where glibc's tunable makes a difference.
bool large_pages_on_request() {
  std::ifstream mode("/sys/kernel/mm/transparent_hugepage/enabled");
  const std::string text{std::istreambuf_iterator<char>(mode), {}};
  return text.find("[madvise]") != std::string::npos;
}

}  // namespace

void tune_memory(char** argv) {
  // Small allocations come from glibc's heaps, which back themselves with
  // 2 MB pages when the glibc.malloc.hugetlb tunable says so: the reader's
  // pieces are filled there, a few hundred KB a column (large allocations
  // have their own pages: large_allocations.cpp). glibc reads tunables only
  // when a program starts, so the program starts again, once, with it set. A
  // user's own setting of it is kept, and where the kernel gives large pages
  // to every program or to none, nothing changes.
  const char* tunables = std::getenv("GLIBC_TUNABLES");
  const std::string current = tunables != nullptr ? tunables : "";
  if (current.find(large_pages_tunable) == std::string::npos && large_pages_on_request()) {
    const std::string wanted = (current.empty() ? "" : current + ":") + std::string(large_pages_tunable) + "=1";
    // By its own path, not /proc/self/exe, which would rename the process "exe".
    std::error_code ec;
    const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (!ec && ::setenv("GLIBC_TUNABLES", wanted.c_str(), 1) == 0) ::execv(self.c_str(), argv);
    // Where that fails (no /proc, the program file replaced), the run goes on without.
  }
  // Buffers of 1 MB and more are mapped, and given back when freed. Left to
  // itself glibc raises this threshold after the first such free and keeps
  // the later buffers in its per-thread arenas: 30 MB more at a history run's peak.
  mallopt(M_MMAP_THRESHOLD, 1 << 20);
}

}  // namespace ratekit
