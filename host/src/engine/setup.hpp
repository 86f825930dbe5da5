// The starting state of a run: a column per state field, and how new players join it.
#pragma once

#include <ratekit/host/config/config.hpp>
#include <ratekit/host/input/dataset.hpp>
#include <ratekit/host/engine/engine.hpp>
#include <ratekit/host/input/ratings_list.hpp>

#include <span>

namespace ratekit::engine_setup {

// Starting state of `players`: a new player's state (model::new_player), then the config's initial
// rating, the input's declared ratings and the previous list, later ones winning; their years of birth.
player_state initial_state(const competition_config& c, const model& m, const player_table& players,
                           const ratings_list& list);

// Players who appear in the input as it is read: a new player's state and the
// config's initial rating, up to `count` players; `declared` holds the ratings
// the input declares for the last declared.size() of them, `births` their
// years of birth for the last births.size() (NaN: none).
void add_players(player_state& s, const competition_config& c, const model& m, size_t count,
                 std::span<const double> declared = {}, std::span<const double> births = {});

// The same for a run under way: the players join its state, and its starting ratings and games.
void add_players(run_result& r, const competition_config& c, size_t count, std::span<const double> declared,
                 std::span<const double> births = {});

// The number of the run's first event or game period: after the last one a
// history database recorded (`last_period`), so elapsed periods go on; 0 for
// calendar periods, which are numbered by their dates.
int64_t first_period_number(const competition_config& c, const ratings_list& list);

}  // namespace ratekit::engine_setup
