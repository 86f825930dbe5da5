// Stage engine. In: a config, a loaded model and the input read as it streams.
// Out: a run_result (final state, per-game outputs kept for the outputs, metrics).
//
// The engine: reads a competition's input, evaluates K schedules and home
// advantage, cuts the stream into rating periods and hands batches to the plugin.
#pragma once

#include <ratekit/host/config/config.hpp>
#include <ratekit/host/input/dataset.hpp>
#include <ratekit/host/plugin/plugin.hpp>

#include <nlohmann/json.hpp>

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

  rk_state view();
  double* rating() { return columns[0].data(); }
  const double* rating() const { return columns[0].data(); }

 private:
  std::vector<double*> pointers_;
};

struct run_result {
  competition_config config;
  std::shared_ptr<const plugin> source;
  std::unique_ptr<model> rater;
  dataset data;
  player_state state;
  std::vector<double> start_ratings;     // ratings before the run, to replay the history
  // The number the run's first event or game period gets: a run that starts
  // from a database goes on from the periods recorded there.
  int64_t first_period_number = 0;
  size_t game_count = 0, period_count = 0;
  // Kept only when an output reads them after the run (history, report, charts,
  // database): then data.games holds every game, game_out its output and
  // period_ends the ends of the periods (none: a period per game). For ranked
  // events period_ends are the events' ends.
  std::vector<uint64_t> period_ends;
  std::vector<rk_game_out> game_out;
  // The state fields besides the rating that outputs show per game and period
  // (rd, volatility, ...: all but the plugin's bookkeeping_state).
  std::vector<uint32_t> shown_state;
  // Kept with the games when there are any: both sides' shown fields at the end
  // of each game's period, [(game * 2 + side) * shown_state.size() + k], side 0 is A.
  std::vector<double> game_state_after;
  std::vector<rk_entry_out> entry_out;   // per ranked entry
  // The state fields after rating (volatility, times played, ...) of each ranked
  // entry's player, before and after its event: [entry * (fields - 1) + field - 1].
  std::vector<double> entry_state_before, entry_state_after;
  nlohmann::json metrics = nlohmann::json::object();

  // Calls fn(index, before_a, before_b, after_a, after_b) for every game in
  // order: before is the rating the game was evaluated on, after the rating at
  // the end of its period.
  void replay_games(const std::function<void(size_t, double, double, double, double)>& fn) const;
  // The same for ranked entries: fn(index, before, after).
  void replay_entries(const std::function<void(size_t, double, double)>& fn) const;
  // True when the plugin rated none of event e's entries (e.g. too few rounds).
  bool event_skipped(size_t e) const;
  // Display name of the period of game or event i.
  std::string period_label(size_t i) const;
};

// Rates a competition. Throws user_error for bad input and plugin failures,
// naming the file and line (or game index) involved.
// `rated`, when given, counts the games (or ranked entries) rated so far, for a progress display.
run_result rate(const competition_config& config, const plugin_registry& plugins,
                std::atomic<uint64_t>* rated = nullptr);

}  // namespace ratekit
