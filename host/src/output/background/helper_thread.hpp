// A second thread for work split in two: both() does one half on the calling
// thread and the other on the helper, and returns when both are done.
#pragma once

#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>

namespace ratekit {

class helper_thread {
 public:
  helper_thread();
  ~helper_thread();
  helper_thread(const helper_thread&) = delete;
  helper_thread& operator=(const helper_thread&) = delete;

  // Runs `mine` here and `theirs` on the helper; returns once both are done,
  // even when one throws, and then rethrows what was thrown (mine first).
  void both(const std::function<void()>& mine, std::function<void()> theirs);

 private:
  void run();

  std::mutex mutex_;
  std::condition_variable changed_;
  std::function<void()> task_;
  bool busy_ = false, done_ = false;
  std::exception_ptr error_;
  std::thread thread_;
};

}  // namespace ratekit
