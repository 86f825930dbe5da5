// One config rated over a held input with no file written: each game's
// forecast, made from the ratings before its period, handed to a hook.
#pragma once

#include <ratekit/host/evaluate/held_input.hpp>
#include <ratekit/host/plugin/plugin.hpp>

#include <cstdint>
#include <functional>

namespace ratekit {

// A pairwise game as it was forecast: the run's index of it (the held input's
// order), its date (yyyymmdd, 0: none), the game and the model's output.
struct game_forecast {
  size_t index;
  int32_t date;
  const rk_game& game;
  const rk_game_out& out;
};
using forecast_hook = std::function<void(const game_forecast&)>;
class rated_games_sink;

// Rates `config` (its model, parameters, K schedule, advantage, periods,
// initial ratings) over `input`, which it must read (check_same_input),
// calling `hook` for every pairwise game in order; a whole-history model's
// games walk-forward (forecast_walk_forward), in time order. Writes nothing: no output
// folder, no history, no database, no metrics. Throws what `ratekit run` would refuse.
// Period by period models rate only the first `games` held games (whole periods: see cut_after).
void rate_held(const competition_config& config, const held_input& input, const plugin_registry& plugins,
               const forecast_hook& hook, size_t games = SIZE_MAX);

// Rates `config` over `input`'s ranked events or team matches as rate_held does, handing each event
// to `sink` as it is rated (its take(rated_event&)).
void rate_held_events(const competition_config& config, const held_input& input, const plugin_registry& plugins,
                      rated_games_sink& sink);

}  // namespace ratekit
