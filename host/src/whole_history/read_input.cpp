#include "whole_history/read_input.hpp"

#include <ratekit/host/input/readers.hpp>
#include <ratekit/host/text/diagnostics.hpp>

#include <cmath>
#include <cstring>

namespace ratekit {

double param_value(const competition_config& config, const rk_descriptor& d, const char* key) {
  for (uint32_t i = 0; i < d.param_count; ++i)
    if (std::strcmp(d.params[i].key, key) == 0) return config.params[i];
  return NAN;  // the loader refuses a whole-history plugin without it
}

dataset read_whole_input(const competition_config& config, const input_rows* rows) {
  const reader_entry* reader = find_reader(config.input_format);
  if (!reader) throw user_error(config.file.string(), 0, 0, "unknown input format '" + config.input_format + "'");
  dataset data;
  if (rows) {  // a program's rows; input_paths names them
    data.source = config.input_paths.front().string();
    rows->fill(data);
    return data;
  }
  for (const auto& path : config.input_paths) {
    if (data.source.empty()) data.source = path.string();
    reader->read(path, config.input_options, data);
  }
  return data;
}

}  // namespace ratekit
