// The program's operator new (host/src/run/large_allocations.cpp), which this test
// binary links as the ratekit program does: 2 MB and more in an aligned
// mapping of its own, marked for 2 MB pages where it fills them, kept for the
// next large allocations up to 16 MB in all when deleted, else unmapped; less
// from malloc.
#include <catch2/catch.hpp>

#include <cerrno>
#include <cstdint>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include <malloc.h>
#include <sys/mman.h>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_large_allocations {

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

constexpr std::size_t spare_limit = std::size_t{16} << 20;

// Takes every spare mapping (earlier tests' deleted blocks) out of the way,
// so the next large allocations map new memory; delete the blocks after.
struct spares_taken {
  spares_taken() {
    for (auto& b : blocks) b = new char[large_page];  // a spare's mapping is 4 MB at least: each takes one
  }
  ~spares_taken() {
    for (char* b : blocks) delete[] b;
  }
  char* blocks[16];
};

}  // namespace

TEST_CASE("an allocation of 2 MB or more gets an aligned mapping of its own", "[memory]") {
  const spares_taken spares;
  std::vector<std::unique_ptr<char[]>> held;
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
    held.emplace_back(p);  // deleted after the loop: each size's mapping is a new one
  }
}

TEST_CASE("deleted large blocks are kept for the next ones up to 16 MB in all, the smallest that fits taken first, "
          "the rest given back", "[memory]") {
  const spares_taken spares;
  auto start_of = [](const char* p) { return address(p) - 64; };
  // A 4 MB mapping and an 8 MB one, deleted: both kept.
  char* small = new char[large_page];
  char* big = new char[3 * large_page];
  const std::uintptr_t small_start = start_of(small), big_start = start_of(big);
  delete[] big;
  delete[] small;
  CHECK(mapped(small_start));
  CHECK(mapped(big_start));
  // A block that fits in 4 MB takes the 4 MB one, not the 8 MB; one that needs 8 MB takes that.
  small = new char[large_page + 1000];
  big = new char[3 * large_page - 64];
  CHECK(start_of(small) == small_start);
  CHECK(start_of(big) == big_start);
  // One that needs more than any kept (10 MB) is mapped anew.
  std::unique_ptr<char[]> larger(new char[4 * large_page]);
  CHECK(start_of(larger.get()) != small_start);
  CHECK(start_of(larger.get()) != big_start);
  delete[] small;
  delete[] big;
  // Six 4 MB blocks deleted, with no other kept: the first four fill the 16 MB, the last two are unmapped.
  const spares_taken again;
  std::vector<char*> six;
  for (int i = 0; i < 6; ++i) six.push_back(new char[large_page]);
  for (char* p : six) p[0] = 'x';
  std::vector<std::uintptr_t> starts;
  for (char* p : six) starts.push_back(start_of(p));
  for (char* p : six) delete[] p;
  std::size_t kept = 0;
  for (const std::uintptr_t s : starts) kept += mapped(s) ? 4 : 0;
  CHECK(kept == spare_limit >> 20);  // 16 MB: the first four deleted
  for (std::size_t i = 0; i < starts.size(); ++i) CHECK(mapped(starts[i]) == (i < 4));
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
  int still_mapped = 0;  // kept for the next large allocations: 16 MB of them at most
  for (char* p : blocks)
    if (address(p) % large_page == 64) still_mapped += mapped(address(p) - 64);
  CHECK(still_mapped <= int(spare_limit / (2 * large_page)));
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

}  // namespace test_large_allocations
