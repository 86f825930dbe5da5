// cpp-httplib gives each connection a thread for as long as it stays open,
// idle ones too. A fixed pool of threads would let a few hundred idle
// connections (or clients that send nothing) hold every thread while the
// others wait in the queue; this pool starts a thread whenever none is free,
// up to a limit, so a new client is answered at once while the idle ones wait
// out their timeout on threads of their own.
#pragma once

#include <httplib.h>

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace ratekit::serve {

class connection_threads final : public httplib::TaskQueue {
 public:
  explicit connection_threads(size_t limit) : limit_(limit) {}
  ~connection_threads() override { shutdown(); }
  void enqueue(std::function<void()> job) override;
  void shutdown() override;  // the connections queued or open finish first

 private:
  void work();
  const size_t limit_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> jobs_;
  std::vector<std::thread> threads_;
  size_t idle_ = 0;
  bool stopping_ = false;
};

}  // namespace ratekit::serve
