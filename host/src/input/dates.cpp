#include "input/dates.hpp"

#include "input/numbers.hpp"

namespace ratekit::text {

namespace {

// Takes `min` to `max` digits off the front of s into v.
bool digits(std::string_view& s, size_t min, size_t max, int& v) {
  size_t n = 0;
  v = 0;
  while (n < s.size() && n < max && unsigned(s[n] - '0') <= 9) v = v * 10 + (s[n++] - '0');
  s.remove_prefix(n);
  return n >= min;
}

bool take(std::string_view& s, char c) {
  if (s.empty() || s.front() != c) return false;
  s.remove_prefix(1);
  return true;
}

// Three numbers split by `sep`, the year of four digits first or last, the others of one or two.
bool three_parts(std::string_view s, char sep, bool year_first, int& y, int& first, int& second) {
  if (year_first)
    return digits(s, 4, 4, y) && take(s, sep) && digits(s, 1, 2, first) && take(s, sep) && digits(s, 1, 2, second) &&
           s.empty();
  return digits(s, 1, 2, first) && take(s, sep) && digits(s, 1, 2, second) && take(s, sep) && digits(s, 4, 4, y) &&
         s.empty();
}

// hh:mm[:ss[.fraction]] then an optional zone: Z, +hh:mm, +hhmm or +hh (or -).
bool time_and_zone(std::string_view s) {
  int h = 0, m = 0, sec = 0;
  if (!(digits(s, 2, 2, h) && take(s, ':') && digits(s, 2, 2, m)) || h > 23 || m > 59) return false;
  if (take(s, ':')) {
    if (!digits(s, 2, 2, sec) || sec > 60) return false;  // 60: a leap second
    int fraction = 0;
    if ((take(s, '.') || take(s, ',')) && !digits(s, 1, 9, fraction)) return false;
  }
  if (s.empty() || s == "Z") return true;
  if (!take(s, '+') && !take(s, '-')) return false;
  int zh = 0, zm = 0;
  if (!digits(s, 2, 2, zh) || zh > 23) return false;
  if (s.empty()) return true;
  take(s, ':');
  return digits(s, 2, 2, zm) && zm <= 59 && s.empty();
}

}  // namespace

const std::vector<std::string>& date_layout_names() {
  static const std::vector<std::string> names = {"yyyy-mm-dd", "m/d/yyyy",   "yyyy.mm.dd",
                                                 "dd.mm.yyyy", "dd/mm/yyyy", "iso-datetime"};
  return names;
}

bool parse_date_as(date_layout layout, std::string_view s, int32_t& out) {
  int y = 0, m = 0, d = 0;
  switch (layout) {
    case date_layout::iso: return parse_date(s, out);
    case date_layout::us: return three_parts(s, '/', false, y, m, d) && make_date(y, m, d, out);
    case date_layout::dotted_ymd: return three_parts(s, '.', true, y, m, d) && make_date(y, m, d, out);
    case date_layout::dotted_dmy: return three_parts(s, '.', false, y, d, m) && make_date(y, m, d, out);
    case date_layout::slashed_dmy: return three_parts(s, '/', false, y, d, m) && make_date(y, m, d, out);
    case date_layout::iso_datetime:
      // The day as written: a zone is checked, not applied, so a game keeps the date its players saw.
      return parse_date(s.substr(0, 10), out) &&
             (s.size() == 10 || ((s[10] == 'T' || s[10] == ' ') && time_and_zone(s.substr(11))));
  }
  return false;
}

std::string expected_date(date_layout layout, std::string_view value) {
  static const char* const shapes[] = {"YYYY-MM-DD", "M/D/YYYY", "YYYY.MM.DD", "DD.MM.YYYY", "DD/MM/YYYY",
                                       "YYYY-MM-DD or YYYY-MM-DDThh:mm[:ss][zone]"};
  std::string expected = std::string("as a valid date ") + shapes[size_t(layout)];
  // A date another layout reads: the file's dates are laid out so, and input.date_format says which.
  std::string layouts;
  int32_t date = 0;
  for (size_t other = 0; other < date_layout_names().size(); ++other) {
    const auto l = date_layout(other);
    if (l == layout || (l == date_layout::iso_datetime && parse_date_as(date_layout::iso, value, date))) continue;
    if (parse_date_as(l, value, date)) layouts += (layouts.empty() ? "'" : " or '") + date_layout_names()[other] + "'";
  }
  return layouts.empty() ? expected : expected + " (input.date_format " + layouts + " reads this one)";
}

}  // namespace ratekit::text
