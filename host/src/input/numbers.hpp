// Values in input text: numbers, integers, dates, flags, and names compared fast.
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

namespace ratekit::text {

// Value parsers: true on success. Numbers are finite (no NaN, no inf) with
// nothing after them; integers are plain decimal.
bool parse_any_number(std::string_view s, double& out);
// Scores are mostly 0, 1 or 0.5: those skip the general parser (d / 10.0 is the correctly rounded 0.d).
inline bool parse_number(std::string_view s, double& out) {
  if (s.size() == 1 && unsigned(s[0] - '0') < 10) return out = s[0] - '0', true;
  if (s.size() == 3 && s[0] == '0' && s[1] == '.' && unsigned(s[2] - '0') < 10) return out = (s[2] - '0') / 10.0, true;
  return parse_any_number(s, out);
}
bool parse_integer(std::string_view s, int64_t& out);
// A real date (leap years included) -> yyyymmdd.
inline bool make_date(int y, int m, int d, int32_t& out) {
  if (y < 1 || m < 1 || m > 12 || d < 1) return false;
  static constexpr int days[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
  if (d > days[m - 1] + (m == 2 && leap ? 1 : 0)) return false;
  out = y * 10000 + m * 100 + d;
  return true;
}
// YYYY-MM-DD with a real month and day -> yyyymmdd.
inline bool parse_date(std::string_view s, int32_t& out) {
  if (s.size() != 10 || s[4] != '-' || s[7] != '-') return false;
  static constexpr int at[8] = {0, 1, 2, 3, 5, 6, 8, 9};
  int v[8];
  for (int k = 0; k < 8; ++k)
    if (unsigned(v[k] = s[size_t(at[k])] - '0') > 9) return false;
  return make_date(v[0] * 1000 + v[1] * 100 + v[2] * 10 + v[3], v[4] * 10 + v[5], v[6] * 10 + v[7], out);
}
// A's score as a number from 0 to 1, or a result as chess writes it (1-0, 0-1, 1/2-1/2).
bool parse_score(std::string_view s, double& out);
// 0, 1, true or false (any case).
bool parse_flag(std::string_view s, bool& out);

// a == b without a library call for short texts (names, mostly): two
// overlapping word compares cover 4 to 16 bytes.
inline bool same_text(std::string_view a, std::string_view b) {
  const size_t n = a.size();
  if (n != b.size()) return false;
  auto word = [](const char* p) { uint64_t w; std::memcpy(&w, p, 8); return w; };
  auto half = [](const char* p) { uint32_t w; std::memcpy(&w, p, 4); return w; };
  const char *x = a.data(), *y = b.data();
  if (n >= 8 && n <= 16) return word(x) == word(y) && word(x + n - 8) == word(y + n - 8);
  if (n >= 4 && n < 8) return half(x) == half(y) && half(x + n - 4) == half(y + n - 4);
  return a == b;
}

}  // namespace ratekit::text
