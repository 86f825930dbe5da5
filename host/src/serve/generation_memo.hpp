// What the server has read from the database, kept while the database's
// generation (its runs: a run recorded changes it) stays the same. A request
// that meets another generation empties it, so nothing outlives the run that
// changed it. A value many requests ask for at once is read once, by the first
// of them; the others wait for it.
#pragma once

#include <deque>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace ratekit::serve {

template <class T>
class generation_memo {
 public:
  using value = std::shared_ptr<const T>;
  // `capacity`: values kept at most; the oldest read goes first.
  explicit generation_memo(size_t capacity) : capacity_(capacity) {}

  // The value of `key` in `generation`, built by `build` when not kept.
  // What `build` throws reaches every request that waited for it, and the key is read again next time.
  value get(const std::string& generation, const std::string& key, const std::function<T()>& build) {
    std::promise<value> promise;
    std::shared_future<value> kept;
    bool mine = false;
    {
      const std::lock_guard lock(mutex_);
      if (generation != generation_) {
        entries_.clear();
        order_.clear();
        generation_ = generation;
      }
      if (const auto at = entries_.find(key); at != entries_.end()) {
        kept = at->second;
      } else {
        mine = true;
        kept = promise.get_future().share();
        entries_.emplace(key, kept);
        order_.push_back(key);
        if (order_.size() > capacity_) {
          entries_.erase(order_.front());
          order_.pop_front();
        }
      }
    }
    if (mine) {
      try {
        promise.set_value(std::make_shared<const T>(build()));
      } catch (...) {
        promise.set_exception(std::current_exception());
        forget(generation, key);
      }
    }
    return kept.get();
  }

 private:
  void forget(const std::string& generation, const std::string& key) {
    const std::lock_guard lock(mutex_);
    if (generation != generation_ || !entries_.erase(key)) return;
    order_.erase(std::find(order_.begin(), order_.end(), key));
  }

  const size_t capacity_;
  std::mutex mutex_;
  std::string generation_;
  std::map<std::string, std::shared_future<value>> entries_;
  std::deque<std::string> order_;
};

}  // namespace ratekit::serve
