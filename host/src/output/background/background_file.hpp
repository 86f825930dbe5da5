// A file written by a thread of its own: the caller fills its next buffer while
// the last one goes to the disk. Written with direct I/O where the file system
// has it: the kernel's copy of a file into the page cache costs here about
// 2.3 ns a byte of system time (more than formatting history.csv's rows), a
// direct write a tenth of that. Memory: three buffers, whose capacity is
// handed back and forth, and one aligned buffer of the same size for direct I/O.
// The file is flushed to disk when closed.
#pragma once

#include <ratekit/host/output/background/output_stream.hpp>

#include <condition_variable>
#include <exception>
#include <filesystem>
#include <mutex>
#include <string>
#include <thread>

namespace ratekit {

class background_file final : public output_stream {
 public:
  explicit background_file(std::filesystem::path file);  // created by the first write
  ~background_file() override;  // stops the thread; a file not closed stays as written so far
  background_file(const background_file&) = delete;
  background_file& operator=(const background_file&) = delete;

  // Queues `text` and hands back an empty buffer (with its capacity) to fill
  // next; waits while the one before is still being written. Throws a
  // user_error naming the file for an earlier write that failed.
  void write(std::string& text) override;
  // Waits for every byte, flushes it to disk and closes the file; throws as write() does.
  void close() override;

 private:
  void run();
  void stop();
  void open();
  void buffered();  // direct I/O off, for the tail or where it is refused
  void write_all(const char* data, size_t size);
  void write_direct(const std::string& text);
  void write_blocks();  // the whole blocks staged, directly

  static constexpr size_t block = 4096;  // the alignment direct I/O asks of offsets, lengths and memory
  static constexpr size_t direct_write = size_t(4) << 20;  // gathered before a direct write

  const std::filesystem::path file_;
  int fd_ = -1;
  bool direct_ = false;
  char* staged_ = nullptr;  // aligned to `block`: the text not yet written directly
  size_t staged_size_ = 0, staged_capacity_ = 0;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::string queued_;
  bool has_queued_ = false, writing_ = false, done_ = false;
  std::exception_ptr error_;
  std::thread thread_;
};

}  // namespace ratekit
