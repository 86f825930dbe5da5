#include "input/numbers.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>

namespace ratekit::text {

bool parse_any_number(std::string_view s, double& out) {
  const char* end = s.data() + s.size();
  const auto r = std::from_chars(s.data(), end, out);
  return r.ec == std::errc{} && r.ptr == end && std::isfinite(out);
}

bool parse_integer(std::string_view s, int64_t& out) {
  const char* end = s.data() + s.size();
  const auto r = std::from_chars(s.data(), end, out);
  return r.ec == std::errc{} && r.ptr == end && !s.empty();
}

bool parse_us_date(std::string_view s, int32_t& out) {
  // Digits up to `stop`, `min` to `max` of them, into v; the rest after `stop` stays in s.
  auto part = [&s](char stop, size_t min, size_t max, int& v) {
    const size_t end = stop ? s.find(stop) : s.size();
    if (end == std::string_view::npos || end < min || end > max) return false;
    v = 0;
    for (size_t k = 0; k < end; ++k) {
      if (unsigned(s[k] - '0') > 9) return false;
      v = v * 10 + (s[k] - '0');
    }
    s.remove_prefix(stop ? end + 1 : end);
    return true;
  };
  int m = 0, d = 0, y = 0;
  return part('/', 1, 2, m) && part('/', 1, 2, d) && part(0, 4, 4, y) && make_date(y, m, d, out);
}

bool parse_flag(std::string_view s, bool& out) {
  auto is = [s](std::string_view word) {
    return s.size() == word.size() && std::equal(s.begin(), s.end(), word.begin(), [](char a, char b) {
             return std::tolower(static_cast<unsigned char>(a)) == b;
           });
  };
  if (s == "1" || is("true")) return out = true, true;
  if (s == "0" || is("false")) return out = false, true;
  return false;
}

}  // namespace ratekit::text
