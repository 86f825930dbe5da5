// The numbers and dates of rating periods handed to plugins (ABI 1.1
// rk_game_batch.period_numbers, period_first_dates, period_last_dates): on a
// calendar scale, so the difference of two numbers is the periods between
// them, those without games included.
#pragma once

#include <ratekit/host/config/config.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <vector>

namespace ratekit {

// Days from 1970-01-01 to a yyyymmdd date.
inline int64_t days_since_epoch(int32_t date) {
  using namespace std::chrono;
  const year_month_day d{year(date / 10000), month(unsigned(date / 100 % 100)), day(unsigned(date % 100))};
  return sys_days(d).time_since_epoch().count();
}

// The last day of a yyyymmdd date's month, as yyyymmdd.
inline int32_t month_end(int32_t date) {
  using namespace std::chrono;
  const year_month_day_last last{year(date / 10000), month_day_last(month(unsigned(date / 100 % 100)))};
  return date / 100 * 100 + int32_t(unsigned(last.day()));
}

// True when `date` (yyyymmdd) is a day of the calendar.
inline bool valid_date(int32_t date) {
  using namespace std::chrono;
  return date > 0 && year_month_day{year(date / 10000), month(unsigned(date / 100 % 100)), day(unsigned(date % 100))}.ok();
}

// The number of the day, month or year period holding `date`; false for event
// and game periods, which are counted within a run and have no calendar number.
inline bool calendar_number(period_kind kind, int32_t date, int64_t& number) {
  switch (kind) {
    case period_kind::day: number = days_since_epoch(date); return true;
    case period_kind::month: number = int64_t(date / 10000) * 12 + date / 100 % 100 - 1; return true;
    case period_kind::year: number = date / 10000; return true;
    default: return false;
  }
}

// What a plugin is told about the periods of a batch, one entry per period.
struct period_spans {
  std::vector<int64_t> number;
  std::vector<int32_t> first_date, last_date;

  void clear() {
    number.clear();
    first_date.clear();
    last_date.clear();
  }
};

// Game periods are numbered from `first`; their dates are their games', so
// only the numbers need writing.
inline void number_games(period_spans& s, size_t count, int64_t first) {
  s.number.resize(count);
  for (size_t i = 0; i < count; ++i) s.number[i] = first + int64_t(i);
}

// Appends the span of the period made of games [begin, end) with these dates;
// `index` is the period's place in the run, the number of event and game periods.
inline void add_period_span(period_spans& s, period_kind kind, const int32_t* date, size_t begin, size_t end,
                            int64_t index) {
  const int32_t d = date[begin];
  int64_t number = index;  // event periods (game periods: number_games) are counted
  if (!calendar_number(kind, d, number)) {
    // Its earliest and latest dates (0 when none is known): a period's games may come in any order.
    int32_t first = 0, last = 0;
    for (size_t i = begin; i < end; ++i)
      if (date[i] != 0) first = first == 0 ? date[i] : std::min(first, date[i]), last = std::max(last, date[i]);
    s.number.push_back(number);
    s.first_date.push_back(first);
    s.last_date.push_back(last);
    return;
  }
  s.number.push_back(number);
  switch (kind) {
    case period_kind::day:
      s.first_date.push_back(d);
      s.last_date.push_back(d);
      return;
    case period_kind::month:
      s.first_date.push_back(d / 100 * 100 + 1);
      s.last_date.push_back(month_end(d));
      return;
    default:  // year
      s.first_date.push_back(d / 10000 * 10000 + 101);
      s.last_date.push_back(d / 10000 * 10000 + 1231);
  }
}

}  // namespace ratekit
