// The date a rating list counts a period at: the last day its label names
// (a day 2024-01-05, a month 2024-01, a year 2024, a run rated game by game
// 2024-01-05..2024-01-19), or, for a label that is no date (an event's name),
// the day its run was recorded.
#pragma once

#include <cstdint>
#include <string_view>

namespace ratekit::serve {

// `recorded_at`: the run's time of recording, 2024-11-21T06:20:11Z. yyyymmdd, 0 when neither is a date.
int32_t period_date(std::string_view label, std::string_view recorded_at);

// A date yyyy-mm-dd of the calendar, as yyyymmdd; false for anything else.
bool read_iso_date(std::string_view text, int32_t& out);

}  // namespace ratekit::serve
