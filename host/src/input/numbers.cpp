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
