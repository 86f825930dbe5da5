// ratekit run --period-label: the whole input is one rating period of that
// name. With event periods every game joins it, whatever events the input
// names (a month's tournaments rated as one list); with day, month or year
// periods the label is a check that every game falls in it.
#pragma once

#include <ratekit/host/config/config.hpp>
#include <ratekit/host/input/dataset.hpp>
#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/text/format.hpp>

#include <string>

namespace ratekit {

class one_period {
 public:
  one_period(std::string label, period_kind kind) : label_(std::move(label)), kind_(kind) {}

  // Labels (or checks) the games `d` holds, read from `file`, before they are handed over.
  void apply(dataset& d, const std::string& file) {
    if (label_.empty() || d.games.empty()) return;
    auto& period = d.facts.period;
    if (kind_ == period_kind::event) {
      if (index_ < 0) index_ = int32_t(d.period_names.size()), d.period_names.push_back(label_);
      for (auto& p : period) p = index_;
      return;
    }
    if (!is_calendar(kind_)) return;  // the engine refuses the label with game periods
    for (size_t i = 0; i < period.size(); ++i) {
      const int32_t date = d.facts.date[i];
      if (date == 0) continue;  // the period window refuses an undated game with calendar periods
      const std::string in = kind_ == period_kind::day     ? iso_date(date)
                             : kind_ == period_kind::month ? iso_month(date)
                                                           : std::to_string(date / 10000);
      if (in != label_)
        throw user_error(file, d.facts.line[i], 0,
                         "this game of " + iso_date(date) + " is not in the period '" + label_ +
                             "' that --period-label names (" + layout() + "); rate it in a run of its own period");
    }
  }

 private:
  std::string layout() const {
    return kind_ == period_kind::day ? "day periods are named yyyy-mm-dd"
           : kind_ == period_kind::month ? "month periods are named yyyy-mm" : "year periods are named yyyy";
  }

  const std::string label_;
  const period_kind kind_;
  int32_t index_ = -1;  // the label's place among the dataset's period names, once added
};

}  // namespace ratekit
