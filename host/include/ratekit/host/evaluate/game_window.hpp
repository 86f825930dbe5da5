// The held-out games of a held input: every game from a date on, and the
// forecasts a config makes of them.
#pragma once

#include <ratekit/host/evaluate/rating_pass.hpp>
#include <ratekit/host/evaluate/scores.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ratekit {

// A pair of a held-out ranked event or team match, one row of a window of them: entries i < j of the
// input's event `event` (in its entries' order), or teams i < j of a team match.
struct held_pair {
  uint32_t event;
  uint32_t i, j;
};

// The pairs a window of ranked events scores: all of them up to `budget`, past it an even sample of
// about `budget` drawn from `seed` before any model is rated, so every model is scored on the same pairs.
struct pair_sampling {
  static constexpr size_t default_budget = 1'000'000;
  size_t budget = default_budget;
  uint64_t seed = 1;
};

// The held-out rows: pairwise games, or the pairs of ranked events (entries) or team matches (teams),
// A's score in a pair being 1 when i finished ahead of j, 0 behind, 1/2 tied.
struct game_window {
  int32_t from = 0;                       // its first date (yyyymmdd): its games are those dated from it on
  int32_t until = 0;                      // ... and before this one; 0: to the end
  int32_t first_date = 0, last_date = 0;  // the input's first and last
  size_t training = 0;                    // games before it
  std::vector<int32_t> slot;              // each held game's place in the window; -1 before it
  std::vector<double> outcomes;           // A's score in each of its games, in order
  std::vector<int8_t> home;               // their home sides (+1 A, -1 B, 0 none)
  std::vector<int32_t> dates;
  // Ranked events and team matches only: each row's pair, and its event's number in the window (the
  // bootstrap resamples events, as pairs of one event are not independent). Empty for pairwise games.
  std::vector<held_pair> pairs;
  std::vector<uint32_t> event_of_row;
  size_t events = 0;          // events in the window
  size_t pairs_in_events = 0; // their pairs, of which `pairs` is all or a sample
  const char* unit = "game";  // what a row is: "game", "pair" (of entries) or "team pair"
};

// The window of `input`'s games from `from` on (yyyymmdd; 0: the last fifth of
// the input's dates), before `until` (0: to the end); of an input of ranked events or team matches, their
// pairs (`sampling`). Refuses an undated game or event, and a window with no game (or pair) in it or
// none before it, naming `option` as the one that set `from`.
game_window window_from(const held_input& input, int32_t from, int32_t until = 0,
                        std::string_view option = "--test-from", const pair_sampling& sampling = {});

// The window's rows as a reader is told them: "120 games", or "4,500 pairs of 12 ranked events" (with
// "sampled from N" when they are a sample).
std::string window_rows(const game_window& w);

// The first date of the last `fifths` fifths of the input's dates (distinct days).
int32_t fifths_from_end(const held_input& input, size_t fifths);

// The home side's mean score over the games before the window (the baseline).
home_rate training_home_rate(const held_input& input, const game_window& window);

// How many of the held games a pass rates to forecast `window` under `period`: up to the end of the
// rating period of its last game, since later games cannot change a forecast made before their period.
// All of them when the home sides all come later: a home advantage with no home side among the games
// rated is refused (as a run refuses it), and would be refused wrongly.
size_t games_to_rate(const dataset& d, const game_window& window, period_kind period);

// `config`'s forecasts of the window's games, each from the ratings before its period.
window_forecasts forecast_window(const competition_config& config, const held_input& input,
                                 const game_window& window, const plugin_registry& plugins);
// The same into `f`, whose memory is reused (a search's candidates, one after another on a thread).
void forecast_window(const competition_config& config, const held_input& input, const game_window& window,
                     const plugin_registry& plugins, window_forecasts& f);

// A date given as yyyy-mm-dd (`option` names it in the message), as yyyymmdd.
int32_t parse_window_date(std::string_view text, std::string_view option);

}  // namespace ratekit
