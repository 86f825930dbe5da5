// The `input` keys of readers with named columns: columns, date_format, home_side, skip_results.
#pragma once

#include <ratekit/host/input/readers.hpp>

#include "config/yaml_check.hpp"

namespace ratekit::config {

// Names of the keys read_column_options takes.
inline const std::vector<std::string> column_option_keys = {"columns", "date_format", "home_side", "skip_results"};

// Reads one of column_option_keys into `options`; `reader` (null when the format
// is unknown) must have named columns.
void read_column_option(checker& c, const field& f, const reader_entry* reader, reader_options& options);

}  // namespace ratekit::config
