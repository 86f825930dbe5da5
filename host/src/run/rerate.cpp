#include <ratekit/host/run/rerate.hpp>

#include <ratekit/host/config/config.hpp>
#include <ratekit/host/engine/engine.hpp>
#include <ratekit/host/input/ratings_list.hpp>
#include <ratekit/host/plugin/plugin.hpp>
#include <ratekit/host/store/location.hpp>
#include <ratekit/host/text/diagnostics.hpp>

#include <nlohmann/json.hpp>

#include <stdexcept>

namespace ratekit {
namespace {

namespace fs = std::filesystem;

std::string which_run(const earlier_run& r) {
  return "run " + std::to_string(r.id) + " of " + r.recorded_at + " (" + r.config_file + ")";
}

// The config `r` was recorded with, reading the files it read, checked unchanged.
competition_config recorded_config(const earlier_run& r, const competition_config& replacing,
                                   const plugin_registry& registry) {
  const fs::path file(r.config_file);
  competition_config config = load_config(config_text{r.config_file, r.config_text, fs::absolute(file).parent_path(), true}, registry);
  config.file = file;
  // runs.inputs: the files read, or with --period-label {"files": [...], "period_label": ...}.
  const nlohmann::json inputs = nlohmann::json::parse(r.inputs);
  const bool labelled = inputs.is_object();
  config.input_paths.clear();
  for (const auto& input : labelled ? inputs.at("files") : inputs) config.input_paths.emplace_back(input.get<std::string>());
  if (labelled) config.period_label = inputs.at("period_label").get<std::string>();
  const std::string must = "; " + which_run(r) + " read it and started from ratings this run replaced, so it must "
                           "be rated again from the same input; nothing was recorded";
  for (const fs::path& input : config.input_paths) {
    std::error_code ec;
    if (fs::status(input, ec).type() != fs::file_type::regular)
      throw user_error(input.string(), 0, 0, "input file not found" + must);
  }
  if (input_fingerprint(config) != r.fingerprint) {
    std::string files;
    for (const fs::path& input : config.input_paths) files += (files.empty() ? "" : ", ") + input.string();
    throw user_error(config.input_paths.size() == 1 ? files : r.config_file, 0, 0,
                     "input changed since it was recorded (" + files + ")" + must +
                         ". Put back the file it read, or run that month again yourself after this one");
  }
  if (same_database(config.initial_database, config.output_database)) config.initial_database = replacing.output_database;
  config.output_database = replacing.output_database;
  return config;
}

}  // namespace

std::vector<rerated_run> rate_later_runs(run_recording& recording, const std::vector<earlier_run>& removed,
                                         const competition_config& replacing, const plugin_registry& registry,
                                         progress& bar) {
  std::vector<std::pair<earlier_run, competition_config>> later;
  for (const earlier_run& r : removed)  // in the order recorded (runs_from)
    if (r.period.empty()) later.emplace_back(r, recorded_config(r, replacing, registry));
  std::vector<rerated_run> out;
  for (auto& [was, config] : later) {
    bar.phase("rating " + config.competition + " again as " + which_run(was), 0, "games");
    const rk_descriptor& model = registry.get(config.model)->descriptor();
    rated_games_sink& sink = recording.stream(config, model, was.fingerprint, stream_policy{});
    // A run that started from the database reads it in the transaction that replaced the run it started from.
    const bool starts_here = config.initial_database == replacing.output_database;
    const run_result run =
        rate(config, registry, run_services{&bar.counter(), &sink, starts_here ? &recording : nullptr, nullptr});
    if (!run.database_streamed) throw std::logic_error("a run rated again did not stream its rows to the database");
    out.push_back({was, recording.finish_stream(run)});
  }
  return out;
}

}  // namespace ratekit
