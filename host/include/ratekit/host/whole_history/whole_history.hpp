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
#include <ratekit/host/output/files/output_text.hpp>
#include <ratekit/host/output/reports/chart.hpp>
#include <ratekit/host/plugin/plugin.hpp>
#include <ratekit/host/plugin/whole_history_model.hpp>
#include <ratekit/host/recording/run_recording.hpp>

#include <array>
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
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
  std::vector<double> warm_state;  // the model's exact warm start after the sweeps (warm_width() per entry), or empty
};

// What a run recorded into the history database fits (run/whole_history_unit.cpp): every game, those the
// competition's runs recorded first, in their order, then this run's input; and the last fit's estimates, by
// batch label and player (store::estimate_key), to warm-start from where the model can.
struct fit_start {
  dataset data;
  std::unordered_map<std::string, std::array<double, 2>> estimates;
  // For a model with an exact warm start (whole_history.h's warm_state): the state the last fit left for each
  // recorded game's two entries, A's then B's (or each recorded team match's entries, in order), the model's
  // warm width each: the first of data's games (or team matches).
  std::vector<double> warm_state;
};

// A whole-history run with output.database (docs/history-database.md, "Whole-history models"): the
// competition's recorded games and this run's input merged into one history (`start`), fitted from what the
// last fit left, recorded in the run's transaction in the place of the last fit.
struct recorded_history {
  fit_start start;
  std::vector<int64_t> run_of;        // the run of each recorded game (the first of start.data's games)
  std::vector<earlier_run> replaced;  // with replace: the runs that recorded one of this input's batches
  std::optional<earlier_run> same;    // the run that recorded this input before: nothing is recorded
  std::string fingerprint;
};

// Reads what the run fits, refusing before anything is written: a competition whose runs rated period by
// period, a batch an earlier run recorded from other input (unless `replace`), another model (unless
// `new_model`), team matches into a competition of duels or the other way round; a damaged row of the
// recorded games, team matches or estimates.
recorded_history read_recorded_history(run_recording& recording, const competition_config& config,
                                       const rk_descriptor& model, bool replace, bool new_model,
                                       const input_rows* rows);
// Records the fit (of `config`) of read_recorded_history's start, unless it is the same input again.
std::optional<recorded_run> record_history(run_recording& recording, const whole_history_fit& fit,
                                           const competition_config& config, const recorded_history& history);
// Refuses a run of a model rated period by period into a competition of whole-history runs.
void refuse_whole_history_competition(run_recording& recording, const competition_config& config);

// Refuses, at its key, what a config asks of a whole-history model that the host does not yet give it (a home
// advantage in the update other than in the forecast), before anything is read; `initial` is read_prior_list's
// (whole_history/priors.hpp).
void refuse_unavailable_for_whole_history(const competition_config& config);
// Refuses a bad `initial` (the players' priors, whole_history/priors.hpp) of `model`, before anything is read.
void refuse_bad_priors(const competition_config& config, const plugin& model);

// Starts a phase of the work (reading, sweeping) and returns the counter its progress is shown from.
using phase_fn = std::function<std::atomic<uint64_t>*(const std::string& name, uint64_t total, const std::string& unit)>;

// Reads, checks and fits `config`'s input (see above), or `rows` in the place of its files when given, or
// `start`'s games (moved from), warm-started from its estimates; those games are then kept in run.data.
// Throws user_error for bad input and plugin failures.
whole_history_fit fit_whole_history(const competition_config& config, const plugin_registry& plugins,
                                    const phase_fn& phase = {}, const input_rows* rows = nullptr,
                                    fit_start* start = nullptr);

// `metrics: walk-forward` without a fit or a file (for `ratekit compare`): reads `config`'s input (or `rows`, when
// given) as a fit does and calls `forecast(game, expected_a)` for every duel, `game` its index in the input's
// order, each forecast from a fit of the batches before the game's own only (whole_history/walk_forward.hpp).
// Team matches are refused.
void forecast_walk_forward(const competition_config& config, const plugin_registry& plugins, const input_rows* rows,
                           const std::function<void(size_t game, double expected_a)>& forecast);

// history.csv of a fit: date (the batch's day, month or year), player, rating, deviation, games (that
// batch): one row per player per batch he played in, batches in time order; only `columns` (output.history's
// list: `date` or `period` names the batch's) when given, in that order.
std::string whole_history_csv(const whole_history_fit& fit, const std::vector<std::string>& columns = {});

// The fit's files, built in memory: ratings.csv, history.csv (unless `config`'s output.history is false),
// chart.svg (output.charts), the report (output.report), summary.json; `config` is the one the fit was made from.
std::vector<output_text> whole_history_texts(const whole_history_fit& fit, const competition_config& config);
// Writes them into `dir`, created when missing.
void write_whole_history_outputs(const whole_history_fit& fit, const competition_config& config,
                                 const std::filesystem::path& dir);

// True when `dir` holds a whole-history run's outputs (its summary.json has "whole_history").
bool is_whole_history_folder(const std::filesystem::path& dir);

// The named players' smoothed curves from a whole-history run's history.csv (`ratekit chart` on its folder):
// one point per batch each played in, its deviation the band, as the run's chart.svg draws them; a month's or
// a year's batch at its first day. A bad row is refused at its line and column, a player without rows with
// the nearest name.
std::vector<rating_series> read_smoothed_series(const std::filesystem::path& history_csv,
                                                const std::vector<std::string>& players);

// Each player's state (descriptor order) at `time` (a batch time: days, months or years), his last estimate
// widened by the model's drift over the time since his last batch; players never rated keep `initial`.
std::vector<std::vector<double>> drifted_states(const whole_history_fit& fit, double time);
// drifted_states at the history's last batch: the states `ratekit predict` forecasts new games from.
std::vector<std::vector<double>> forecast_states(const whole_history_fit& fit);

}  // namespace ratekit
