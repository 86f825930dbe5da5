// Go grades as GoR, 100 points a grade: 30k..1k -> -900..2000, 1d..9d -> 2100..2900.
#pragma once

#include <optional>
#include <string_view>

namespace ratekit {

// The GoR of a grade written "5k", "5 kyu", "3d", "3 dan" (any case, spaces allowed
// between number and unit); nullopt when `text` is not such a grade.
std::optional<double> parse_go_grade(std::string_view text);

}  // namespace ratekit
