// A file written by a thread of its own: the caller fills its next buffer while
// the last one goes to the disk. The kernel's copy of history.csv into the page
// cache costs about as much as formatting its rows, so the two overlap. Memory:
// three buffers, whose capacity is handed back and forth, never reallocated.
#pragma once

#include <condition_variable>
#include <exception>
#include <filesystem>
#include <mutex>
#include <string>
#include <thread>

namespace ratekit {

class background_file {
 public:
  explicit background_file(std::filesystem::path file);  // created by the first write
  ~background_file();  // stops the thread; a file not closed stays as written so far
  background_file(const background_file&) = delete;
  background_file& operator=(const background_file&) = delete;

  // Queues `text` and hands back an empty buffer (with its capacity) to fill
  // next; waits while the one before is still being written. Throws a
  // user_error naming the file for an earlier write that failed.
  void write(std::string& text);
  // Waits for every byte and closes the file; throws as write() does.
  void close();

 private:
  void run();
  void stop();

  const std::filesystem::path file_;
  int fd_ = -1;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::string queued_;
  bool has_queued_ = false, writing_ = false, done_ = false;
  std::exception_ptr error_;
  std::thread thread_;
};

}  // namespace ratekit
