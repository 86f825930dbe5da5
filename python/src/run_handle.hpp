// A finished run as the package's Result holds it: its final state for predictions, the config it ran and,
// when the caller gave no folder, its files in memory (unit_result::files, and history.csv's rows in a
// history_table), which the package builds its DataFrames from.
#pragma once

#include <ratekit/host/config/config.hpp>
#include <ratekit/host/output/files/history_table.hpp>
#include <ratekit/host/output/files/output_text.hpp>
#include <ratekit/host/plugin/plugin.hpp>
#include <ratekit/host/run/run_unit.hpp>

#include <pybind11/pybind11.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace ratekit::python {

struct run_handle {
  std::shared_ptr<const unit_result> unit;
  std::shared_ptr<const competition_config> config;
  std::shared_ptr<const history_table> history;  // history.csv's rows, when kept in memory instead of the file
  double rating_seconds() const { return unit->rating_seconds; }
  pybind11::object history_columns() const;
  // ratings.csv's rows from the run's state; None for a whole-history model's run, whose file is its own.
  pybind11::object ratings_columns() const;
  // The files kept in memory, history.csv's text before summary.json, which comes last as a run writes it.
  std::vector<output_text> files() const;
  // A file kept in memory, as bytes; None when the run kept none of that name (history.csv: history_columns).
  pybind11::object file(const std::string& name) const;
  std::vector<std::string> file_names() const;
};

// history.csv's rows kept in memory for the frame when the run writes no folder (`dir` empty) and history is on.
std::shared_ptr<history_table> history_in_memory(const competition_config& config, const plugin_registry& plugins,
                                                 const std::filesystem::path& dir);

}  // namespace ratekit::python
