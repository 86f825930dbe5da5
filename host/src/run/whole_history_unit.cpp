#include "whole_history_unit.hpp"

#include <ratekit/host/run_end/run_end.hpp>
#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/text/format.hpp>
#include <ratekit/host/whole_history/whole_history.hpp>

#include <spdlog/spdlog.h>

#include <chrono>
#include <mutex>

namespace ratekit {

unit_result run_whole_history_into(output_folder& folder, const competition_config& config,
                                   const plugin_registry& registry, const std::filesystem::path& dir,
                                   const unit_options& options, progress& bar, const input_rows* rows) {
  if (options.replace)
    throw user_error(config.file.string(), 0, 0, "--replace is not yet available for whole-history models");
  const auto phase = [&](const std::string& name, uint64_t total, const std::string& unit) {
    bar.phase(name, total, unit);
    return &bar.counter();
  };
  const auto start = std::chrono::steady_clock::now();
  whole_history_fit fit = fit_whole_history(config, registry, phase, rows);
  const double rating_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const auto& swept = fit.summary;
  spdlog::info("{} sweeps, the last changing a mean by at most {} ({}converged to epsilon {})",
               swept["sweeps"].get<uint64_t>(),
               swept["last_change"].is_null() ? "nothing" : format_number(swept["last_change"].get<double>()),
               swept["converged"].get<bool>() ? "" : "not ", format_number(swept["epsilon"].get<double>()));
  std::vector<std::vector<double>> forecast = forecast_states(fit);  // a drift's failure before anything is written
  bar.phase("writing " + dir.string());
  folder.check_staging();
  write_whole_history_outputs(fit, config, folder.staging());
  const std::lock_guard ending(run_end_lock());  // an interrupt finds the outputs all old or all new
  folder.publish();
  return unit_result{std::move(fit.run), std::nullopt, {}, rating_seconds, std::move(forecast)};
}

}  // namespace ratekit
