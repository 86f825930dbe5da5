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

// The rows of a batch (history_game_rows).
void history_writer::format(const rated_games& g, size_t begin, size_t end, std::string& text) const {
  history_game_rows(text, layout_, g, begin, end, {kind_, names_, period_names_});
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
