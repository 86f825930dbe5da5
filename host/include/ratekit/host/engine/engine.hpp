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

#include <algorithm>
#include <atomic>
#include <functional>
#include <memory>
#include <span>
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

struct run_result {
  competition_config config;
  std::shared_ptr<const plugin> source;
  std::unique_ptr<model> rater;
  dataset data;
  player_state state;
  std::vector<double> start_ratings;     // ratings before the run, to replay the history
  std::vector<double> start_games;       // rated games before the run, to tell who played in it
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

// Games just rated, whole periods of them, as an output that streams receives
// them: valid only during the call. Names and period names arrive in order as
// the input reveals them, each once (`new_names` extends the earlier ones).
struct rated_games {
  size_t first = 0, count = 0;  // the run's index of games[0], and how many
  const rk_game* games = nullptr;
  const rk_game_out* out = nullptr;
  const int32_t* dates = nullptr;      // yyyymmdd, 0 when unknown
  const int32_t* periods = nullptr;    // the input's period (event) index, -1 when none
  const double* before_a = nullptr;    // the rating each game was evaluated on
  const double* before_b = nullptr;
  const double* after_a = nullptr;     // the rating at the end of the game's period
  const double* after_b = nullptr;
  const double* state = nullptr;       // shown state fields after the period, [(i * 2 + side) * shown + k]
  size_t shown = 0;
  // The ends of the rating periods, relative to games[0] (the last is `count`);
  // nullptr with game periods (a period per game).
  const uint64_t* ends = nullptr;
  size_t period_count = 0;
  const model* rater = nullptr;  // the model rating them, for its extensions (report columns)
  std::vector<std::string> new_names, new_period_names;
  // The window's rating adjustments, by game; each after the games of its period.
  const rated_adjustment* adjustments = nullptr;
  size_t adjustment_count = 0;
};

// One ranked event just rated, as an output that streams receives it: valid
// only during the call. Names arrive as for rated_games.
struct rated_event {
  const event_info* info = nullptr;  // its name (the period's label) and date
  size_t first = 0, count = 0;       // the run's index of entries[0], and how many, in the input's order
  const rk_entry* entries = nullptr;
  const rk_entry_out* out = nullptr;
  const double* before = nullptr;  // each entry's rating before the event and after it
  const double* after = nullptr;
  const double* state = nullptr;  // shown state fields after the event, [i * shown + k]
  const double* shown_before = nullptr;  // and before it, likewise: state + count * shown
  size_t shown = 0;
  bool teams = false;  // rated by a model of team matches: history.csv names each entry's team
  // Every state field besides the rating, before the event and after it, [i * fields + f].
  const double* state_before = nullptr;
  const double* state_after = nullptr;
  size_t fields = 0;
  std::vector<std::string> new_names;
};

// The outputs a sink writes as the games are rated (bits of rated_games_sink::streams()).
enum streamed_output : unsigned { streams_history = 1, streams_database = 2, streams_report = 4 };

// The outputs `c` asks for that a sink may stream (streamed_output bits).
inline unsigned streamable_outputs(const competition_config& c) {
  return (c.write_history ? streams_history : 0u) | (c.output_database.empty() ? 0u : streams_database) |
         (c.write_report ? streams_report : 0u);
}

// True when an output `c` asks for reads the run's games (or ranked entries)
// after it: one no sink streamed (`streamed`: streamed_output bits), or a chart
// that cannot read a streamed history.csv back.
inline bool outputs_read_after_run(const competition_config& c, unsigned streamed) {
  return (c.write_history && !(streamed & streams_history)) || (c.write_report && !(streamed & streams_report)) ||
         (c.write_charts && !((streamed & streams_history) && chart_reads_history(c))) ||
         (!c.output_database.empty() && !(streamed & streams_database));
}

// An output fed while the games are rated, so nothing per game is kept for it.
class rated_games_sink {
 public:
  virtual ~rated_games_sink() = default;
  virtual void take(rated_games& games) = 0;  // may take the new names
  // Which outputs it writes (streamed_output bits): the run keeps no game for those.
  virtual unsigned streams() const = 0;
  // Ranked events, each as it is rated: only a sink whose streams_events() is
  // not 0 gets them. The run still keeps the entries for the metrics.
  virtual void take(rated_event&) {}
  // Many events at once, in order (a sink_thread gathers them so): by default each goes to take(rated_event&).
  virtual void take_events(std::span<rated_event> events) {
    for (rated_event& e : events) take(e);
  }
  virtual unsigned streams_events() const { return 0; }
  // Called on the rating thread before the model rates a window, with what is
  // known of it then (first, count, dates, periods, ends, period_count,
  // new_period_names; the rest unset). A sink may refuse the run here, before
  // the model sees a game it would fail on. It must touch nothing take()
  // touches: a sink_thread calls take() on its own thread.
  virtual void before_rating(const rated_games&) {}
};

// Rates a competition. Throws user_error for bad input and plugin failures,
// naming the file and line (or game index) involved.
// `rated`, when given, counts the games (or ranked entries) rated so far, for a progress display.
// With a `sink`, pairwise games are handed to it as they are rated and the run
// does not keep them for the outputs it streams (run_result::history_streamed,
// database_streamed, report_streamed); it gets them only when the config asks for one of those.
// Ranked events go to it as well for the outputs its streams_events() names.
run_result rate(const competition_config& config, const plugin_registry& plugins,
                std::atomic<uint64_t>* rated = nullptr, rated_games_sink* sink = nullptr);

}  // namespace ratekit
