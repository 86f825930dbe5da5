// The program's operator new (host/app/large_allocations.cpp), which this test
// binary links as the ratekit program does: 2 MB and more in an aligned
// mapping of its own, marked for 2 MB pages where it fills them, unmapped on
// delete; less from malloc.
#include <catch2/catch.hpp>

#include <cerrno>
#include <cstdint>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include <malloc.h>
#include <sys/mman.h>

namespace {

constexpr std::uintptr_t large_page = std::uintptr_t{2} << 20;

std::uintptr_t address(const void* p) { return reinterpret_cast<std::uintptr_t>(p); }

// The mapping that starts at `start`, as /proc/self/smaps shows it: its size
// line and its flags line; "" when there is none.
std::string smaps_entry(std::uintptr_t start) {
  std::ifstream smaps("/proc/self/smaps");
  char head[32];
  std::snprintf(head, sizeof head, "%lx-", static_cast<unsigned long>(start));
  std::string line, entry;
  bool inside = false;
  while (std::getline(smaps, line)) {
    const bool header = line.find('-') != std::string::npos && line.find(':') > line.find('-') &&
                        std::isxdigit(static_cast<unsigned char>(line[0]));
    if (header) inside = line.rfind(head, 0) == 0;
    if (inside && (line.rfind("Size:", 0) == 0 || line.rfind("VmFlags:", 0) == 0)) entry += line + "\n";
  }
  return entry;
}

bool mapped(std::uintptr_t page) {
  unsigned char resident = 0;
  return ::mincore(reinterpret_cast<void*>(page), 4096, &resident) == 0;
}

bool large_pages_exist() { return std::ifstream("/sys/kernel/mm/transparent_hugepage/enabled").good(); }

}  // namespace

TEST_CASE("an allocation of 2 MB or more gets an aligned mapping of its own, given back on delete", "[memory]") {
  // Exactly 2 MB, a block that ends on a 2 MB boundary, one past it, and an exact 8 MB (a doubled vector's).
  for (const std::size_t size : {large_page, 2 * large_page - 64, 3 * large_page + 1000, 4 * large_page}) {
    INFO(size << " bytes");
    auto* p = new char[size];
    CHECK(address(p) % large_page == 64);  // just past a 2 MB boundary
    const std::uintptr_t start = address(p) - 64;
    std::fill(p, p + size, 'x');  // every byte writable
    CHECK(p[size - 1] == 'x');
    // 2 MB pages for the whole ones the block fills; what it takes of the
    // next (up to the size rounded up past the 64-byte offset) keeps 4 KB pages.
    const std::size_t filled = (size + 64) / large_page * large_page;
    const std::size_t length = (size + 64 + large_page - 1) / large_page * large_page;
    const std::string head = smaps_entry(start);
    REQUIRE(!head.empty());
    CHECK(head.find(" " + std::to_string(filled / 1024) + " kB") != std::string::npos);
    if (large_pages_exist()) CHECK(head.find(" hg") != std::string::npos);  // MADV_HUGEPAGE
    if (length > filled) {
      const std::string tail = smaps_entry(start + filled);
      REQUIRE(!tail.empty());
      CHECK(tail.find(" hg") == std::string::npos);
    }
    delete[] p;
    CHECK_FALSE(mapped(start));
    CHECK_FALSE(mapped(start + length - 4096));
    CHECK(errno == ENOMEM);
  }
}

TEST_CASE("allocations under 2 MB come from malloc", "[memory]") {
  for (const std::size_t size : {std::size_t{1}, std::size_t{1000}, std::size_t{large_page - 1}}) {
    std::unique_ptr<char[]> p(new char[size]);
    CHECK(malloc_usable_size(p.get()) >= size);  // malloc's own record of it
  }
}

TEST_CASE("past 1024 live large blocks, allocations go to malloc, and deleting frees each kind", "[memory]") {
  std::vector<char*> blocks;
  for (int i = 0; i < 1030; ++i) blocks.push_back(new char[large_page]);
  int aligned = 0;
  for (char* p : blocks) {
    p[0] = p[large_page - 1] = 'x';
    aligned += address(p) % large_page == 64;  // malloc maps 2 MB at 16 bytes past a 4 KB boundary
  }
  CHECK(aligned >= 1000);
  CHECK(aligned <= 1024);
  for (char* p : blocks) delete[] p;
  for (char* p : blocks)
    if (address(p) % large_page == 64) CHECK_FALSE(mapped(address(p) - 64));
  // The list's entries are free again.
  std::unique_ptr<char[]> again(new char[large_page]);
  CHECK(address(again.get()) % large_page == 64);
}

namespace {

// The process's mapped memory, in kB (/proc/self/status VmSize).
long mapped_kb() {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("VmSize:", 0) == 0) return std::stol(line.substr(7));
  return -1;
}

}  // namespace

TEST_CASE("deleting a large block gives back all its mapping was made of", "[memory]") {
  // Each block escapes into an empty asm: the compiler may not leave a new
  // and delete out.
  auto cycle = [](std::size_t size) {
    char* p = new char[size];
    asm volatile("" : : "r"(p) : "memory");
    delete[] p;
  };
  cycle(large_page);  // anything set up on first use is set up
  const long before = mapped_kb();
  for (int i = 0; i < 16; ++i) cycle(large_page + std::size_t(i) * 100'000);
  CHECK(mapped_kb() - before < 2048);  // one 2 MB page left behind each time would be 32 MB
}
