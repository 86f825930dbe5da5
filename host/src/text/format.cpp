#include <ratekit/host/text/format.hpp>
#include <ratekit/host/text/shortest_fixed.hpp>

#include <fmt/format.h>

#include <charconv>
#include <cmath>

namespace ratekit {

std::string format_number(double value) {
  std::string s;
  append_number(s, value);
  return s;
}

void append_number(std::string& out, double value) {
  char buf[max_number_chars];
  out.append(buf, write_number(buf, value));
}

char* write_number(char* at, double value) {
  if (std::isnan(value)) return at;
  if (value == 0) {  // also folds -0
    *at = '0';
    return at + 1;
  }
  // Counts and flags are whole: the integer conversion writes the same digits, faster.
  const bool whole = std::fabs(value) < 0x1p53 && value == std::trunc(value);
  return whole ? std::to_chars(at, at + max_number_chars, int64_t(value)).ptr
               : write_shortest_fixed(at, value);  // to_chars(fixed)'s text, faster
}

// std::to_chars rounds as printf does, at a fraction of fmt::format's cost
// per call (the report calls it a dozen times a game).
std::string fixed(double v, int decimals) {
  if (std::isnan(v)) return "";
  char buf[400];  // 309 digits before the point at most, a sign, the point
  const auto [end, error] = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed, decimals);
  return error == std::errc() ? std::string(buf, end) : fmt::format("{:.{}f}", v, decimals);
}

std::string signed_fixed(double v, int decimals) {
  std::string s = fixed(v, decimals);
  if (v > 0) s.insert(s.begin(), '+');
  return s;
}

std::string brief(double v, int decimals) {
  std::string s = fixed(v, decimals);
  if (s.find('.') == std::string::npos) return s;
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s;
}

std::string counted(double n, const std::string& one, const std::string& many) {
  return format_number(n) + " " + (n == 1 ? one : many.empty() ? one + "s" : many);
}

std::string iso_date(int32_t d) { return fmt::format("{:04}-{:02}-{:02}", d / 10000, d / 100 % 100, d % 100); }

std::string iso_month(int32_t d) { return fmt::format("{:04}-{:02}", d / 10000, d / 100 % 100); }

}  // namespace ratekit
