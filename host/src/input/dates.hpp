// The date layouts `input.date_format` names, read into yyyymmdd.
#pragma once

#include <ratekit/host/input/readers.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ratekit::text {

// The config's names of the layouts, in date_layout's order.
const std::vector<std::string>& date_layout_names();

// `s` in `layout` with a real month and day -> yyyymmdd.
bool parse_date_as(date_layout layout, std::string_view s, int32_t& out);

// What a reader expects of a date in `layout`: "as a valid date YYYY.MM.DD", and the
// date_format that reads `value` when another layout does.
std::string expected_date(date_layout layout, std::string_view value);

}  // namespace ratekit::text
