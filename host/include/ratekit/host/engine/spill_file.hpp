// An unlinked temporary file that records too many to keep in memory are
// written to and read back from by offset (pwrite/pread): the hindsight metric's
// blocks past a million games, the report's per-side records. Created on the
// first open(); gone with the object (or the process), whatever happens.
// A run that keeps its outputs in memory (the Python module's, without a folder)
// spills into a file of memory alone (memfd): no folder holds it, and its pages
// count as the run's memory, which such a caller asked for.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>

namespace ratekit {

enum class spill_place { temporary_file, memory };

class spill_file {
 public:
  // `what` names the file's owner in errors: "the hindsight metric".
  explicit spill_file(std::string what, spill_place place = spill_place::temporary_file)
      : what_(std::move(what)), place_(place) {}
  ~spill_file();
  spill_file(const spill_file&) = delete;
  spill_file& operator=(const spill_file&) = delete;

  // Creates the file unless it exists; false when no temporary file can be made.
  bool open();
  bool is_open() const { return fd_ >= 0; }
  // `size` bytes at byte `at`; throw a user_error naming the owner when the disk refuses.
  void write(const void* data, size_t size, uint64_t at);
  void read(void* data, size_t size, uint64_t at) const;

 private:
  const std::string what_;
  const spill_place place_;
  int fd_ = -1;
};

}  // namespace ratekit
