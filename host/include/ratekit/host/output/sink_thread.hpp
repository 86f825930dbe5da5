// A sink fed on a thread of its own: take() copies the engine's batch and
// returns, so the rating loop waits for the sink (history.csv's formatting, the
// database's inserts) only when `in_flight` batches are already queued.
// The sink is called on that thread only, one batch at a time, in order; an
// exception it throws comes back, as itself, from the next take() or finish().
// It must not call the model's instance (rated_games::instance is null for it).
#pragma once

#include <ratekit/host/engine/engine.hpp>

#include <condition_variable>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace ratekit {

class sink_thread final : public rated_games_sink {
 public:
  explicit sink_thread(rated_games_sink& sink);
  ~sink_thread() override;  // stops the thread; batches not yet taken are dropped
  sink_thread(const sink_thread&) = delete;
  sink_thread& operator=(const sink_thread&) = delete;

  void take(rated_games& games) override;
  unsigned streams() const override { return sink_.streams(); }
  // Waits until the sink has taken every batch; rethrows what it threw.
  void finish();

 private:
  struct batch;
  void run();
  void stop();

  static constexpr size_t in_flight = 1;  // batches queued before take() waits

  rated_games_sink& sink_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<std::unique_ptr<batch>> full_;
  std::vector<std::unique_ptr<batch>> empty_;  // taken, their buffers kept for the next
  size_t made_ = 0;
  bool busy_ = false, done_ = false;
  std::exception_ptr error_;
  std::thread thread_;
};

}  // namespace ratekit
