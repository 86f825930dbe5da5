#include "go_grade.hpp"

#include <cctype>

namespace ratekit {

namespace {

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != b[i]) return false;
  return true;
}

}  // namespace

std::optional<double> parse_go_grade(std::string_view text) {
  size_t i = 0;
  int number = 0;
  while (i < text.size() && i < 2 && text[i] >= '0' && text[i] <= '9') number = number * 10 + (text[i++] - '0');
  if (i == 0) return std::nullopt;
  while (i < text.size() && text[i] == ' ') ++i;
  const std::string_view unit = text.substr(i);
  if (equals_ignoring_case(unit, "k") || equals_ignoring_case(unit, "kyu")) {
    if (number < 1 || number > 30) return std::nullopt;
    return 2100.0 - 100.0 * number;
  }
  if (equals_ignoring_case(unit, "d") || equals_ignoring_case(unit, "dan")) {
    if (number < 1 || number > 9) return std::nullopt;
    return 2000.0 + 100.0 * number;
  }
  return std::nullopt;
}

}  // namespace ratekit
