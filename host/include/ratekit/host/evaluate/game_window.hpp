// The held-out games of a held input: every game from a date on, and the
// forecasts a config makes of them.
#pragma once

#include <ratekit/host/evaluate/rating_pass.hpp>
#include <ratekit/host/evaluate/scores.hpp>

#include <cstdint>
#include <string_view>
#include <vector>

namespace ratekit {

struct game_window {
  int32_t from = 0;                       // its first date (yyyymmdd): its games are those dated from it on
  int32_t until = 0;                      // ... and before this one; 0: to the end
  int32_t first_date = 0, last_date = 0;  // the input's first and last
  size_t training = 0;                    // games before it
  std::vector<int32_t> slot;              // each held game's place in the window; -1 before it
  std::vector<double> outcomes;           // A's score in each of its games, in order
  std::vector<int8_t> home;               // their home sides (+1 A, -1 B, 0 none)
  std::vector<int32_t> dates;
};

// The window of `input`'s games from `from` on (yyyymmdd; 0: the last fifth of
// the input's dates), before `until` (0: to the end). Refuses an input of ranked
// events or team matches, an undated game, and a window with no game in it or
// none before it, naming `option` as the one that set `from`.
game_window window_from(const held_input& input, int32_t from, int32_t until = 0,
                        std::string_view option = "--test-from");

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
