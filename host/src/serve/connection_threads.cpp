#include "serve/connection_threads.hpp"

namespace ratekit::serve {

void connection_threads::enqueue(std::function<void()> job) {
  const std::lock_guard lock(mutex_);
  jobs_.push_back(std::move(job));
  if (idle_ >= jobs_.size() || threads_.size() >= limit_) {
    wake_.notify_one();
    return;
  }
  threads_.emplace_back([this] { work(); });
}

void connection_threads::work() {
  std::unique_lock lock(mutex_);
  for (;;) {
    ++idle_;
    wake_.wait(lock, [this] { return !jobs_.empty() || stopping_; });
    --idle_;
    if (jobs_.empty()) return;  // stopping, and nothing left to answer
    std::function<void()> job = std::move(jobs_.front());
    jobs_.pop_front();
    lock.unlock();
    job();
    lock.lock();
  }
}

void connection_threads::shutdown() {
  std::vector<std::thread> threads;
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
    threads.swap(threads_);
  }
  wake_.notify_all();
  for (auto& t : threads) t.join();
}

}  // namespace ratekit::serve
