// Stage whole_history. In: a config whose model rates the whole history at once (RK_CAP_WHOLE_HISTORY).
// Out: the fit, every player's estimate at every time he played from all results before and after it,
// as the run_result the outputs read, and its own history.csv.
//
// The input is read and checked as for every model, then placed in time (batches of one day, month or
// year), handed to the plugin whole, and swept until the largest change of a mean is at most `epsilon` or
// `iterations` sweeps are done.
#pragma once

#include <ratekit/host/config/config.hpp>
#include <ratekit/host/engine/engine.hpp>
#include <ratekit/host/plugin/plugin.hpp>
#include <ratekit/host/plugin/whole_history_model.hpp>

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace ratekit {

struct dense_history;

struct whole_history_fit {
  // Players, counts, in-sample metrics; state: each player's latest estimate (rating, deviation), games
  // (matches played), peak (highest mean), last_date and last_period (his last batch). run.rater forecasts.
  run_result run;
  std::unique_ptr<whole_history_model> fitter;  // the instance that was swept, for drift()
  nlohmann::ordered_json summary;  // summary.json's "whole_history": sweeps, last change, log evidence
  std::shared_ptr<const dense_history> history;
  std::vector<double> mean, sd;  // each entry's estimate, at its match's time
};

// Refuses, at its key, what a config asks of a whole-history model that the host does not yet give it (a
// starting list or database, the history database, the report, --period-label), before anything is read.
void refuse_unavailable_for_whole_history(const competition_config& config);

// Starts a phase of the work (reading, sweeping) and returns the counter its progress is shown from.
using phase_fn = std::function<std::atomic<uint64_t>*(const std::string& name, uint64_t total, const std::string& unit)>;

// Reads, checks and fits `config`'s input (see above), or `rows` in the place of its files when given.
// Throws user_error for bad input and plugin failures.
whole_history_fit fit_whole_history(const competition_config& config, const plugin_registry& plugins,
                                    const phase_fn& phase = {}, const input_rows* rows = nullptr);

// history.csv of a fit: date (the batch's day, month or year), player, rating, deviation, games (that
// batch): one row per player per batch he played in, batches in time order.
std::string whole_history_csv(const whole_history_fit& fit);

// Writes the fit's files into `dir`: ratings.csv, history.csv (unless output.history is false), chart.svg
// (output.charts), summary.json.
void write_whole_history_outputs(const whole_history_fit& fit, const std::filesystem::path& dir);

// Refuses `command` (chart, report) on an output folder a whole-history run wrote: its files are not the
// period engine's.
void refuse_whole_history_folder(const std::filesystem::path& dir, const std::string& command);

// Each player's state (descriptor order) at `time` (a batch time: days, months or years), his last estimate
// widened by the model's drift over the time since his last batch; players never rated keep `initial`.
std::vector<std::vector<double>> drifted_states(const whole_history_fit& fit, double time);

}  // namespace ratekit
