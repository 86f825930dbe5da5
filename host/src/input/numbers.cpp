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

bool parse_score(std::string_view s, double& out) {
  if (parse_number(s, out)) return out >= 0 && out <= 1;
  if (s == "1-0") return out = 1.0, true;
  if (s == "0-1") return out = 0.0, true;
  if (s == "1/2-1/2" || s == "\u00BD-\u00BD") return out = 0.5, true;
  return false;
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
