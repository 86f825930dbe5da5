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
    view.rater = nullptr;  // the engine's thread is calling it
    view.new_names.swap(g.new_names);
    view.new_period_names.swap(g.new_period_names);
    is_event = false;
  }

  // A ranked event instead, in the same item.
  bool is_event = false;
  event_info info;
  std::vector<rk_entry> entries;
  std::vector<rk_entry_out> entry_out;
  std::vector<double> state_before, state_after;  // every field besides the rating
  rated_event event;  // over the vectors above

  void copy(rated_event& e) {
    const size_t n = e.count;
    info = *e.info;
    entries.assign(e.entries, e.entries + n);
    entry_out.assign(e.out, e.out + n);
    before_a.assign(e.before, e.before + n), after_a.assign(e.after, e.after + n);  // the games' vectors, reused
    state.assign(e.state, e.state + n * e.shown);
    state_before.assign(e.state_before, e.state_before + n * e.fields);
    state_after.assign(e.state_after, e.state_after + n * e.fields);
    event.info = &info, event.first = e.first, event.count = n;
    event.entries = entries.data(), event.out = entry_out.data();
    event.before = before_a.data(), event.after = after_a.data();
    event.state = state.data(), event.shown = e.shown;
    event.state_before = state_before.data(), event.state_after = state_after.data(), event.fields = e.fields;
    event.new_names.swap(e.new_names);
    is_event = true;
  }
};

sink_thread::sink_thread(rated_games_sink& sink) : sink_(sink), queue_(in_flight), thread_([this] { run(); }) {}

sink_thread::~sink_thread() {
  queue_.stop();
  thread_.join();
}

void sink_thread::take(rated_games& g) { hand(g); }

void sink_thread::take(rated_event& e) { hand(e); }

template <class Rated>
void sink_thread::hand(Rated& rated) {
  std::unique_ptr<batch> b = queue_.empty();
  if (!b) std::rethrow_exception(error_);  // stopped only by the sink's failure while this lives
  b->copy(rated);
  queue_.push(std::move(b));
}

void sink_thread::run() {
  while (std::unique_ptr<batch> b = queue_.pop()) {
    std::exception_ptr error;
    try {
      if (b->is_event)
        sink_.take(b->event);
      else
        sink_.take(b->view);
    } catch (...) {
      error = std::current_exception();
    }
    b->view.new_names.clear();
    b->view.new_period_names.clear();
    b->event.new_names.clear();
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
