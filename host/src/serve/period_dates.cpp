#include "serve/period_dates.hpp"

#include "input/dates.hpp"

#include <string>

namespace ratekit::serve {

namespace {

bool all_digits(std::string_view s) {
  return !s.empty() && s.find_first_not_of("0123456789") == std::string_view::npos;
}

int32_t month_end(int32_t year, int32_t month) {
  static constexpr int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  return year * 10000 + month * 100 + days[month - 1] + (month == 2 && leap ? 1 : 0);
}

int32_t label_date(std::string_view label) {
  if (const size_t range = label.find(".."); range != std::string_view::npos) label = label.substr(range + 2);
  int32_t date = 0;
  if (read_iso_date(label, date)) return date;
  if (label.size() == 7 && label[4] == '-' && read_iso_date(std::string(label) + "-01", date))
    return month_end(date / 10000, date / 100 % 100);
  if (label.size() == 4 && all_digits(label) && label != "0000") return std::stoi(std::string(label)) * 10000 + 1231;
  return 0;
}

}  // namespace

bool read_iso_date(std::string_view text, int32_t& out) {
  return text.size() == 10 && text::parse_date_as(date_layout::iso, text, out);
}

int32_t period_date(std::string_view label, std::string_view recorded_at) {
  if (const int32_t date = label_date(label); date != 0) return date;
  int32_t date = 0;
  return read_iso_date(recorded_at.substr(0, 10), date) ? date : 0;
}

}  // namespace ratekit::serve
