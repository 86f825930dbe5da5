// Numbers and dates as people read them in reports, charts and labels, and
// numbers as files store them (format_number: the shortest text that reads back exactly).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace ratekit {

// The shortest text that reads back as exactly `value` (fixed, locale-free; NaN is empty).
std::string format_number(double value);
// Appends `value` as format_number does, without a temporary string.
void append_number(std::string& out, double value);
// The longest text of a number (fixed notation of any double fits).
inline constexpr size_t max_number_chars = 400;
// Writes `value` as format_number does at `at` (room for max_number_chars); returns the end.
char* write_number(char* at, double value);

// `v` with exactly `decimals` decimals; NaN is "".
std::string fixed(double v, int decimals);
// As fixed, with a + before positive values: a change.
std::string signed_fixed(double v, int decimals);
// At most `decimals` decimals, trailing zeros dropped: 10, 38.16, 0.049.
std::string brief(double v, int decimals);
// A count with its noun: "1 period", "2 periods" (`many` for a plural that is not noun + s).
std::string counted(double n, const std::string& one, const std::string& many = "");
// yyyymmdd as YYYY-MM-DD, and its month as YYYY-MM.
std::string iso_date(int32_t yyyymmdd);
std::string iso_month(int32_t yyyymmdd);

}  // namespace ratekit
