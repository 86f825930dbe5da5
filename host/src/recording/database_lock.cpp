#include "recording/database_lock.hpp"

#include <ratekit/host/run_end/run_end.hpp>
#include <ratekit/host/text/diagnostics.hpp>

#include <cerrno>
#include <cstring>
#include <mutex>
#include <string>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace ratekit {
namespace {

namespace fs = std::filesystem;

// Why the database cannot be opened. A link is followed to a database, never
// used to create one where it points.
[[noreturn]] void refuse_to_open(const fs::path& file, int error) {
  std::error_code ec;
  const fs::path target = error == ENOENT ? fs::read_symlink(file, ec) : fs::path();
  if (!target.empty())
    throw user_error(file.string(), 0, 0, "the rating database is a link to " + target.string() +
                                              ", which does not exist; record into an existing database, or remove the link");
  throw user_error(file.string(), 0, 0, std::string("cannot open the rating database: ") + std::strerror(error));
}

std::atomic<database_lock*> living_lock{nullptr};  // one recording per process

}  // namespace

database_lock::database_lock(const fs::path& file) : file_(file) {
  // A file removed by a failed run after we opened it is locked in vain: open it again.
  for (int attempt = 0; fd_ < 0; ++attempt) {
    fd_ = ::open(file.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    created_ = fd_ >= 0;
    if (!created_ && errno == EEXIST) fd_ = ::open(file.c_str(), O_RDWR | O_CLOEXEC);
    if (fd_ < 0) refuse_to_open(file, errno);
    if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
      ::close(fd_);
      throw user_error(file.string(), 0, 0,
                       "another ratekit run is recording into this database; run again when it has finished");
    }
    if (still_named()) break;
    ::close(fd_);
    fd_ = -1;
    if (attempt == 8) throw user_error(file.string(), 0, 0, "the rating database kept being replaced while opened");
  }
  living_lock = this;
}

database_lock::~database_lock() {
  const std::lock_guard ending(run_end_lock());  // not while an interrupt cleans up
  living_lock = nullptr;
  if (created_ && !kept_ && still_named()) ::unlink(file_.c_str());
  ::close(fd_);
}

void database_lock::abandon() const noexcept {
  if (!created_ || kept_ || !still_named()) return;
  ::unlink(file_.c_str());
  ::unlink((file_.string() + "-journal").c_str());
}

void database_lock::abandon_living() noexcept {
  if (const database_lock* lock = living_lock) lock->abandon();
}

bool database_lock::still_named() const {
  struct stat held, named;
  return ::fstat(fd_, &held) == 0 && ::stat(file_.c_str(), &named) == 0 && held.st_dev == named.st_dev &&
         held.st_ino == named.st_ino;
}

}  // namespace ratekit
