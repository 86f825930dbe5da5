#include "run_handle.hpp"

#include "table_arrays.hpp"

#include <ratekit/host/output/files/ratings_table.hpp>

namespace py = pybind11;

namespace ratekit::python {

py::object run_handle::history_columns() const {
  return history ? py::object(table_arrays(history->columns())) : py::none();
}

py::object run_handle::ratings_columns() const {
  if (unit->run.source->has(RK_CAP_WHOLE_HISTORY)) return py::none();
  return table_arrays(ratings_table(unit->run, *config));
}

std::vector<output_text> run_handle::files() const {
  std::vector<output_text> out = unit->files;
  if (history) out.insert(out.end() - 1, {"history.csv", history->csv()});
  return out;
}

py::object run_handle::file(const std::string& name) const {
  for (const output_text& f : unit->files)
    if (f.name == name) return py::bytes(f.content);
  return py::none();
}

std::vector<std::string> run_handle::file_names() const {
  std::vector<std::string> names;
  for (const output_text& f : unit->files) names.push_back(f.name);
  if (history) names.emplace_back("history.csv");
  return names;
}

std::shared_ptr<history_table> history_in_memory(const competition_config& config, const plugin_registry& plugins,
                                                 const std::filesystem::path& dir) {
  if (!dir.empty() || !config.write_history) return nullptr;
  return std::make_shared<history_table>(config, plugins.get(config.model)->descriptor());
}

}  // namespace ratekit::python
