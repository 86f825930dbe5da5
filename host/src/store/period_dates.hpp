// The date a rating list counts a period at: the last day its label names
// (a day 2024-01-05, a month 2024-01, a year 2024, a run rated game by game
// 2024-01-05..2024-01-19); for a label that is no date (an event's name), the
// last date of its games as the input gave it (table period_dates), or, when
// the input gave none or an older ratekit recorded it, the day its run was recorded.
#pragma once

#include "store/database.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>

namespace ratekit::store {

// `recorded_at`: the run's time of recording, 2024-11-21T06:20:11Z; `last_date`:
// the period's last date from its input (yyyymmdd, 0 unknown). yyyymmdd, 0 when none is a date.
int32_t period_date(std::string_view label, std::string_view recorded_at, int32_t last_date = 0);

// A date yyyy-mm-dd of the calendar, as yyyymmdd; false for anything else.
bool read_iso_date(std::string_view text, int32_t& out);

// The date of every period of competition `competition` (its id), by period id.
std::unordered_map<int64_t, int32_t> period_dates_of(database& db, int64_t competition);

// The SQL of a period's first and last date from the input (yyyy-mm-dd or NULL),
// as columns `first_date`, `last_date` beside `pe` (periods): NULLs when the database has no such table.
std::string period_dates_join(database& db);

}  // namespace ratekit::store
