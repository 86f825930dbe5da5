// How a whole-history run's files name a batch: its day, month or year.
#pragma once

#include <ratekit/host/config/config.hpp>
#include <ratekit/host/text/format.hpp>

#include <string>

namespace ratekit {

// "2024-03-15" for a day's batch, "2024-03" for a month's, "2024" for a year's; `date` the batch's first match's.
inline std::string batch_label(period_kind kind, int32_t date) {
  if (kind == period_kind::month) return iso_month(date);
  if (kind == period_kind::year) return std::to_string(date / 10000);
  return iso_date(date);
}

// The files' first column: `date` for day batches, `period` for months and years.
inline const char* batch_column(period_kind kind) { return kind == period_kind::day ? "date" : "period"; }

}  // namespace ratekit
