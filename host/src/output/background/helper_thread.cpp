#include "output/background/helper_thread.hpp"

#include <utility>

namespace ratekit {

helper_thread::helper_thread() : thread_([this] { run(); }) {}

helper_thread::~helper_thread() {
  {
    const std::lock_guard lock(mutex_);
    done_ = true;
  }
  changed_.notify_all();
  thread_.join();
}

namespace {

// What `task` threw, or null.
std::exception_ptr caught(const std::function<void()>& task) {
  try {
    task();
  } catch (...) {
    return std::current_exception();
  }
  return nullptr;
}

}  // namespace

void helper_thread::both(const std::function<void()>& mine, std::function<void()> theirs) {
  {
    const std::lock_guard lock(mutex_);
    task_ = std::move(theirs);
    busy_ = true;
  }
  changed_.notify_all();
  const std::exception_ptr error = caught(mine);
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [&] { return !busy_; });  // their half may read what the caller's unwinding frees
  std::exception_ptr other = std::exchange(error_, nullptr);
  if (error || other) std::rethrow_exception(error ? error : other);
}

void helper_thread::run() {
  std::unique_lock lock(mutex_);
  for (;;) {
    changed_.wait(lock, [&] { return done_ || busy_; });
    if (!busy_) return;  // done
    lock.unlock();
    const std::exception_ptr error = caught(task_);
    lock.lock();
    error_ = error;
    busy_ = false;
    changed_.notify_all();
  }
}

}  // namespace ratekit
