#include "output/background_file.hpp"

#include <ratekit/host/text/diagnostics.hpp>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

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
  if (fd_ >= 0 && ::close(std::exchange(fd_, -1)) != 0) fail(file_);
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
      if (fd_ < 0 && (fd_ = ::open(file_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666)) < 0) fail(file_);
      for (size_t at = 0; at < text.size();) {
        const ssize_t n = ::write(fd_, text.data() + at, text.size() - at);
        if (n < 0 && errno == EINTR) continue;
        if (n == 0) errno = EIO;
        if (n <= 0) fail(file_);
        at += size_t(n);
      }
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
