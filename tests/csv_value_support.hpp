// The number under a column of a CSV text's first row, as `ratekit predict` prints
// its predictions: for tests that hold one row against a value worked out apart.
#pragma once

#include <catch2/catch.hpp>

#include <sstream>
#include <string>

namespace ratekit::testing {

// The number under `column` in the first row of `csv` (fields without quoted commas).
inline double first_row_number(const std::string& csv, const std::string& column) {
  std::istringstream lines(csv);
  std::string header, row, name, value;
  std::getline(lines, header);
  std::getline(lines, row);
  std::istringstream names(header), values(row);
  while (std::getline(names, name, ',')) {
    std::getline(values, value, ',');
    if (name == column) return std::stod(value);
  }
  FAIL("no column " << column << " in " << header);
  return 0;
}

}  // namespace ratekit::testing
