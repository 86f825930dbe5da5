#include <ratekit/host/diagnostics.hpp>
#include <ratekit/host/outputs.hpp>

#include <cstdio>
#include <fcntl.h>
#include <unistd.h>

namespace ratekit {

void write_file_atomically(const std::filesystem::path& file, std::string_view content) {
  // The temporary lives in the same directory, so the rename cannot cross file systems.
  const std::filesystem::path temp = file.string() + ".tmp-" + std::to_string(::getpid());
  const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) throw user_error(file.string(), 0, 0, "cannot create output file");
  size_t done = 0;
  while (done < content.size()) {
    const ssize_t n = ::write(fd, content.data() + done, content.size() - done);
    if (n <= 0) {
      ::close(fd);
      ::unlink(temp.c_str());
      throw user_error(file.string(), 0, 0, "cannot write output file (disk full?)");
    }
    done += size_t(n);
  }
  if (::fsync(fd) != 0 || ::close(fd) != 0) {
    ::unlink(temp.c_str());
    throw user_error(file.string(), 0, 0, "cannot flush output file");
  }
  if (std::rename(temp.c_str(), file.c_str()) != 0) {
    ::unlink(temp.c_str());
    throw user_error(file.string(), 0, 0, "cannot move output file into place");
  }
}

}  // namespace ratekit
