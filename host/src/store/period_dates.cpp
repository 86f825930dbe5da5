#include "store/period_dates.hpp"

#include "input/dates.hpp"

#include <string>

namespace ratekit::store {

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

int32_t period_date(std::string_view label, std::string_view recorded_at, int32_t last_date) {
  if (const int32_t date = label_date(label); date != 0) return date;
  if (last_date != 0) return last_date;
  int32_t date = 0;
  return read_iso_date(recorded_at.substr(0, 10), date) ? date : 0;
}

std::string period_dates_join(database& db) {
  return db.has_table("period_dates")
             ? "(SELECT d.first_date FROM period_dates d WHERE d.period_id = pe.id) AS first_date, "
               "(SELECT d.last_date FROM period_dates d WHERE d.period_id = pe.id) AS last_date"
             : "NULL AS first_date, NULL AS last_date";
}

std::unordered_map<int64_t, int32_t> period_dates_of(database& db, int64_t competition) {
  statement s = db.prepare(("SELECT pe.id, pe.label, r.recorded_at, " + period_dates_join(db) +
                            " FROM periods pe JOIN runs r ON r.id = pe.run_id WHERE pe.competition_id = ?1")
                               .c_str());
  s.bind(1, competition);
  std::unordered_map<int64_t, int32_t> dates;
  while (s.step()) {
    int32_t last = 0;
    if (!s.is_null(4)) read_iso_date(s.text(4), last);
    dates.emplace(s.integer(0), period_date(s.text(1), s.text(2), last));
  }
  return dates;
}

}  // namespace ratekit::store
