// Items handed from one thread to another through a short queue, each given
// back once used so its buffers are filled again: at most `in_flight` items
// exist, and nothing is allocated once they do. The input's pieces go to the
// engine this way, and the rated games to the outputs on threads of their own.
#pragma once

#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <vector>

namespace ratekit {

template <class T>
class recycling_queue {
 public:
  explicit recycling_queue(size_t in_flight) : in_flight_(in_flight) {}

  // Producer: an item to fill (given back or new), waiting while all are in
  // use; nullptr once stopped.
  std::unique_ptr<T> empty() {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return stopped_ || !empty_.empty() || made_ < in_flight_; });
    if (stopped_) return nullptr;
    if (empty_.empty()) {
      ++made_;
      return std::make_unique<T>();
    }
    std::unique_ptr<T> item = std::move(empty_.back());
    empty_.pop_back();
    return item;
  }
  void push(std::unique_ptr<T> item) { with_lock([&] { full_.push_back(std::move(item)); }); }
  // Producer: nothing more comes; what is queued is still taken.
  void finish() { with_lock([&] { finished_ = true; }); }

  // Consumer: the next item, waiting for it; nullptr once finished and taken, or stopped.
  std::unique_ptr<T> pop() {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return stopped_ || finished_ || !full_.empty(); });
    if (stopped_ || full_.empty()) return nullptr;
    std::unique_ptr<T> item = std::move(full_.front());
    full_.pop_front();
    return item;
  }
  void give_back(std::unique_ptr<T> item) { with_lock([&] { empty_.push_back(std::move(item)); }); }

  // Either side: nothing more is handed over, what is queued is dropped.
  void stop() {
    with_lock([&] {
      stopped_ = true;
      full_.clear();
    });
  }
  // Producer: waits until every item it pushed was given back (or the queue stopped).
  void wait_idle() {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return stopped_ || empty_.size() == made_; });
  }

 private:
  template <class F>
  void with_lock(F change) {
    {
      const std::lock_guard lock(mutex_);
      change();
    }
    changed_.notify_all();
  }

  const size_t in_flight_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<std::unique_ptr<T>> full_;
  std::vector<std::unique_ptr<T>> empty_;
  size_t made_ = 0;
  bool finished_ = false, stopped_ = false;
};

}  // namespace ratekit
