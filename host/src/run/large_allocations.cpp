// The program's operator new and delete: each allocation of 2 MB or more gets
// a mapping of its own, aligned to 2 MB and marked for 2 MB pages (the whole
// ones it fills); deleted, it is kept for the next large allocations (16 MB of
// such spares at most) or goes back to the system. A run first touches its
// large buffers (name tables, the players' columns, output text) as it fills
// them; with 4 KB pages each fault costs about 12 us on a virtual machine, and
// glibc's own mappings start anywhere, so most of a buffer of a few MB never
// lies in a whole aligned 2 MB page. Smaller allocations are malloc's.
//
// Linked into the ratekit program (and the test suite), so the plugins it
// loads share it. The other forms (arrays, nothrow, sized delete) call these.
#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <new>
#include <type_traits>
#include <utility>

#include <sys/mman.h>

namespace {

constexpr std::uintptr_t large_page = std::uintptr_t{2} << 20;
// A block's data starts this far into its mapping: a malloc pointer is
// rarely this far past a 2 MB boundary, so delete looks up few others.
constexpr std::uintptr_t data_offset = 64;
// Deleted blocks are kept for the next large allocations, up to this much in
// all: a run frees large buffers (a doubled table's old half, the reader's
// pieces) while it still makes others, and a kept block's pages are there
// already, where a new mapping's are faulted in and zeroed again.
constexpr std::size_t spare_bytes = std::size_t{16} << 20;

// The live blocks. Few at a time (each is 2 MB or more); when all entries are
// taken, allocations go to malloc.
class block_list {
 public:
  bool add(std::uintptr_t data, std::size_t length) {
    const std::lock_guard lock(mutex_);
    for (auto& b : blocks_)
      if (b.data == 0) {
        b = {data, length};
        return true;
      }
    return false;
  }
  // The mapping's length if `data` is a live block's, and forgets it; else 0.
  std::size_t remove(std::uintptr_t data) {
    const std::lock_guard lock(mutex_);
    for (auto& b : blocks_)
      if (b.data == data) {
        b.data = 0;
        return b.length;
      }
    return 0;
  }

  // The smallest spare mapping of `length` bytes or more, taken out of the
  // spares, its length into `length`; 0 when there is none.
  std::uintptr_t take_spare(std::size_t& length) {
    const std::lock_guard lock(mutex_);
    block* best = nullptr;
    for (auto& s : spares_)
      if (s.data != 0 && s.length >= length && (!best || s.length < best->length)) best = &s;
    if (!best) return 0;
    spare_total_ -= best->length;
    length = best->length;
    return std::exchange(best->data, 0);
  }
  // Keeps the mapping at `start` as a spare; false when the spares are full.
  bool keep_spare(std::uintptr_t start, std::size_t length) {
    const std::lock_guard lock(mutex_);
    if (spare_total_ + length > spare_bytes) return false;
    for (auto& s : spares_)
      if (s.data == 0) {
        s = {start, length};
        spare_total_ += length;
        return true;
      }
    return false;
  }

 private:
  struct block {
    std::uintptr_t data = 0;  // 0: free entry
    std::size_t length = 0;
  };
  std::mutex mutex_;
  block blocks_[1024];
  block spares_[16];  // data: the mapping's start
  std::size_t spare_total_ = 0;
};

// Deletes run until the process ends, after static objects are destroyed:
// the list has nothing to destroy.
static_assert(std::is_trivially_destructible_v<block_list>);

block_list& blocks() {
  static block_list list;  // constructed on the first large allocation
  return list;
}

void* map_large(std::size_t size) {
  if (size > SIZE_MAX / 2) return nullptr;
  std::size_t length = (size + data_offset + large_page - 1) & ~(large_page - 1);
  if (const std::uintptr_t spare = blocks().take_spare(length)) {
    if (blocks().add(spare + data_offset, length)) return reinterpret_cast<void*>(spare + data_offset);
    ::munmap(reinterpret_cast<void*>(spare), length);
    return nullptr;
  }
  // One page more than needed, then the ends trimmed off, leaves an aligned mapping.
  void* raw = ::mmap(nullptr, length + large_page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED) return nullptr;
  const auto begin = reinterpret_cast<std::uintptr_t>(raw), end = begin + length + large_page;
  const std::uintptr_t start = (begin + large_page - 1) & ~(large_page - 1);
  if (start > begin) ::munmap(raw, start - begin);
  if (end > start + length) ::munmap(reinterpret_cast<void*>(start + length), end - start - length);
  // Large pages only where the block fills them: a 2 MB page is zeroed whole
  // when first touched, so a tail past the last one (an exact 8 MB vector's
  // last 64 bytes, a 2.4 MB one's last 0.4 MB) keeps 4 KB pages. A hint:
  // where the kernel gives no large pages, the block keeps 4 KB ones.
  ::madvise(reinterpret_cast<void*>(start), (data_offset + size) & ~(large_page - 1), MADV_HUGEPAGE);
  if (!blocks().add(start + data_offset, length)) {
    ::munmap(reinterpret_cast<void*>(start), length);
    return nullptr;
  }
  return reinterpret_cast<void*>(start + data_offset);
}

// Keeps or unmaps `p` if it is a large block's data.
bool delete_large(void* p) {
  const auto data = reinterpret_cast<std::uintptr_t>(p);
  if ((data & (large_page - 1)) != data_offset) return false;
  const std::size_t length = blocks().remove(data);
  if (length == 0) return false;
  if (!blocks().keep_spare(data - data_offset, length)) ::munmap(reinterpret_cast<void*>(data - data_offset), length);
  return true;
}

}  // namespace

void* operator new(std::size_t size) {
  for (;;) {
    void* p = size >= large_page ? map_large(size) : nullptr;
    if (p == nullptr) p = std::malloc(size == 0 ? 1 : size);
    if (p != nullptr) return p;
    const std::new_handler handler = std::get_new_handler();
    if (handler == nullptr) throw std::bad_alloc();
    handler();
  }
}

void operator delete(void* p) noexcept {
  if (p != nullptr && !delete_large(p)) std::free(p);
}

void operator delete(void* p, std::size_t) noexcept { operator delete(p); }
