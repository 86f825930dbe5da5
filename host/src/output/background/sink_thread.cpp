#include <ratekit/host/output/background/sink_thread.hpp>

#include <string>
#include <unordered_map>

namespace ratekit {

// A copy of what the engine handed over: its buffers are reused once take() returns.
struct sink_thread::batch {
  std::vector<rk_game> games;
  std::vector<rk_game_out> out;
  std::vector<int32_t> dates, periods;
  std::vector<double> before_a, before_b, after_a, after_b, state;
  std::vector<uint64_t> ends;
  std::vector<rated_adjustment> adjustments;
  // Their reasons, each once: a run that fails goes on to free the model that
  // keeps them while this thread may still be writing the batch.
  std::vector<std::string> reasons;
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
    copy_adjustments(g);
    view.adjustments = adjustments.data(), view.adjustment_count = adjustments.size();
    view.rater = nullptr;  // the engine's thread is calling it
    view.new_names.swap(g.new_names);
    view.new_period_names.swap(g.new_period_names);
    is_event = false;
  }

  void copy_adjustments(const rated_games& g) {
    adjustments.assign(g.adjustments, g.adjustments + g.adjustment_count);
    reasons.clear();
    std::unordered_map<const std::string*, size_t> index;  // the model's reason: its copy here
    for (const rated_adjustment& a : adjustments)
      if (index.try_emplace(a.reason, reasons.size()).second) reasons.push_back(*a.reason);
    for (rated_adjustment& a : adjustments) a.reason = &reasons[index.at(a.reason)];  // reasons no longer grows
  }

  // Ranked events instead, many to an item (a team match is a few rows: one
  // hand-over each would cost more than writing them): the events' rows one
  // after another, and where each starts.
  struct slice {
    size_t at, count, first;  // its rows in the vectors, and the run's index of the first
    bool teams;
    std::vector<std::string> new_names;
  };
  bool is_event = false;
  std::vector<event_info> infos;
  std::vector<slice> slices;
  std::vector<rk_entry> entries;
  std::vector<rk_entry_out> entry_out;
  std::vector<double> state_before, state_after;  // every field besides the rating
  size_t shown = 0, fields = 0;
  std::vector<rated_event> views;  // one per slice, made when the sink takes them

  void start_events() {
    is_event = true;
    infos.clear(), slices.clear(), entries.clear(), entry_out.clear();
    before_a.clear(), after_a.clear(), state.clear(), state_before.clear(), state_after.clear();
  }
  void append(rated_event& e) {
    const size_t n = e.count;
    shown = e.shown, fields = e.fields;
    infos.push_back(*e.info);
    slices.push_back({entries.size(), n, e.first, e.teams, {}});
    slices.back().new_names.swap(e.new_names);
    entries.insert(entries.end(), e.entries, e.entries + n);
    entry_out.insert(entry_out.end(), e.out, e.out + n);
    before_a.insert(before_a.end(), e.before, e.before + n);  // the games' vectors, reused
    after_a.insert(after_a.end(), e.after, e.after + n);
    state.insert(state.end(), e.state, e.state + 2 * n * shown);  // after, then before
    state_before.insert(state_before.end(), e.state_before, e.state_before + n * fields);
    state_after.insert(state_after.end(), e.state_after, e.state_after + n * fields);
  }
  // The view of event k, as the engine handed it over.
  rated_event view_of(size_t k) {
    slice& s = slices[k];
    const size_t n = s.count;
    rated_event event;
    event.info = &infos[k], event.first = s.first, event.count = n, event.teams = s.teams;
    event.entries = entries.data() + s.at, event.out = entry_out.data() + s.at;
    event.before = before_a.data() + s.at, event.after = after_a.data() + s.at;
    event.state = state.data() + 2 * s.at * shown, event.shown = shown;
    event.shown_before = event.state + n * shown;
    event.state_before = state_before.data() + s.at * fields, event.state_after = state_after.data() + s.at * fields;
    event.fields = fields;
    event.new_names.swap(s.new_names);
    return event;
  }
  std::span<rated_event> events() {
    views.clear();
    for (size_t k = 0; k < slices.size(); ++k) views.push_back(view_of(k));
    return views;
  }
};

sink_thread::sink_thread(rated_games_sink& sink) : sink_(sink), queue_(in_flight), thread_([this] { run(); }) {}

sink_thread::~sink_thread() {
  queue_.stop();
  thread_.join();
}

std::unique_ptr<sink_thread::batch> sink_thread::empty_batch() {
  std::unique_ptr<batch> b = queue_.empty();
  if (!b) std::rethrow_exception(error_);  // stopped only by the sink's failure while this lives
  return b;
}

void sink_thread::take(rated_games& g) {
  push_events();  // in order
  std::unique_ptr<batch> b = empty_batch();
  b->copy(g);
  queue_.push(std::move(b));
}

void sink_thread::take(rated_event& e) {
  if (!events_) {
    events_ = empty_batch();
    events_->start_events();
  }
  events_->append(e);
  if (events_->entries.size() >= entries_per_batch || events_->slices.size() >= events_per_batch) push_events();
}

void sink_thread::push_events() {
  if (events_) queue_.push(std::move(events_));
}

void sink_thread::run() {
  while (std::unique_ptr<batch> b = queue_.pop()) {
    std::exception_ptr error;
    try {
      if (b->is_event)
        sink_.take_events(b->events());
      else
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
  if (!error_) push_events();
  queue_.wait_idle();
  if (error_) std::rethrow_exception(error_);
}

}  // namespace ratekit
