// A model's records of its players kept between runs (ratekit/ext/player_records.h):
// handed to its instance at a run's start, asked of it at the end, each item
// checked on the way in and out.
#pragma once

#include <ratekit/ext/player_records.h>
#include <ratekit/host/input/dataset.hpp>
#include <ratekit/host/input/player_records.hpp>
#include <ratekit/host/plugin/plugin.hpp>

#include <string>

namespace ratekit {

// The extension of plugin `p`, null when it keeps no records.
const rk_ext_player_records* player_records_of(const plugin& p);
// Why the extension cannot be used ("" when it can): sizes, functions, kind, value_count.
std::string player_records_problem(const rk_ext_player_records& x);

// Hands `records` (read from records.source) to `m` before its first rate
// call; `players` names the state's players. Records of a model that keeps
// none are left aside; of another kind, or that the host or the plugin finds
// damaged or longer than the model keeps, a user_error naming the database,
// the run, the player and the item.
void restore_player_records(model& m, const rk_state& s, const player_records& records, const player_table& players);

// Every record `m` holds after the run, checked as restore checks them (a
// plugin_error for a bad one); empty when the model keeps none.
player_records saved_player_records(model& m, uint64_t player_count);

}  // namespace ratekit
