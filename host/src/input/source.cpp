#include "input/source.hpp"
#include <ratekit/host/input/unreachable_file.hpp>
#include "input/csv.hpp"
#include "input/encoding.hpp"
#include "input/problems.hpp"
#include "input/shrink_guard.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <future>
#include <memory>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace ratekit::text {

source::mapping::~mapping() {
  shrink_guard::unwatch(guard);
  if (address) ::munmap(address, size);
}

void source::check_unchanged() const {
  if (!shrink_guard::shrunk(map_.guard)) return;
  std::error_code ec;
  const auto now = std::filesystem::file_size(file_, ec);
  throw user_error(file_, 0, 0,
                   "the file changed while it was read: it shrank from " + std::to_string(map_.size) + " bytes" +
                       (ec ? std::string() : " to " + std::to_string(now)) +
                       "; read it again once it is complete (nothing was rated)");
}

void source::release(const char* from, const char* to) const {
  const auto* base = static_cast<const char*>(map_.address);
  // Only a mapped text: a converted one lives elsewhere. Dropped pages of a
  // read-only file mapping read back the same bytes if touched again.
  if (!base || to <= from || from < base || to > base + map_.size) return;
  const size_t page = size_t(::sysconf(_SC_PAGESIZE));
  const size_t first = (size_t(from - base) + page - 1) / page * page, end = size_t(to - base) / page * page;
  if (end > first) ::madvise(static_cast<char*>(map_.address) + first, end - first, MADV_DONTNEED);
}

namespace {

// What kind of file `mode` is, for a message.
const char* kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a named pipe (FIFO)";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device";
  return "not a regular file";
}

}  // namespace

void source::load(const std::filesystem::path& file) {
  // Opened without blocking and checked on the open file itself: a named pipe
  // would wait for a writer for ever, a device would never end.
  const int fd = ::open(file.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) throw user_error(file.string(), 0, 0, std::string("cannot open input file: ") + std::strerror(errno));
  const std::unique_ptr<int, void (*)(int*)> close_fd(new int(fd), [](int* f) { ::close(*f), delete f; });
  struct stat st {};
  if (::fstat(fd, &st) != 0) throw user_error(file.string(), 0, 0, std::string("cannot read input file: ") + std::strerror(errno));
  if (!S_ISREG(st.st_mode))
    throw user_error(file.string(), 0, 0, std::string("expected a regular file, got ") + kind_of(st.st_mode));
  const size_t size = size_t(st.st_size);
  // A file of the kernel's (/proc, /sys) says 0 bytes and has text: not the
  // empty file its size says, nor one of a size to map.
  if (char probe = 0; size == 0 && ::read(fd, &probe, 1) > 0)
    throw user_error(file.string(), 0, 0,
                     "expected a regular file of a fixed size, got one that says it has 0 bytes but has text (a file "
                     "the kernel makes, in /proc or /sys): copy it to a file first");
  if (size == 0) return;
  void* address = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
  const int guard = address == MAP_FAILED ? -1 : shrink_guard::watch(address, size);
  if (guard < 0 && address != MAP_FAILED) ::munmap(address, size);
  if (guard >= 0) {
    map_.address = address;
    map_.size = size;
    map_.guard = guard;
    ::madvise(address, size, MADV_SEQUENTIAL);
    text_ = std::string_view(static_cast<const char*>(address), size);
    return;
  }
  owned_.assign(size, '\0');  // not mappable, or too many mapped at once: read it
  for (size_t done = 0; done < size;) {
    const ssize_t n = ::read(fd, owned_.data() + done, size - done);
    if (n <= 0) throw user_error(file.string(), 0, 0, "cannot read input file: it ended early");
    done += size_t(n);
  }
  text_ = owned_;
}

source::source(const std::filesystem::path& file, const reader_options& options) : file_(file.string()) {
  load(file);
  const encoding enc = encoding_of(file_, options.encoding);
  if (enc == encoding::latin1) {
    owned_ = latin1_to_utf8(text_);
    text_ = owned_;
    newlines_ = size_t(std::count(text_.begin(), text_.end(), '\n'));
    return;
  }
  const bool bom = text_.starts_with("\xEF\xBB\xBF");
  if (bom) text_.remove_prefix(3);
  const size_t bad = checked_utf8();
  if (bad == std::string_view::npos) return;
  if (enc == encoding::automatic && !bom) {
    owned_ = latin1_to_utf8(text_);
    text_ = owned_;
    newlines_ = size_t(std::count(text_.begin(), text_.end(), '\n'));
    return;
  }
  // Said to be UTF-8 but is not: show where.
  const std::string_view t = text_;
  const size_t begin = t.rfind('\n', bad) == std::string_view::npos ? 0 : t.rfind('\n', bad) + 1;
  const int line = 1 + int(std::count(t.begin(), t.begin() + std::ptrdiff_t(bad), '\n'));
  char byte[8];
  std::snprintf(byte, sizeof byte, "0x%02X", unsigned(static_cast<unsigned char>(t[bad])));
  throw user_error(file_, line, column_of(t.substr(begin), t.data() + bad),
                   std::string("expected UTF-8 text, got byte ") + byte);
}

source::source(const input_text& in)
    : file_(in.name), text_(in.text), newlines_(size_t(std::count(in.text.begin(), in.text.end(), '\n'))) {}

size_t source::checked_utf8() {
  // A long text is checked in two halves at once: the rating side has nothing
  // to do until the first games are read.
  const size_t middle = text_.size() < 2 * check_piece ? text_.npos : text_.find('\n', text_.size() / 2);
  if (middle == text_.npos) return checked_utf8(0, text_.size(), newlines_);
  size_t second_lines = 0;
  auto second = std::async(std::launch::async, [&] { return checked_utf8(middle + 1, text_.size(), second_lines); });
  const size_t bad = checked_utf8(0, middle + 1, newlines_), bad_after = second.get();
  newlines_ += second_lines;
  return bad != text_.npos ? bad : bad_after;
}

size_t source::checked_utf8(size_t from, size_t end, size_t& newlines) const {
  // In pieces cut at line ends (no UTF-8 sequence holds a '\n'), giving each
  // piece's pages back once checked: a long file is never resident whole.
  newlines = 0;
  while (from < end) {
    size_t to = text_.find('\n', std::min(end, from + check_piece));
    to = to == text_.npos || to >= end ? end : to + 1;
    size_t lines = 0;
    if (const size_t bad = invalid_utf8(text_.substr(from, to - from), lines); bad != text_.npos) return from + bad;
    newlines += lines;
    release(text_.data() + from, text_.data() + to);
    from = to;
  }
  return text_.npos;
}

}  // namespace ratekit::text

namespace ratekit {

std::string unreachable_file(const std::filesystem::path& file) {
  std::error_code ec;
  const std::filesystem::file_type type = std::filesystem::status(file, ec).type();
  if (ec == std::errc::too_many_symbolic_link_levels) return "is a loop of symbolic links";
  if (type == std::filesystem::file_type::not_found || ec == std::errc::no_such_file_or_directory ||
      ec == std::errc::not_a_directory)
    return "not found";
  return ec ? "cannot be reached (" + ec.message() + ")" : "";
}

}  // namespace ratekit
