// A CSV header's names mapped to the columns a reader knows.
#pragma once

#include "input/csv_fields.hpp"

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ratekit::text {

// A header column a reader knows; `required` columns must be present; an empty name is never matched.
struct column_spec {
  std::string_view name;
  bool required;
};

// The problem of a header naming a column again: every reader refuses it so.
std::string repeated_column(std::string_view name, int first_column);

// The problem of a header's column that is none of `names` (with a did-you-mean when one is close).
std::string unknown_column(std::string_view name, const std::vector<std::string>& names);

// Maps a header line to column numbers: result[i] is the field index of
// spec[i], or -1 when absent. Unknown (with a did-you-mean), repeated and
// missing required columns are added to `problems`; with `ignore_unknown`,
// columns the spec does not name are skipped instead.
std::vector<int> map_header(const csv_splitter& header, const line& l, std::span<const column_spec> spec,
                            problem_list& problems, bool ignore_unknown = false);

}  // namespace ratekit::text
