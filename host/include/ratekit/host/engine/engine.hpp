// Stage engine. In: a config, a loaded model and the input read as it streams.
// Out: a run_result (final state, per-game outputs kept for the outputs, metrics).
//
// The engine: reads a competition's input, evaluates K schedules and home
// advantage, cuts the stream into rating periods and hands batches to the plugin.
#pragma once

#include <ratekit/host/config/config.hpp>
#include <ratekit/host/engine/rated_games_sink.hpp>
#include <ratekit/host/engine/starting_state.hpp>
#include <ratekit/host/input/dataset.hpp>
#include <ratekit/host/input/input_rows.hpp>
#include <ratekit/host/plugin/plugin.hpp>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace ratekit {

// Per-player state as the ABI wants it: one column per state field.
struct player_state {
  std::vector<std::vector<double>> columns;  // [field][player]
  std::vector<double> games;                 // rated games played
  std::vector<double> peak;                  // highest rating held
  // When each player was last rated (ABI 1.1 rk_state): the period number,
  // RK_NEVER_RATED before his first, and that period's last date. The plugin's
  // period loop moves them; the host starts them and keeps them between calls.
  std::vector<int64_t> last_period;
  std::vector<int32_t> last_date;
  // Each player's year of birth, NaN when unknown (ABI 1.6 rk_state): the K
  // schedule's age and models that start a new player from his age read it.
  std::vector<double> birth_year;

  rk_state view();
  double* rating() { return columns[0].data(); }
  const double* rating() const { return columns[0].data(); }

 private:
  std::vector<double*> pointers_;
};

struct rated_event;

// A rating change no game reports (ABI 1.4 rk_host.adjust), as outputs see it.
struct rated_adjustment {
  size_t game = 0;           // the game whose rating period it belongs to (in rated_games: of its games)
  int32_t player = 0;
  double delta = 0;
  double before = 0, after = 0;  // the player's rating at the start and the end of that period
  const std::string* reason = nullptr;
};

// The end of the rating period that holds game `game`: the first of `ends` (`count` of them) past it; with
// none, a period per game.
inline size_t period_end_of(size_t game, const uint64_t* ends, size_t count) {
  return ends ? size_t(*std::upper_bound(ends, ends + count, uint64_t(game))) : game + 1;
}

// The state field a chart draws as a band around the rating: `rd` (Glicko's), else `sigma` (TrueSkill's,
// Weng-Lin's); -1 when the model keeps neither.
int deviation_field(const plugin& p);

// What a run computed. The config it ran is not in it: whoever writes its outputs or records it
// passes the config it already holds.
struct run_result {
  period_kind period = period_kind::game;  // the config's rating periods, which name the games' periods
  std::shared_ptr<const plugin> source;
  std::unique_ptr<model> rater;
  dataset data;
  player_state state;
  std::vector<double> start_ratings;     // ratings before the run, to replay the history
  std::vector<double> start_games;       // rated games before the run, to tell who played in it
  // Each player's deviation (deviation_field) before the run, where the charts' band starts; empty when the model keeps none.
  std::vector<double> start_spread;
  size_t players_rated = 0;              // players with a game or placing rated in the run
  // The number the run's first event or game period gets: a run that starts
  // from a database goes on from the periods recorded there.
  int64_t first_period_number = 0;
  bool history_streamed = false;   // history.csv went to a sink as the games (or events) were rated
  bool database_streamed = false;  // so did the history database's rows (output.database)
  bool report_streamed = false;    // and the report (output.report; a pairwise one written when the run ends)
  size_t game_count = 0, period_count = 0, entry_count = 0;
  // Kept only when an output reads them after the run (history, report, charts,
  // database, each unless a sink wrote it as the games were rated): then data.games holds every game, game_out its output and
  // period_ends the ends of the periods (none: a period per game). For ranked
  // events period_ends are the events' ends.
  std::vector<uint64_t> period_ends;
  std::vector<rk_game_out> game_out;
  // Kept with the games: the rating adjustments (ABI 1.4) by game, `game` the run's game index.
  std::vector<rated_adjustment> adjustments;
  // The state fields besides the rating that outputs show per game and period
  // (rd, volatility, ...: all but the plugin's bookkeeping_state).
  std::vector<uint32_t> shown_state;
  // Kept with the games when there are any: both sides' shown fields at the end
  // of each game's period, [(game * 2 + side) * shown_state.size() + k], side 0 is A.
  std::vector<double> game_state_after;
  // Per ranked event: true when the plugin rated none of its entries (too few rounds, ...).
  std::vector<bool> skipped;
  // Kept with the entries (data.entries) when an output reads them after the run: each entry's output.
  std::vector<rk_entry_out> entry_out;
  // The state fields after rating (volatility, times played, ...) of each ranked
  // entry's player, before and after its event: [entry * (fields - 1) + field - 1].
  std::vector<double> entry_state_before, entry_state_after;
  nlohmann::json metrics = nlohmann::json::object();

  // Calls fn(index, before_a, before_b, after_a, after_b) for every game in
  // order: before is the rating the game was evaluated on, after the rating at
  // the end of its period.
  void replay_games(const std::function<void(size_t, double, double, double, double)>& fn) const;
  // Each ranked event in order, as a sink is handed it while the run goes on (without names).
  void replay_events(const std::function<void(const rated_event&)>& fn) const;
  // True when the plugin rated none of event e's entries (e.g. too few rounds).
  bool event_skipped(size_t e) const;
  // Display name of the period of game or event i.
  std::string period_label(size_t i) const;
};

// The label of a game's rating period in the outputs: the month (2024-03), day,
// year, the input's event name, or with game periods the game's number from 1.
std::string period_label(period_kind kind, int32_t date, int32_t period, const std::vector<std::string>& period_names,
                         size_t game_index);

// What a run uses besides its config, which is plain data: passed apart, as the
// ABI passes a plugin the host's services (rk_host). Each may be null.
struct run_services {
  // Counts the games (or ranked entries) rated so far, for a progress display.
  std::atomic<uint64_t>* rated = nullptr;
  // Takes pairwise games as they are rated, so the run does not keep them for the
  // outputs it streams (run_result::history_streamed, database_streamed,
  // report_streamed); it gets them only when the config asks for one of those.
  // Ranked events go to it as well for the outputs its streams_events() names.
  rated_games_sink* sink = nullptr;
  // Reads initial.database (with config.initial_before_run) where the run may not
  // open it apart; null: the engine opens it.
  starting_state_reader* starting_state = nullptr;
  // Rows read in the place of the config's input files; null: the files are read.
  const input_rows* rows = nullptr;
  // run_result::metrics (summary.json's): off for a rating pass that scores its own
  // forecasts (evaluate/), which then pays for no log-loss nor pair forecasts.
  bool metrics = true;
};

// Rates a competition. Throws user_error for bad input and plugin failures,
// naming the file and line (or game index) involved.
run_result rate(const competition_config& config, const plugin_registry& plugins, const run_services& services = {});

}  // namespace ratekit
