#include <ratekit/host/output/files/history_writer.hpp>
#include <ratekit/host/text/format.hpp>

#include "output/background/background_file.hpp"
#include "output/background/helper_thread.hpp"
#include "output/files/history_rows.hpp"

#include <algorithm>

namespace ratekit {

history_writer::history_writer(std::filesystem::path file, const competition_config& config, const rk_descriptor& model)
    : file_(std::move(file)),
      kind_(config.period),
      layout_(history_layout(model, config.history_columns)),
      header_(history_header(model, layout_)),
      helper_(std::make_unique<helper_thread>()) {}

history_writer::~history_writer() = default;

void history_writer::open() {
  if (out_) return;
  out_ = std::make_unique<background_file>(file_);
  text_ = header_;
}

void history_writer::take(rated_games& g) {
  open();
  for (auto& n : g.new_names) names_.push_back(std::move(n));
  for (auto& n : g.new_period_names) period_names_.push_back(std::move(n));
  // In slices, so a buffer of text holds a few MB, not the whole batch; two at a
  // time, the second formatted by the helper, both written in order.
  for (size_t begin = 0; begin < g.count; begin += 2 * slice) {
    const size_t middle = std::min(g.count, begin + slice), end = std::min(g.count, begin + 2 * slice);
    if (middle < end)
      helper_->both([&] { format(g, begin, middle, text_); }, [&] { format(g, middle, end, helper_text_); });
    else
      format(g, begin, middle, text_);
    out_->write(text_);
    if (middle < end) out_->write(helper_text_);
  }
}

// The rows of a batch: labels and dates change only at period boundaries, so
// each is formatted once per run of equal values.
void history_writer::format(const rated_games& g, size_t begin, size_t end, std::string& text) const {
  const size_t shown = g.shown;
  std::string period, date;
  int32_t label_date = -1, label_period = -2, date_of = -1;
  // The adjustments whose periods end in this slice, each written after its period's last game.
  auto ends_at = [&](size_t k) { return period_end_of(g.adjustments[k].game, g.ends, g.period_count); };
  size_t k = 0;
  while (k < g.adjustment_count && ends_at(k) <= begin) ++k;
  for (size_t i = begin; i < end; ++i) {
    const rk_game& game = g.games[i];
    const rk_game_out& o = g.out[i];
    if (i + prefetch_distance < end) {  // the names are read at random: a cache miss each, fetched ahead
      const rk_game& ahead = g.games[i + prefetch_distance];
      __builtin_prefetch(&names_[size_t(ahead.a)]);
      __builtin_prefetch(&names_[size_t(ahead.b)]);
    }
    if (kind_ == period_kind::game || g.dates[i] != label_date || g.periods[i] != label_period) {
      period = period_label(kind_, g.dates[i], g.periods[i], period_names_, g.first + i);
      label_date = g.dates[i], label_period = g.periods[i];
    }
    if (g.dates[i] != date_of) {
      date = g.dates[i] > 0 ? iso_date(g.dates[i]) : std::string();
      date_of = g.dates[i];
    }
    const std::string& a = names_[size_t(game.a)];
    const std::string& b = names_[size_t(game.b)];
    const double* state = shown ? g.state + 2 * i * shown : nullptr;
    history_row(text, layout_, period, date, a, b, o.expected_a, game.score_a, game.k_a, o.delta_a, g.before_a[i],
                g.after_a[i], state);
    history_row(text, layout_, period, date, b, a, o.expected_b, 1 - game.score_a, game.k_b, o.delta_b, g.before_b[i],
                g.after_b[i], shown ? state + shown : nullptr);
    for (; k < g.adjustment_count && ends_at(k) == i + 1; ++k)
      history_adjustment_row(text, layout_, period, date, names_[size_t(g.adjustments[k].player)], g.adjustments[k]);
  }
}

void history_writer::take(rated_event& e) {
  open();
  for (auto& n : e.new_names) names_.push_back(std::move(n));
  format(std::span(&e, 1), text_);
  if (text_.size() >= event_text) out_->write(text_);
}

void history_writer::take_events(std::span<rated_event> events) {
  open();
  size_t rows = 0;
  for (rated_event& e : events) {
    for (auto& n : e.new_names) names_.push_back(std::move(n));
    rows += e.count;
  }
  // The events of the first half of the rows here, the rest on the helper, written in order.
  size_t half = 0;
  for (size_t before = 0; half < events.size() && 2 * before < rows; ++half) before += events[half].count;
  helper_->both([&] { format(events.first(half), text_); }, [&] { format(events.subspan(half), helper_text_); });
  out_->write(text_);
  out_->write(helper_text_);
}

void history_writer::format(std::span<const rated_event> events, std::string& text) const {
  std::string date;
  int32_t date_of = -1;
  for (size_t j = 0; j < events.size(); ++j) {
    const rated_event& e = events[j];
    if (j + 1 < events.size())  // the next event's names are fetched while this one is written
      for (const rk_entry& x : std::span(events[j + 1].entries, events[j + 1].count))
        __builtin_prefetch(&names_[size_t(x.player)]);
    if (e.info->date != date_of) date = e.info->date > 0 ? iso_date(e.info->date) : std::string(), date_of = e.info->date;
    history_event_rows(text, layout_, e, date, [&](int32_t p) -> const std::string& { return names_[size_t(p)]; });
  }
}

void history_writer::finish() {
  if (!out_) return;
  if (!text_.empty()) out_->write(text_);
  out_->close();
}

}  // namespace ratekit
