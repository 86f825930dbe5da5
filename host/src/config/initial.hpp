// `initial`: where a run's players start: a rating and the model's other
// state fields, a ratings list or a history database, and an adjustment of it.
#pragma once

#include <ratekit/host/config/config.hpp>

#include "config/yaml_check.hpp"

#include <filesystem>
#include <optional>

namespace ratekit::config {

// Reads `initial`; its `database` is left in `database`, for read_initial_database
// once output.database is known.
void read_initial(checker& c, const field& f, const std::filesystem::path& base, const rk_descriptor* model,
                  std::optional<field>& database, competition_config& cfg);

// initial.database must exist, unless it is output.database: then a first run
// starts every player new and creates it, so one config serves every month.
void read_initial_database(checker& c, const field& f, const std::filesystem::path& base, competition_config& cfg);

}  // namespace ratekit::config
