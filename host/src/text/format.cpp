#include <ratekit/host/text/format.hpp>

#include <fmt/format.h>

#include <cmath>

namespace ratekit {

std::string fixed(double v, int decimals) { return std::isnan(v) ? "" : fmt::format("{:.{}f}", v, decimals); }

std::string signed_fixed(double v, int decimals) {
  return std::isnan(v) ? "" : v > 0 ? fmt::format("{:+.{}f}", v, decimals) : fixed(v, decimals);
}

std::string iso_date(int32_t d) { return fmt::format("{:04}-{:02}-{:02}", d / 10000, d / 100 % 100, d % 100); }

std::string iso_month(int32_t d) { return fmt::format("{:04}-{:02}", d / 10000, d / 100 % 100); }

}  // namespace ratekit
