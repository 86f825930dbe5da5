#include "whole_history/read_input.hpp"

#include <ratekit/host/input/readers.hpp>

#include "engine/one_period.hpp"
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
  // --period-label: every game must lie in the period it names, so the input is one batch (engine/one_period.hpp).
  one_period label(config.period_label, config.period);
  for (const auto& path : config.input_paths) {
    if (data.source.empty()) data.source = path.string();
    const size_t before = data.games.size();
    reader->read(path, config.input_options, data);
    if (data.games.size() > before) label.apply(data, path.string());
  }
  if (!config.period_label.empty() && data.ranked())
    throw user_error(data.source, 0, 0, "--period-label checks that every duel lies in the period it names; the "
                                        "input holds team matches, which it does not check: leave --period-label out");
  return data;
}

}  // namespace ratekit
