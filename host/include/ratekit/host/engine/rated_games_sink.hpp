// What a rated_games_sink receives while a run goes on: each window of rated
// games (whole periods of them) and each ranked event as it is rated, and the
// outputs such a sink writes so the run keeps nothing per game for them.
#pragma once

#include <ratekit/abi.h>
#include <ratekit/host/config/config.hpp>
#include <ratekit/host/input/dataset.hpp>
#include <ratekit/host/plugin/plugin.hpp>

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace ratekit {

struct rated_adjustment;

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
  // False for a sink that reads no name (a rating pass's forecasts): the run then gathers none for it.
  virtual bool takes_names() const { return true; }
  // Called on the rating thread before the model rates a window, with what is
  // known of it then (first, count, dates, periods, ends, period_count,
  // new_period_names; the rest unset). A sink may refuse the run here, before
  // the model sees a game it would fail on. It must touch nothing take()
  // touches: a sink_thread calls take() on its own thread.
  virtual void before_rating(const rated_games&) {}
};

}  // namespace ratekit
