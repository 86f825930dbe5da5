#include "pair_forecasts.hpp"

namespace ratekit {

pair_forecasts::pair_forecasts(std::shared_ptr<const plugin> source, const std::vector<double>& params,
                               size_t fields, int64_t budget, size_t resident)
    : model_(std::move(source), params),
      fields_(fields),
      pairs_(budget, resident),
      queue_(queued_at_most),
      thread_([this] { run(); }) {}

pair_forecasts::~pair_forecasts() {
  queue_.stop();
  thread_.join();
}

void pair_forecasts::add(size_t event, const rk_entry* entries, uint64_t first, size_t n, const double* rows) {
  std::unique_ptr<job> j = queue_.empty();
  if (!j) throw_if_failed();  // stopped only by a failure while this lives
  j->event = event, j->first = first;
  j->entries.assign(entries, entries + n);
  j->rows.assign(rows, rows + n * fields_);
  queue_.push(std::move(j));
}

nlohmann::json pair_forecasts::finish(const double* final_ratings) {
  queue_.wait_idle();
  throw_if_failed();
  return pairs_.finish(final_ratings);
}

void pair_forecasts::throw_if_failed() const {
  if (failed_) throw *failed_;
  if (other_) std::rethrow_exception(other_);
}

void pair_forecasts::run() {
  while (std::unique_ptr<job> j = queue_.pop()) {
    try {
      pairs_.add_event(j->entries.data(), j->first, j->entries.size(), [&](size_t a, size_t b) {
        return model_.expect(&j->rows[a * fields_], &j->rows[b * fields_], 0.0);  // a probability, checked
      });
    } catch (const plugin_error& e) {
      failed_.emplace(failure{j->event, e});
    } catch (...) {  // the host's own trouble (the log's temporary file, memory): rethrown as it is
      other_ = std::current_exception();
    }
    const bool failed = failed_ || other_;
    queue_.give_back(std::move(j));  // after the failure is set: finish() may be waiting for it
    if (failed) return queue_.stop();
  }
}

}  // namespace ratekit
