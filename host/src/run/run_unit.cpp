#include <ratekit/host/run/run_unit.hpp>

#include "publish.hpp"
#include "whole_history_unit.hpp"

#include <ratekit/host/output/files/output_folder.hpp>
#include <ratekit/host/output/files/outputs.hpp>
#include <ratekit/host/output/run_outputs.hpp>
#include <ratekit/host/store/location.hpp>
#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/whole_history/whole_history.hpp>

#include <algorithm>
#include <stdexcept>

namespace ratekit {
namespace {

namespace fs = std::filesystem;

// An error about a file in the staging folder, which is gone once the run has
// failed, named by the path the file was to have: out/history.csv.
user_error as_published(const user_error& e, const fs::path& staging, const fs::path& dir) {
  const std::string from = staging.string(), to = dir.string();
  std::vector<diagnostic> named = e.diagnostics();
  for (diagnostic& d : named)
    for (std::string* text : {&d.file, &d.message})
      for (size_t at = text->find(from); at != std::string::npos; at = text->find(from, at + to.size()))
        text->replace(at, from.size(), to);
  return user_error(std::move(named));
}

// A run without a folder has no file to stream history.csv into: its rows go to options.history (run_unit.hpp).
void check_kept_in_memory(const competition_config& config, const unit_options& options) {
  if (config.write_history && !options.history)
    throw std::logic_error("a run kept in memory takes history.csv's rows into a history_table");
}

// The files of a run kept in memory: those built once it is rated, with the streamed ones (the report) before
// summary.json, which comes last as a run writes it.
void keep_streamed(std::vector<output_text>& files, output_sink& streamed) {
  std::vector<output_text> texts = streamed.take_texts();
  files.insert(files.end() - 1, std::make_move_iterator(texts.begin()), std::make_move_iterator(texts.end()));
}

// `folder` nullptr: a run kept in memory.
unit_result run_into(output_folder* folder, competition_config config, const plugin_registry& registry,
                     const fs::path& dir, unit_options options, progress& bar, const input_rows* rows) {
  const rk_descriptor& model = registry.get(config.model)->descriptor();
  std::optional<run_recording> recording;
  std::string fingerprint;
  std::optional<earlier_run> same;  // the run that recorded this input before
  bool starts_here = false;  // it records into the database it starts from
  if (!config.output_database.empty()) {
    recording.emplace(config.output_database, config.competition, !options.no_wait);
    refuse_whole_history_competition(*recording, config);
    // Asked once the recording made the file a first run creates. Such a run reads its starting state in the
    // recording's transaction, which the runs rated again after a --replace read too.
    starts_here = same_database(config.initial_database, config.output_database);
    fingerprint = input_fingerprint(config);
    same = recording->same_input(config.competition, fingerprint);
    // Known before rating: with --replace, which runs go is known only when their periods are met.
    // The same input again records nothing, so it changes no model.
    if (!same && !options.replace) check_model(*recording, config, model, {}, options.new_model);
    // Redone from the state that run started from, not the state it left.
    if (same && starts_here) config.initial_before_run = std::min(config.initial_before_run, same->id);
  }
  // history.csv and the report are written into the staging folder while the
  // games or events are rated, and the database's rows unless they are there already.
  output_sink streamed(folder ? folder->staging() : fs::path());
  const auto rate_streaming = [&](rated_games_sink* database) {
    streamed_outputs outputs(config, *registry.get(config.model), streamed, database, options.history);
    const run_services services{&bar.counter(), outputs.sink(), starts_here ? &*recording : nullptr, rows};
    run_result run = rate(config, registry, services);
    outputs.finish(run, config);
    return run;
  };
  // The database's rows are written as the games or events are rated.
  bar.phase((recording && !same ? "reading, rating and recording " : "reading and rating ") + config.competition, 0,
            "games");
  unit_result out{run_result{}, std::nullopt, {}};
  const stream_policy policy{options.replace, starts_here};
  for (;;) {
    try {
      rated_games_sink* database = recording && !same ? &recording->stream(config, model, fingerprint, policy) : nullptr;
      out.run = rate_streaming(database);
      if (out.run.database_streamed) {
        out.recorded = recording->finish_stream(out.run);
        if (options.replace) {  // against the latest run but those it replaced and its own, recorded by now
          std::vector<earlier_run> other = out.recorded->replaced;
          other.push_back(earlier_run{out.recorded->run_id, {}, {}, {}, {}, {}, {}});
          check_model(*recording, config, model, other, options.new_model);
        }
      }
      break;
    } catch (const rate_again& e) {
      // A run to replace recorded one of its periods: rated again from the state before that run.
      out.rating_seconds += bar.phase_seconds();
      config.initial_before_run = std::min(config.initial_before_run, e.run.id);
      recording->restart();
      if (options.history) options.history->clear();  // its rows of the first rating go
      bar.phase("rating " + config.competition + " again from the state before run " +
                std::to_string(config.initial_before_run), 0, "games");
    }
  }
  out.rating_seconds += bar.phase_seconds();
  // The runs removed for starting from ratings replaced: recorded again, in the same transaction.
  if (out.recorded && !same) {
    // Each in a phase of its own: rating_seconds stays this run's, as its game count is.
    out.rerated = rate_later_runs(*recording, out.recorded->replaced, config, registry, bar);
  }
  if (same) out.recorded = recorded_run{same->id, 0, size_t(out.run.data.players.size()), true, {}};
  if (folder) bar.phase("writing " + dir.string());
  const auto build = [&](const fs::path& staging) { return output_texts(out.run, config, staging, options.history); };
  publish_files(folder, build, out.files, recording ? &*recording : nullptr);
  if (!folder) keep_streamed(out.files, streamed);
  return out;
}

}  // namespace

unit_result run_unit(competition_config config, const plugin_registry& registry, const fs::path& dir,
                     unit_options options, progress& bar, const input_rows* rows) {
  // Swept over the whole history, not period by period.
  const bool whole_history = registry.get(config.model)->has(RK_CAP_WHOLE_HISTORY);
  if (dir.empty()) {  // kept in memory
    if (whole_history) return run_whole_history_into(nullptr, config, registry, dir, options, bar, rows);
    check_kept_in_memory(config, options);
    return run_into(nullptr, std::move(config), registry, dir, options, bar, rows);
  }
  output_folder folder(dir);  // locked before any work: a second run is refused at once
  try {
    if (whole_history) return run_whole_history_into(&folder, config, registry, dir, options, bar, rows);
    return run_into(&folder, std::move(config), registry, dir, options, bar, rows);
  } catch (const user_error& e) {
    throw as_published(e, folder.staging(), dir);
  }
}

}  // namespace ratekit
