#include "publish.hpp"
#include "whole_history_unit.hpp"

#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/text/format.hpp>
#include <ratekit/host/whole_history/whole_history.hpp>

#include <spdlog/spdlog.h>

#include <chrono>

namespace ratekit {

unit_result run_whole_history_into(output_folder* folder, const competition_config& config,
                                   const plugin_registry& registry, const std::filesystem::path& dir,
                                   const unit_options& options, progress& bar, const input_rows* rows) {
  refuse_unavailable_for_whole_history(config);  // before a database is opened, or created
  refuse_bad_priors(config, *registry.get(config.model));  // as is a bad `initial`
  if (options.replace && config.output_database.empty())
    throw user_error(config.file.string(), 0, 0, "--replace replaces runs recorded in the history database: the config "
                                                 "names none (output.database)");
  const auto phase = [&](const std::string& name, uint64_t total, const std::string& unit) {
    bar.phase(name, total, unit);
    return &bar.counter();
  };
  const auto start = std::chrono::steady_clock::now();
  std::optional<run_recording> recording;
  std::optional<recorded_history> recorded;
  if (!config.output_database.empty()) {
    recording.emplace(config.output_database, config.competition, !options.no_wait);
    bar.phase("reading " + config.output_database.string(), 0, "");
    recorded = read_recorded_history(*recording, config, registry.get(config.model)->descriptor(), options.replace,
                                     options.new_model, rows);
  }
  whole_history_fit fit = fit_whole_history(config, registry, phase, rows, recorded ? &recorded->start : nullptr);
  const auto& swept = fit.summary;
  spdlog::info("{} sweeps, the last changing a mean by at most {} ({}converged to epsilon {})",
               swept["sweeps"].get<uint64_t>(),
               swept["last_change"].is_null() ? "nothing" : format_number(swept["last_change"].get<double>()),
               swept["converged"].get<bool>() ? "" : "not ", format_number(swept["epsilon"].get<double>()));
  std::vector<std::vector<double>> forecast = forecast_states(fit);  // a drift's failure before anything is written
  std::optional<recorded_run> recorded_run;
  if (recording) {
    bar.phase("recording into " + config.output_database.string(), 0, "");
    recorded_run = record_history(*recording, fit, config, *recorded);
  }
  const double rating_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (folder) bar.phase("writing " + dir.string());
  std::vector<output_text> files;
  publish_files(folder, [&](const std::filesystem::path&) { return whole_history_texts(fit, config); }, files,
                recording ? &*recording : nullptr);
  return unit_result{std::move(fit.run), std::move(recorded_run), {}, rating_seconds, std::move(forecast),
                     std::move(files)};
}

}  // namespace ratekit
