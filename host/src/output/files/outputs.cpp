#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/output/files/outputs.hpp>
#include <ratekit/host/output/files/output_text.hpp>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <set>
#include <sys/stat.h>
#include <unistd.h>

namespace ratekit {

namespace {

const std::string temp_marker = ".tmp-";

// Temporaries of a run that was killed before renaming them, of one of our
// files, whose process is gone. A live writer's are left alone.
void remove_stale_temps(const std::vector<output_file>& files) {
  std::set<std::string, std::less<>> names;
  std::set<std::filesystem::path> dirs;
  for (const auto& f : files) {
    names.insert(f.path.filename().string());
    dirs.insert(f.path.parent_path().empty() ? "." : f.path.parent_path());
  }
  for (const auto& dir : dirs) {
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(dir, ec)) {
      const std::string name = e.path().filename().string();
      const auto temporary = read_temporary_name(name);
      if (!temporary || names.find(temporary->file) == names.end()) continue;
      if (::kill(pid_t(temporary->pid), 0) != 0 && errno == ESRCH) std::filesystem::remove(e.path(), ec);
    }
  }
}

// Creates a new temporary beside `file`: a name nobody can guess, opened with
// O_EXCL, so a planted file or symbolic link is never written through.
std::filesystem::path write_temp(const std::filesystem::path& file, std::string_view content) {
  std::string name = file.string() + temp_marker + std::to_string(::getpid()) + "-XXXXXX";
  const int fd = ::mkostemp(name.data(), O_CLOEXEC);
  if (fd < 0) throw user_error(file.string(), 0, 0, std::string("cannot create output file: ") + std::strerror(errno));
  const mode_t mask = ::umask(0);  // mkostemp makes 0600; outputs are as readable as any file the user makes
  ::umask(mask);
  ::fchmod(fd, 0666 & ~mask);
  size_t done = 0;
  while (done < content.size()) {
    const ssize_t n = ::write(fd, content.data() + done, content.size() - done);
    if (n <= 0) {
      const int error = n < 0 ? errno : ENOSPC;  // a write of nothing: no room
      ::close(fd);
      ::unlink(name.c_str());
      throw user_error(file.string(), 0, 0, std::string("cannot write output file: ") + std::strerror(error));
    }
    done += size_t(n);
  }
  // On disk before the rename, so even a power cut cannot leave the new name empty.
  const int unsynced = ::fsync(fd) == 0 ? 0 : errno;
  const int unclosed = ::close(fd) == 0 ? 0 : errno;
  if (unsynced || unclosed) {
    ::unlink(name.c_str());
    throw user_error(file.string(), 0, 0,
                     std::string("cannot flush output file: ") + std::strerror(unsynced ? unsynced : unclosed));
  }
  return name;
}

void sync_output_dir(const std::filesystem::path& dir) {
  const int fd = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;  // best effort: the renames are done either way
  ::fsync(fd);
  ::close(fd);
}

}  // namespace

bool is_mktemp_suffix(std::string_view s) {
  return s.size() == 6 && std::all_of(s.begin(), s.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)); });
}

std::optional<temporary_name> read_temporary_name(std::string_view name) {
  const size_t at = name.rfind(temp_marker);
  if (at == std::string_view::npos) return std::nullopt;
  const std::string_view rest = name.substr(at + temp_marker.size());
  const size_t dash = rest.find('-');
  const std::string_view pid = rest.substr(0, dash);
  if (dash == std::string_view::npos || pid.empty() || pid.size() > 9 ||
      !std::all_of(pid.begin(), pid.end(), [](char c) { return c >= '0' && c <= '9'; }) ||
      !is_mktemp_suffix(rest.substr(dash + 1)))
    return std::nullopt;
  return temporary_name{name.substr(0, at), std::stol(std::string(pid))};
}

void write_files_atomically(const std::vector<output_file>& files) {
  remove_stale_temps(files);
  std::vector<std::filesystem::path> temps;
  auto drop_temps = [&] {
    for (const auto& t : temps) ::unlink(t.c_str());
  };
  try {
    for (const auto& f : files) temps.push_back(write_temp(f.path, f.content));
  } catch (...) {
    drop_temps();
    throw;
  }
  // Every temporary is complete before the first rename: the window in which a
  // kill leaves old and new files side by side is a few system calls long.
  // rename replaces a symbolic link at the target itself, never what it points to.
  for (size_t i = 0; i < files.size(); ++i)
    if (std::rename(temps[i].c_str(), files[i].path.c_str()) != 0) {
      drop_temps();
      throw user_error(files[i].path.string(), 0, 0, "cannot move output file into place");
    }
  std::set<std::filesystem::path> dirs;
  for (const auto& f : files) dirs.insert(f.path.parent_path());
  for (const auto& d : dirs) sync_output_dir(d);
}

void write_file_atomically(const std::filesystem::path& file, std::string_view content) {
  write_files_atomically({{file, content}});
}

void write_texts(const std::filesystem::path& dir, const std::vector<output_text>& texts) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw user_error(dir.string(), 0, 0, "cannot create output directory: " + ec.message());
  std::vector<output_file> files;
  for (const output_text& t : texts) files.push_back({dir / t.name, t.content});
  write_files_atomically(files);
}

}  // namespace ratekit
