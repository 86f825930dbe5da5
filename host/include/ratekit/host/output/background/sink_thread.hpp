// A sink fed on a thread of its own: take() copies the engine's batch (or ranked
// event: those are gathered, many to a batch, and handed on as a batch fills,
// before a batch of games, or at finish()) and returns, so the rating loop waits for the sink (history.csv's
// formatting, the database's inserts) only while the sink still takes the one before.
// The sink is called on that thread only, one batch at a time, in order; an
// exception it throws comes back, as itself, from the next take() or finish().
// It must not call the model's instance (rated_games::instance is null for it).
#pragma once

#include <ratekit/host/engine/engine.hpp>
#include <ratekit/host/engine/recycling_queue.hpp>

#include <exception>
#include <thread>

namespace ratekit {

class sink_thread final : public rated_games_sink {
 public:
  explicit sink_thread(rated_games_sink& sink);
  ~sink_thread() override;  // stops the thread; batches not yet taken are dropped
  sink_thread(const sink_thread&) = delete;
  sink_thread& operator=(const sink_thread&) = delete;

  void take(rated_games& games) override;
  unsigned streams() const override { return sink_.streams(); }
  void take(rated_event& event) override;  // copied likewise
  unsigned streams_events() const override { return sink_.streams_events(); }
  // On the caller's thread, at once: the sink's checks before rating read none of what take() writes.
  void before_rating(const rated_games& window) override { sink_.before_rating(window); }
  // Waits until the sink has taken every batch; rethrows what it threw.
  void finish();

 private:
  struct batch;
  std::unique_ptr<batch> empty_batch();  // rethrows the sink's failure
  void push_events();  // hands on the events gathered, if any
  void run();

  // One batch filled while the sink takes the one before: two, since events fill theirs over many calls.
  static constexpr size_t in_flight = 2;
  static constexpr size_t entries_per_batch = size_t(1) << 14, events_per_batch = 2048;

  rated_games_sink& sink_;
  recycling_queue<batch> queue_;
  std::unique_ptr<batch> events_;  // events gathered and not yet handed on
  std::exception_ptr error_;  // what the sink threw; set before the queue stops
  std::thread thread_;
};

}  // namespace ratekit
