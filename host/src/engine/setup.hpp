// The steps before rating: reading the input, the starting state, rating periods.
#pragma once

#include <ratekit/host/config.hpp>
#include <ratekit/host/dataset.hpp>
#include <ratekit/host/engine.hpp>
#include <ratekit/host/ratings_list.hpp>

#include <string>
#include <vector>

namespace ratekit::engine_setup {

// Reads every input file of the config into one dataset that starts with `players`.
dataset read_input(const competition_config& c, player_table players);

// Starting state: field initials, then the config's initial rating, the
// input's declared ratings and the previous list, later ones winning.
player_state initial_state(const competition_config& c, const plugin& p, const dataset& d, const ratings_list& list);

// "file:line" of game i, for messages.
std::string where(const dataset& d, size_t game);

// Period ends for a game stream; dates must not go backwards when periods are by date.
std::vector<uint64_t> game_periods(const competition_config& c, const dataset& d);

}  // namespace ratekit::engine_setup
