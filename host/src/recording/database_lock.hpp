// The lock a recording holds on a database file for its whole run: SQLite's
// own lock is taken only when writing starts, and a second run must not even
// begin to record beside this one. A file this run created goes again unless
// the run committed: a failed first run leaves no empty database behind.
#pragma once

#include <atomic>
#include <filesystem>

namespace ratekit {

class database_lock {
 public:
  // Opens `file`, created when it does not exist; refuses it (user_error) while another run holds it.
  explicit database_lock(const std::filesystem::path& file);
  ~database_lock();
  database_lock(const database_lock&) = delete;
  database_lock& operator=(const database_lock&) = delete;
  // The run committed: the file stays.
  void keep() { kept_ = true; }
  // For a process ended mid-run: a file this run created goes, with its journal.
  void abandon() const noexcept;
  // abandon() of the lock the process holds, if any (one recording per process).
  static void abandon_living() noexcept;

 private:
  bool still_named() const;
  std::filesystem::path file_;
  int fd_ = -1;
  bool created_ = false;
  std::atomic<bool> kept_{false};  // read by abandon(), on another thread
};

}  // namespace ratekit
