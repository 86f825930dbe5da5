#include "pair_forecasts.hpp"

namespace ratekit {

pair_forecasts::pair_forecasts(std::shared_ptr<const plugin> source, const std::vector<double>& params,
                               size_t fields, int64_t budget, size_t resident)
    : model_(std::move(source), params), fields_(fields), pairs_(budget, resident), thread_([this] { run(); }) {}

pair_forecasts::~pair_forecasts() {
  {
    std::lock_guard lock(mutex_);
    closing_ = true;
  }
  changed_.notify_all();
  thread_.join();
}

void pair_forecasts::add(size_t event, const rk_entry* entries, uint64_t first, size_t n, const double* rows) {
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [&] { return queue_.size() < queued_at_most || failed_ || other_; });
  throw_if_failed();
  job j;
  if (!spare_.empty()) j = std::move(spare_.back()), spare_.pop_back();
  j.event = event, j.first = first;
  j.entries.assign(entries, entries + n);
  j.rows.assign(rows, rows + n * fields_);
  queue_.push_back(std::move(j));
  changed_.notify_all();
}

nlohmann::json pair_forecasts::finish(const double* final_ratings) {
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [&] { return (queue_.empty() && !working_) || failed_ || other_; });
  throw_if_failed();
  return pairs_.finish(final_ratings);
}

void pair_forecasts::throw_if_failed() {
  if (failed_) throw *failed_;
  if (other_) std::rethrow_exception(other_);
}

void pair_forecasts::run() {
  std::unique_lock lock(mutex_);
  for (;;) {
    changed_.wait(lock, [&] { return !queue_.empty() || closing_; });
    if (closing_ || failed_ || other_) return;
    job j = std::move(queue_.front());
    queue_.pop_front();
    working_ = true;
    lock.unlock();
    std::optional<failure> failed;
    std::exception_ptr other;
    try {
      pairs_.add_event(j.entries.data(), j.first, j.entries.size(), [&](size_t a, size_t b) {
        const double p = model_.expect(&j.rows[a * fields_], &j.rows[b * fields_], 0.0);
        if (!(p >= 0 && p <= 1)) throw plugin_error("expected score " + std::to_string(p) + " outside [0, 1]", -1);
        return p;
      });
    } catch (const plugin_error& e) {
      failed.emplace(failure{j.event, e});
    } catch (...) {  // the host's own trouble (the log's temporary file, memory): rethrown as it is
      other = std::current_exception();
    }
    lock.lock();
    working_ = false;
    if (failed) failed_ = std::move(failed);
    if (other) other_ = other;
    spare_.push_back(std::move(j));
    changed_.notify_all();
  }
}

}  // namespace ratekit
