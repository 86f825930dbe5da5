// The values `ratekit tune` searches (`--param NAME=LO:HI[:STEP]`), checked
// against the config, its plugin's schema and bounds before anything is rated,
// and the configs they make.
#pragma once

#include <ratekit/host/config/config.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace ratekit {

// NAME is a plugin parameter (`params:`), `home_advantage` (predicting and
// updating alike), `home_advantage.predict`, `home_advantage.update`,
// `initial.rating`, or `k_schedule.N`, the K of the schedule's Nth rule (from 1).
struct tuned_param {
  std::string name;
  double lo = 0, hi = 0;
  double step = 0;     // 0: continuous, searched by the optimiser
  bool whole = false;  // an integer parameter: its values are whole numbers
  std::string given;   // the option as given, for messages
};

// Parses "NAME=LO:HI[:STEP]"; throws on a malformed one, LO >= HI or a step not above 0.
tuned_param parse_tuned_param(std::string_view text);

// Throws, naming each faulty --param, unless every name is one `config` can set
// (a number of its plugin's schema, ...), none is given twice, and every range
// lies within the value's bounds: the configs at both ends of each range are
// loaded as every candidate will be.
void check_space(std::vector<tuned_param>& space, const competition_config& config, const model_catalog& models);

// The grid of stepped ranges: LO, LO + STEP, ... up to HI (HI itself when a
// step lands on it), every combination; refuses more than `limit` points.
std::vector<std::vector<double>> grid_points(const std::vector<tuned_param>& space, size_t limit);

// `config`'s YAML with `values` set at the names of `space` (the values as
// the shortest text that reads back as them).
std::string yaml_with(const competition_config& config, const std::vector<tuned_param>& space,
                      const std::vector<double>& values);

// `config` with `values` set: its YAML changed and loaded again, so every value
// is checked as a config file's would be.
competition_config config_with(const competition_config& config, const std::vector<tuned_param>& space,
                               const std::vector<double>& values, const model_catalog& models);

}  // namespace ratekit
