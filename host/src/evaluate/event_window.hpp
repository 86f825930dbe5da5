// The held-out window of an input of ranked events or team matches, as pairs (of entries, of teams), and
// a config's forecasts of them: the pair scores a run's metrics count (engine/metrics.hpp), each event's
// pairs forecast from its players' states before it.
#pragma once

#include <ratekit/host/evaluate/game_window.hpp>

namespace ratekit {

// The pairs of the events dated from `from` on (before `until` unless 0), all or an even sample of them
// (`sampling`, drawn here, before any model is rated). Refuses an undated event, and a window with no
// pair in it or no event before it, naming `option`.
game_window event_window_from(const held_input& input, int32_t from, int32_t until, std::string_view option,
                              const pair_sampling& sampling);

// `config`'s forecasts of the window's pairs into `f`: expected_a the chance that i finishes ahead of j,
// a tie counting half, expected_b that j does. Refuses a model that cannot rate the input's events.
void forecast_event_window(const competition_config& config, const held_input& input, const game_window& window,
                           const plugin_registry& plugins, window_forecasts& f);

// Throws, at `config`'s model, unless its model rates the input's ranked events (or team matches).
void check_rates_events(const competition_config& config, const dataset& d, const plugin_registry& plugins);

}  // namespace ratekit
