#include <ratekit/host/output/files/output_folder.hpp>
#include <ratekit/host/run_end/run_end.hpp>
#include <ratekit/host/output/files/outputs.hpp>
#include <ratekit/host/text/diagnostics.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <string_view>
#include <thread>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace ratekit {
namespace {

namespace fs = std::filesystem;

// Every file a run or the report and chart commands write by default, and those of ratekit compare and tune.
constexpr std::array<std::string_view, 15> own_files{
    "ratings.csv",  "history.csv",  "summary.json", "report.csv", "periods.csv", "report.md",  "report.html", "chart.svg",
    "compare.csv",  "compare.json", "compare.html", "tuned.csv",  "tune.json",   "tuned.yaml", "tune.svg"};

bool is_own(const fs::directory_entry& e) {
  const std::string name = e.path().filename().string();
  // An output, or the temporary a killed writer left of one.
  const auto temporary = read_temporary_name(name);
  const std::string_view file = temporary ? temporary->file : std::string_view(name);
  return std::find(own_files.begin(), own_files.end(), file) != own_files.end() && e.is_regular_file() &&
         !e.is_symlink();
}

void refuse_foreign_files(const fs::path& dir) {
  for (const auto& e : fs::directory_iterator(dir))
    if (!is_own(e))
      throw user_error(dir.string(), 0, 0,
                       "the output folder holds '" + e.path().filename().string() +
                           "', which ratekit does not write; a run replaces the whole folder, so choose an empty "
                           "folder or one a run wrote (--out)");
}

std::string staging_prefix(const fs::path& dir) { return std::string(".").append(dir.filename().string()).append(".new-"); }

// Staging folders of runs killed before they finished: nobody else holds the
// lock, so every one of them is stale. Only the exact name: a folder `a.new-b`
// beside `a` stages its runs as `.a.new-b.new-XXXXXX`, which is not `a`'s.
void remove_leftovers(const fs::path& dir) {
  const std::string prefix = staging_prefix(dir);
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir.parent_path(), ec)) {
    const std::string name = e.path().filename().string();
    if (name.rfind(prefix, 0) == 0 && is_mktemp_suffix(std::string_view(name).substr(prefix.size())) &&
        e.is_directory() && !e.is_symlink())
      fs::remove_all(e.path(), ec);
  }
}

// Locks the folder at `dir` (flock `operation`, never waiting): the open
// folder's descriptor, or -1 when someone else holds it.
int lock_folder(const fs::path& dir, int operation) {
  for (;;) {
    const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) throw user_error(dir.string(), 0, 0, std::string("cannot open output directory: ") + std::strerror(errno));
    if (::flock(fd, operation | LOCK_NB) != 0) {
      ::close(fd);
      return -1;
    }
    // The folder may have been swapped by the run that held the lock: lock the one now at the path.
    struct stat locked {}, current {};
    if (::fstat(fd, &locked) == 0 && ::stat(dir.c_str(), &current) == 0 && locked.st_dev == current.st_dev &&
        locked.st_ino == current.st_ino)
      return fd;
    ::close(fd);
  }
}

std::atomic<output_folder*> living{nullptr};  // one run per process; read by an interrupt's thread
// Outlives the folder: an interrupt taken after it is gone finds the run's outputs in place.
std::atomic<bool> run_published{false};

void sync_dir(const fs::path& dir) {
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

// `dir` and those of its parents that do not exist yet, deepest first: what creating it makes.
std::vector<fs::path> missing_folders(const fs::path& dir) {
  std::error_code ec;
  std::vector<fs::path> missing;
  for (fs::path p = fs::absolute(dir, ec).lexically_normal(); p.has_relative_path() && !fs::exists(p, ec);
       p = p.parent_path())
    if (!p.filename().empty()) missing.push_back(p);
  return missing;
}

// The folder is replaced by a rename beside it, which no mount point takes.
void refuse_mount_point(const fs::path& dir) {
  struct stat self {}, parent {};
  if (::stat(dir.c_str(), &self) != 0 || ::stat(dir.parent_path().c_str(), &parent) != 0 || self.st_dev == parent.st_dev)
    return;
  throw user_error(dir.string(), 0, 0,
                   "the output folder is a mount point, which a run cannot replace whole (it writes the new "
                   "outputs beside it and swaps the two); give a folder inside it, such as " +
                       (dir / "out").string());
}

// The new folder as the user had the old one: its owner and group where this
// user may give them (else its group, else this user's), and its permissions.
void keep_access(const fs::path& old, const fs::path& made) {
  struct stat s {};
  if (::stat(old.c_str(), &s) != 0) return;
  [[maybe_unused]] const bool given =
      ::chown(made.c_str(), s.st_uid, s.st_gid) == 0 || ::chown(made.c_str(), uid_t(-1), s.st_gid) == 0;
  ::chmod(made.c_str(), s.st_mode & 07777);
}

}  // namespace

output_folder::output_folder(const fs::path& dir) {
  std::error_code ec;
  created_ = missing_folders(dir);
  fs::create_directories(dir, ec);
  if (ec) throw user_error(dir.string(), 0, 0, "cannot create output directory: " + ec.message());
  dir_ = fs::weakly_canonical(fs::absolute(dir), ec);  // a link to a folder: the folder is replaced, not the link
  if (dir_.filename().empty()) dir_ = dir_.parent_path();
  if (created_.empty()) refuse_mount_point(dir_);
  lock_ = lock_folder(dir_, LOCK_EX);
  if (lock_ < 0)
    throw user_error(dir_.string(), 0, 0, "another ratekit run or command is using this output folder; run again when "
                                          "it has finished");
  try {
    refuse_foreign_files(dir_);
    remove_leftovers(dir_);
    std::string name = (dir_.parent_path() / staging_prefix(dir_)).string() + "XXXXXX";
    if (!::mkdtemp(name.data()))
      throw user_error(dir_.string(), 0, 0, std::string("cannot create a folder beside it: ") + std::strerror(errno));
    staging_ = name;
    // Held open: the folder's inode cannot be reused by another made at its path.
    staging_fd_ = ::open(staging_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (staging_fd_ < 0)
      throw user_error(staging_.string(), 0, 0, std::string("cannot open the folder just made: ") + std::strerror(errno));
    living = this;
    run_published = false;
    if (created_.empty()) {
      keep_access(dir_, staging_);
    } else {
      const mode_t mask = ::umask(0);  // mkdtemp makes 0700; the folder is as readable as any the user makes
      ::umask(mask);
      ::chmod(staging_.c_str(), 0777 & ~mask);
    }
  } catch (...) {
    ::close(lock_);
    if (!staging_.empty()) fs::remove(staging_, ec);
    for (const fs::path& made : created_) fs::remove(made, ec);
    throw;
  }
}

output_folder::~output_folder() {
  const std::lock_guard ending(run_end_lock());  // not while an interrupt cleans up
  clean_up();
  ::close(staging_fd_);
  ::close(lock_);
  living = nullptr;
}

void output_folder::clean_up() noexcept {
  std::error_code ec;
  // An interrupted run's threads may still be adding files to it: removed until it is gone.
  for (int tries = 0; !staging_.empty() && tries < 200; ++tries) {
    fs::remove_all(staging_, ec);
    if (!ec) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  if (!published_)  // only while empty: a refused run leaves no trace
    for (const fs::path& made : created_) fs::remove(made, ec);
}

bool output_folder::abandon_living() noexcept {
  if (output_folder* const folder = living) folder->clean_up();
  return run_published;
}

void output_folder::check_staging() const {
  struct stat held {}, now {};
  if (::fstat(staging_fd_, &held) != 0 || ::stat(staging_.c_str(), &now) != 0 || now.st_dev != held.st_dev ||
      now.st_ino != held.st_ino)
    throw user_error(dir_.string(), 0, 0,
                     "the folder this run was writing its outputs into (" + staging_.string() +
                         ") was removed or replaced while it ran, by another program; nothing was changed: run again");
}

void output_folder::exchange() {
  // One rename swaps the two folders: there is no moment without an output folder.
  if (::renameat2(AT_FDCWD, staging_.c_str(), AT_FDCWD, dir_.c_str(), RENAME_EXCHANGE) != 0)
    throw user_error(dir_.string(), 0, 0, std::string("cannot replace the output folder: ") + std::strerror(errno));
  sync_dir(dir_.parent_path());
}

void output_folder::publish() {
  // The lock follows the new folder, so a run waiting on the path sees it held.
  const int fd = ::open(staging_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd >= 0 && ::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    ::close(fd);
    throw user_error(dir_.string(), 0, 0, "cannot lock the new output folder");
  }
  exchange();
  ::close(lock_);
  lock_ = fd;
  published_ = run_published = true;
}

void output_folder::unpublish() {
  exchange();
  published_ = run_published = false;
}

output_folder_reader::output_folder_reader(const fs::path& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return;  // the command says what is missing
  lock_ = lock_folder(dir, LOCK_SH);
  if (lock_ < 0)
    throw user_error(dir.string(), 0, 0,
                     "a ratekit run is writing this output folder; run again when it has finished");
}

output_folder_reader::~output_folder_reader() {
  if (lock_ >= 0) ::close(lock_);
}

}  // namespace ratekit
