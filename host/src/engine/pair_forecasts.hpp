// The ranked metrics' forecasts on a thread of their own, beside the rating.
#pragma once

#include <ratekit/host/engine/metrics.hpp>
#include <ratekit/host/engine/recycling_queue.hpp>
#include <ratekit/host/plugin/plugin.hpp>

#include <exception>
#include <memory>
#include <optional>
#include <thread>
#include <vector>

namespace ratekit {

// The engine hands over each rated event's entries with their players' states
// before it, and rates the next while the pairs are forecast here with a
// second instance of the model (an instance is called from one thread at a
// time). The figures are those of a pair_accumulator fed in the events' order.
class pair_forecasts {
 public:
  // A plugin's failure on an event's forecasts (its index in the order given).
  struct failure {
    size_t event;
    plugin_error error;
  };

  // `fields`: the model's state fields, the rating first; `budget` and `resident` as pair_accumulator's.
  pair_forecasts(std::shared_ptr<const plugin> source, const std::vector<double>& params, size_t fields,
                 int64_t budget = pair_accumulator::default_budget, size_t resident = size_t(1) << 20);
  ~pair_forecasts();
  pair_forecasts(const pair_forecasts&) = delete;
  pair_forecasts& operator=(const pair_forecasts&) = delete;

  // Event `event` of n entries from the run's entry `first`, rows[i * fields + f] entry i's state
  // before it. Waits while a few events are queued; throws `failure` once an earlier one failed
  // in the plugin, or what the host threw (its temporary file, memory).
  void add(size_t event, const rk_entry* entries, uint64_t first, size_t n, const double* rows);
  // Once every event is added: the metrics on the final ratings (throws `failure`).
  nlohmann::json finish(const double* final_ratings);
  // The pairs forecast, and the sample's level (once finished).
  int64_t drawn() const { return pairs_.drawn(); }
  int level() const { return pairs_.level(); }

 private:
  struct job {
    size_t event = 0;
    uint64_t first = 0;
    std::vector<rk_entry> entries;
    std::vector<double> rows;
  };
  void run();
  void throw_if_failed() const;

  static constexpr size_t queued_at_most = 8;
  const model model_;
  const size_t fields_;
  pair_accumulator pairs_;  // the thread's alone until finish()
  recycling_queue<job> queue_;
  // Set by the thread before it gives its job back and stops the queue.
  std::optional<failure> failed_;  // the plugin's
  std::exception_ptr other_;       // anything else
  std::thread thread_;
};

}  // namespace ratekit
