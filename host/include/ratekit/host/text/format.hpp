// Numbers and dates as people read them in reports, charts and labels.
// (CSV files use format_number: the shortest text that reads back exactly.)
#pragma once

#include <cstdint>
#include <string>

namespace ratekit {

// `v` with exactly `decimals` decimals; NaN is "".
std::string fixed(double v, int decimals);
// As fixed, with a + before positive values: a change.
std::string signed_fixed(double v, int decimals);
// At most `decimals` decimals, trailing zeros dropped: 10, 38.16, 0.049.
std::string brief(double v, int decimals);
// yyyymmdd as YYYY-MM-DD, and its month as YYYY-MM.
std::string iso_date(int32_t yyyymmdd);
std::string iso_month(int32_t yyyymmdd);

}  // namespace ratekit
