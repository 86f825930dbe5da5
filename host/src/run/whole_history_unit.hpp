// A run of a whole-history model as one unit: fitted, its files written into the staging folder and
// published together, as run_unit does for the other kinds; `folder` nullptr: its files kept in memory.
#pragma once

#include <ratekit/host/output/files/output_folder.hpp>
#include <ratekit/host/run/run_unit.hpp>

namespace ratekit {

unit_result run_whole_history_into(output_folder* folder, const competition_config& config,
                                   const plugin_registry& registry, const std::filesystem::path& dir,
                                   const unit_options& options, progress& bar, const input_rows* rows);

}  // namespace ratekit
