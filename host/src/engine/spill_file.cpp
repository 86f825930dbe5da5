#include <ratekit/host/engine/spill_file.hpp>

#include <ratekit/host/text/diagnostics.hpp>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include <sys/mman.h>
#include <unistd.h>

namespace ratekit {

spill_file::~spill_file() {
  if (fd_ >= 0) ::close(fd_);
}

bool spill_file::open() {
  if (fd_ >= 0) return true;
  if (place_ == spill_place::memory) {
    fd_ = ::memfd_create("ratekit-spill", MFD_CLOEXEC);
    return fd_ >= 0;
  }
  FILE* file = std::tmpfile();
  if (!file) return false;
  fd_ = ::dup(::fileno(file));
  std::fclose(file);  // the duplicate keeps the unlinked file
  return fd_ >= 0;
}

void spill_file::write(const void* data, size_t size, uint64_t at) {
  const auto* bytes = static_cast<const char*>(data);
  while (size > 0) {  // a large write may be cut short
    const ssize_t done = ::pwrite(fd_, bytes, size, off_t(at));
    if (done <= 0)
      throw user_error("cannot write the temporary file of " + what_ + ": " +
                       std::string(done < 0 ? std::strerror(errno) : "the disk is full"));
    bytes += done, size -= size_t(done), at += uint64_t(done);
  }
}

void spill_file::read(void* data, size_t size, uint64_t at) const {
  auto* bytes = static_cast<char*>(data);
  while (size > 0) {
    const ssize_t done = ::pread(fd_, bytes, size, off_t(at));
    if (done <= 0)
      throw user_error("cannot read the temporary file of " + what_ + ": " +
                       std::string(done < 0 ? std::strerror(errno) : "it ends early"));
    bytes += done, size -= size_t(done), at += uint64_t(done);
  }
}

}  // namespace ratekit
