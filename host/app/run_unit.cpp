#include "run_unit.hpp"

#include <ratekit/host/output/fan_out_sink.hpp>
#include <ratekit/host/output/history_writer.hpp>
#include <ratekit/host/output/output_folder.hpp>
#include <ratekit/host/output/outputs.hpp>
#include <ratekit/host/output/report_writer.hpp>
#include <ratekit/host/text/diagnostics.hpp>

#include <spdlog/spdlog.h>

#include <algorithm>

namespace ratekit::app {
namespace {

namespace fs = std::filesystem;

bool same_file(const fs::path& a, const fs::path& b) {
  std::error_code ec;
  return !a.empty() && !b.empty() && fs::equivalent(a, b, ec);
}

[[noreturn]] void refuse_other_input(const competition_config& config, const earlier_run& e) {
  throw user_error(config.output_database.string(), 0, 0,
                   "period '" + e.period + "' of competition '" + config.competition + "' is already recorded (run " +
                       std::to_string(e.id) + " of " + e.recorded_at +
                       ") from other input; nothing was recorded. To replace that run and every period it "
                       "recorded, run again with --replace");
}

}  // namespace

unit_result run_unit(competition_config config, const plugin_registry& registry, const fs::path& dir,
                     unit_options options, progress& bar) {
  output_folder folder(dir);  // locked before any work: a second run is refused at once
  std::optional<run_recording> recording;
  std::string fingerprint;
  if (!config.output_database.empty()) {
    recording.emplace(config.output_database);
    fingerprint = input_fingerprint(config);
  }
  // history.csv is written into the staging folder while the games are rated;
  // the report's records wait in a temporary file until the final ratings order them.
  const auto rate_streaming = [&] {
    std::optional<history_writer> history;
    if (config.write_history)
      history.emplace(folder.staging() / "history.csv", config, registry.get(config.model)->descriptor());
    std::optional<report_writer> report;
    if (config.write_report) report.emplace(folder.staging(), *registry.get(config.model));
    fan_out_sink sinks({history ? &*history : nullptr, report ? &*report : nullptr});
    run_result run = rate(config, registry, &bar.counter(), sinks.empty() ? nullptr : &sinks);
    if (history) history->finish();
    if (report) report->finish(run);
    return run;
  };
  bar.phase("reading and rating " + config.competition, 0, "games");
  unit_result out{rate_streaming(), std::nullopt};
  out.rating_seconds = bar.phase_seconds();
  if (recording) {
    const auto earlier = recording->earlier_runs(out.run);
    const bool same = !earlier.empty() && std::all_of(earlier.begin(), earlier.end(), [&](const earlier_run& e) {
      return e.fingerprint == fingerprint;
    });
    if (!earlier.empty() && !same && !options.replace) refuse_other_input(config, earlier.front());
    if (const std::string change = recording->model_change(out.run, earlier); !change.empty()) {
      if (!options.new_model)
        throw user_error(config.output_database.string(), 0, 0,
                         "competition '" + config.competition + "' changes model: " + change +
                             "; ratings of two models are not on one scale, so nothing was recorded. To record "
                             "the change, run again with --new-model");
      spdlog::warn("competition '{}' changes model: {} (--new-model)", config.competition, change);
    }
    if (!earlier.empty() && same_file(config.initial_database, config.output_database)) {
      // Redone from the state those runs started from, not the state they left.
      for (const auto& e : earlier) config.initial_before_run = std::min(config.initial_before_run, e.id);
      bar.phase("rating " + config.competition + " again from the state before run " +
                std::to_string(config.initial_before_run), 0, "games");
      out.run = rate_streaming();
      out.rating_seconds += bar.phase_seconds();
    }
    const auto& d = out.run.data;
    if (same) {
      out.recorded = recorded_run{earlier.front().id, 0, size_t(d.players.size()), true};
    } else {
      if (!earlier.empty()) recording->remove_runs(earlier);
      bar.phase("recording " + config.output_database.filename().string(),
                d.ranked() ? d.entries.size() : d.games.size(), d.ranked() ? "entries" : "games");
      out.recorded = recording->record(out.run, fingerprint, &bar.counter());
    }
  }
  bar.phase("writing " + dir.string());
  write_outputs(out.run, folder.staging());
  folder.publish();
  if (recording) {
    try {
      recording->commit();
    } catch (...) {
      folder.unpublish();  // the previous outputs go back with the previous database
      throw;
    }
  }
  return out;
}

}  // namespace ratekit::app
