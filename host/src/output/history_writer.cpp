#include <ratekit/host/output/history_writer.hpp>
#include <ratekit/host/text/format.hpp>

#include "output/background_file.hpp"
#include "output/history_rows.hpp"

#include <algorithm>

namespace ratekit {

// A copy of what the engine handed over: its buffers are reused once take() returns.
struct history_writer::batch {
  size_t first = 0;
  std::vector<rk_game> games;
  std::vector<rk_game_out> out;
  std::vector<int32_t> dates, periods;
  std::vector<double> ratings;  // before A, before B, after A, after B: count each
  std::vector<double> state;  // shown state fields, `shown` per side; none when no column shows them
  size_t shown = 0;
  std::vector<std::string> names, period_names;
};

history_writer::history_writer(std::filesystem::path file, const competition_config& config, const rk_descriptor& model)
    : file_(std::move(file)),
      kind_(config.period),
      layout_(history_layout(model, config.history_columns)),
      header_(history_header(model, layout_)),
      thread_([this] { run(); }) {}

history_writer::~history_writer() { stop(); }

void history_writer::stop() {
  {
    const std::lock_guard lock(mutex_);
    done_ = true;
  }
  changed_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void history_writer::take(rated_games& g) {
  std::unique_ptr<batch> b;
  {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return error_ || !empty_.empty() || made_ < in_flight; });
    if (error_) std::rethrow_exception(error_);
    if (empty_.empty()) {
      b = std::make_unique<batch>();
      ++made_;
    } else {
      b = std::move(empty_.back());
      empty_.pop_back();
    }
  }
  const size_t n = g.count;
  b->first = g.first;
  b->games.assign(g.games, g.games + n);
  b->out.assign(g.out, g.out + n);
  b->dates.assign(g.dates, g.dates + n);
  b->periods.assign(g.periods, g.periods + n);
  b->ratings.resize(4 * n);
  for (size_t i = 0; i < n; ++i) {
    b->ratings[i] = g.before_a[i], b->ratings[n + i] = g.before_b[i];
    b->ratings[2 * n + i] = g.after_a[i], b->ratings[3 * n + i] = g.after_b[i];
  }
  b->shown = g.shown;
  b->state.assign(g.state, g.state + 2 * n * g.shown);
  b->names.swap(g.new_names);
  b->period_names.swap(g.new_period_names);
  {
    const std::lock_guard lock(mutex_);
    full_.push_back(std::move(b));
  }
  changed_.notify_all();
}

void history_writer::run() {
  std::string text;
  for (;;) {
    std::unique_ptr<batch> b;
    {
      std::unique_lock lock(mutex_);
      changed_.wait(lock, [&] { return done_ || !full_.empty(); });
      if (full_.empty()) return;  // done, and every batch written
      b = std::move(full_.front());
      full_.pop_front();
    }
    try {
      if (!out_) {
        out_ = std::make_unique<background_file>(file_);
        text = header_;
      }
      for (const auto& n : b->names) names_.push_back(n);
      for (const auto& n : b->period_names) period_names_.push_back(n);
      // In slices, so a buffer of text holds a few MB, not the whole batch.
      for (size_t begin = 0; begin < b->games.size(); begin += slice) {
        format(*b, begin, std::min(b->games.size(), begin + slice), text);
        out_->write(text);
      }
    } catch (...) {
      const std::lock_guard lock(mutex_);
      error_ = std::current_exception();
      full_.clear();
      changed_.notify_all();
      return;
    }
    b->names.clear();
    b->period_names.clear();
    {
      const std::lock_guard lock(mutex_);
      empty_.push_back(std::move(b));
    }
    changed_.notify_all();
  }
}

// The rows of a batch: labels and dates change only at period boundaries, so
// each is formatted once per run of equal values.
void history_writer::format(const batch& b, size_t begin, size_t end, std::string& text) {
  const size_t n = b.games.size(), shown = b.shown;
  std::string period, date;
  int32_t label_date = -1, label_period = -2, date_of = -1;
  for (size_t i = begin; i < end; ++i) {
    const rk_game& g = b.games[i];
    const rk_game_out& o = b.out[i];
    if (kind_ == period_kind::game || b.dates[i] != label_date || b.periods[i] != label_period) {
      period = period_label(kind_, b.dates[i], b.periods[i], period_names_, b.first + i);
      label_date = b.dates[i], label_period = b.periods[i];
    }
    if (b.dates[i] != date_of) {
      date = b.dates[i] > 0 ? iso_date(b.dates[i]) : std::string();
      date_of = b.dates[i];
    }
    const std::string& a = names_[size_t(g.a)];
    const std::string& bn = names_[size_t(g.b)];
    const double* state = b.state.data();
    history_row(text, layout_, period, date, a, bn, o.expected_a, g.score_a, g.k_a, o.delta_a, b.ratings[i],
                b.ratings[2 * n + i], shown ? state + 2 * i * shown : nullptr);
    history_row(text, layout_, period, date, bn, a, o.expected_b, 1 - g.score_a, g.k_b, o.delta_b, b.ratings[n + i],
                b.ratings[3 * n + i], shown ? state + (2 * i + 1) * shown : nullptr);
  }
}

void history_writer::finish() {
  stop();
  if (error_) std::rethrow_exception(error_);
  if (out_) out_->close();
}

}  // namespace ratekit
