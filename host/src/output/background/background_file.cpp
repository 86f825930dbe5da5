#include "output/background/background_file.hpp"

#include <ratekit/host/text/diagnostics.hpp>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

#include <new>
#include <utility>

namespace ratekit {
namespace {

[[noreturn]] void fail(const std::filesystem::path& file) {
  throw user_error(file.string(), 0, 0, std::string("cannot write: ") + std::strerror(errno));
}

}  // namespace

background_file::background_file(std::filesystem::path file) : file_(std::move(file)), thread_([this] { run(); }) {}

background_file::~background_file() {
  stop();
  if (fd_ >= 0) ::close(fd_);
  std::free(staged_);
}

void background_file::stop() {
  {
    const std::lock_guard lock(mutex_);
    done_ = true;
  }
  changed_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void background_file::write(std::string& text) {
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [&] { return error_ || !has_queued_; });
  if (error_) std::rethrow_exception(error_);
  queued_.swap(text);
  has_queued_ = true;
  text.clear();
  lock.unlock();
  changed_.notify_all();
}

void background_file::close() {
  {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return error_ || (!has_queued_ && !writing_); });
  }
  stop();
  if (error_) std::rethrow_exception(error_);
  if (fd_ < 0) return;
  if (direct_) write_blocks();
  buffered();  // the tail: less than a block
  write_all(staged_, staged_size_);
  staged_size_ = 0;
  // On disk before the folder holding it is published: a power cut after that
  // cannot leave the new file shorter than written.
  if (::fsync(fd_) != 0) fail(file_);
  if (::close(std::exchange(fd_, -1)) != 0) fail(file_);
}

void background_file::open() {
  const int flags = O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC;
  fd_ = ::open(file_.c_str(), flags | O_DIRECT, 0666);
  direct_ = fd_ >= 0;
  if (fd_ < 0 && errno == EINVAL) fd_ = ::open(file_.c_str(), flags, 0666);  // no direct I/O here (tmpfs)
  if (fd_ < 0) fail(file_);
}

void background_file::buffered() {
  if (direct_ && ::fcntl(fd_, F_SETFL, ::fcntl(fd_, F_GETFL) & ~O_DIRECT) != 0) fail(file_);
  direct_ = false;
}

void background_file::write_all(const char* data, size_t size) {
  for (size_t at = 0; at < size;) {
    const ssize_t n = ::write(fd_, data + at, size - at);
    if (n < 0 && errno == EINTR) continue;
    if (n == 0) errno = EIO;
    if (n <= 0) fail(file_);
    at += size_t(n);
  }
}

// Direct I/O takes whole blocks from aligned memory: the text goes after what
// is staged, and once a few MB have gathered their whole blocks go out, and the
// tail waits. A disk takes a direct write of 1 MB at a third of the speed of
// one of 4 MB here (294 MB: 0.55 s against 0.19 s).
void background_file::write_direct(const std::string& text) {
  if (staged_size_ + text.size() > staged_capacity_) {
    // Twice what is needed: texts a little longer than the longest so far come
    // often, and each move to new memory had its pages faulted in again.
    const size_t capacity = 2 * (staged_size_ + text.size()) / block * block + block;
    char* grown = static_cast<char*>(std::aligned_alloc(block, capacity));
    if (!grown) throw std::bad_alloc();
    std::memcpy(grown, staged_, staged_size_);
    std::free(std::exchange(staged_, grown));
    staged_capacity_ = capacity;
  }
  std::memcpy(staged_ + staged_size_, text.data(), text.size());
  staged_size_ += text.size();
  if (staged_size_ >= direct_write) write_blocks();
}

void background_file::write_blocks() {
  const size_t whole = staged_size_ / block * block;
  size_t at = 0;
  while (at < whole) {
    const ssize_t n = ::write(fd_, staged_ + at, whole - at);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0 || size_t(n) % block != 0) {  // refused (EINVAL), short or failing: the rest buffered, which says why
      if (n > 0) at += size_t(n);
      buffered();
      write_all(staged_ + at, staged_size_ - at);
      staged_size_ = 0;
      return;
    }
    at += size_t(n);
  }
  staged_size_ -= whole;
  std::memmove(staged_, staged_ + whole, staged_size_);
}

void background_file::run() {
  std::string text;
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      changed_.wait(lock, [&] { return done_ || has_queued_; });
      if (!has_queued_) return;  // done, and every buffer written
      text.swap(queued_);  // the caller gets the emptied buffer back on its next write
      has_queued_ = false, writing_ = true;
    }
    changed_.notify_all();
    try {
      if (fd_ < 0) open();
      if (direct_)
        write_direct(text);
      else
        write_all(text.data(), text.size());
      text.clear();
    } catch (...) {
      const std::lock_guard lock(mutex_);
      error_ = std::current_exception();
      writing_ = false;
      changed_.notify_all();
      return;
    }
    {
      const std::lock_guard lock(mutex_);
      writing_ = false;
    }
    changed_.notify_all();
  }
}

}  // namespace ratekit
