// A run as one unit: its output folder and its rows in the history database
// land together or not at all, and re-running after any failure or kill gives
// what an undisturbed run gives.
#pragma once

#include <ratekit/host/run/progress.hpp>
#include <ratekit/host/run/rerate.hpp>

#include <ratekit/host/config/config.hpp>
#include <ratekit/host/engine/engine.hpp>
#include <ratekit/host/output/files/history_table.hpp>
#include <ratekit/host/output/files/output_text.hpp>
#include <ratekit/host/recording/run_recording.hpp>

#include <filesystem>
#include <optional>

namespace ratekit {

struct unit_result {
  run_result run;
  std::optional<recorded_run> recorded;
  std::vector<rerated_run> rerated;  // with --replace: the later runs rated again (rate_later_runs)
  double rating_seconds = 0;  // reading and rating (and recording, when the rows stream), without writing
  // The states new games are forecast from, in run.state's layout; empty: run.state.columns. A whole-history
  // model's: each player's last estimate widened by its drift to the history's last batch (forecast_states).
  std::vector<std::vector<double>> forecast_columns = {};
  // The files of a run without a folder (run_unit's `dir` empty), in memory: ratings.csv, summary.json and those
  // the config asks for but history.csv, which options.history keeps (a whole-history model's run keeps it here).
  std::vector<output_text> files = {};
};

// Rates `config` and publishes the outputs into `dir` and the database. A period
// the database already holds from the same input is left as it is (the outputs
// are written again); from other input it is refused unless `replace`, which
// removes the earlier runs that recorded any of this run's periods. A model or
// parameters other than the competition's latest run are refused unless
// `new_model`: ratings of two models are not on one scale.
struct unit_options {
  bool replace = false;    // replace the runs that recorded this run's periods from other input
  bool new_model = false;  // accept a model or parameters other than the competition's latest run
  bool no_wait = false;    // on a server: refuse, not wait, while another run records the competition
  // history.csv's rows kept here instead of written (the Python module's frames)
  history_table* history = nullptr;
};

// `rows`, when given, are read in the place of the config's input files (a Python frame's games). With `dir`
// empty, no folder is written: the files, the streamed report's too, are kept in unit_result::files,
// history.csv's rows in options.history (then required when the config asks for history, and read by the chart);
// the database, if any, records the run as ever.
unit_result run_unit(competition_config config, const plugin_registry& registry, const std::filesystem::path& dir,
                     unit_options options, progress& bar, const input_rows* rows = nullptr);

}  // namespace ratekit
