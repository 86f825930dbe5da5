#include <ratekit/host/output/sink_thread.hpp>

namespace ratekit {

// A copy of what the engine handed over: its buffers are reused once take() returns.
struct sink_thread::batch {
  std::vector<rk_game> games;
  std::vector<rk_game_out> out;
  std::vector<int32_t> dates, periods;
  std::vector<double> before_a, before_b, after_a, after_b, state;
  std::vector<uint64_t> ends;
  rated_games view;  // over the vectors above

  void copy(rated_games& g) {
    const size_t n = g.count;
    games.assign(g.games, g.games + n);
    out.assign(g.out, g.out + n);
    dates.assign(g.dates, g.dates + n);
    periods.assign(g.periods, g.periods + n);
    before_a.assign(g.before_a, g.before_a + n), before_b.assign(g.before_b, g.before_b + n);
    after_a.assign(g.after_a, g.after_a + n), after_b.assign(g.after_b, g.after_b + n);
    state.assign(g.state, g.state + 2 * n * g.shown);
    if (g.ends) ends.assign(g.ends, g.ends + g.period_count);
    view.first = g.first, view.count = n;
    view.games = games.data(), view.out = out.data(), view.dates = dates.data(), view.periods = periods.data();
    view.before_a = before_a.data(), view.before_b = before_b.data();
    view.after_a = after_a.data(), view.after_b = after_b.data();
    view.state = state.data(), view.shown = g.shown;
    view.ends = g.ends ? ends.data() : nullptr, view.period_count = g.period_count;
    view.instance = nullptr;  // the engine's thread is calling it
    view.new_names.swap(g.new_names);
    view.new_period_names.swap(g.new_period_names);
  }
};

sink_thread::sink_thread(rated_games_sink& sink) : sink_(sink), queue_(in_flight), thread_([this] { run(); }) {}

sink_thread::~sink_thread() {
  queue_.stop();
  thread_.join();
}

void sink_thread::take(rated_games& g) {
  std::unique_ptr<batch> b = queue_.empty();
  if (!b) std::rethrow_exception(error_);  // stopped only by the sink's failure while this lives
  b->copy(g);
  queue_.push(std::move(b));
}

void sink_thread::take(rated_event& event) {
  finish();
  sink_.take(event);
}

void sink_thread::run() {
  while (std::unique_ptr<batch> b = queue_.pop()) {
    std::exception_ptr error;
    try {
      sink_.take(b->view);
    } catch (...) {
      error = std::current_exception();
    }
    b->view.new_names.clear();
    b->view.new_period_names.clear();
    if (error) error_ = error;  // before the batch goes back: finish() may be waiting for it
    queue_.give_back(std::move(b));
    if (error) return queue_.stop();
  }
}

void sink_thread::finish() {
  queue_.wait_idle();
  if (error_) std::rethrow_exception(error_);
}

}  // namespace ratekit
