// The player_records table (layout 7): what a plugin keeps of its players
// between runs (ratekit/ext/player_records.h), an item a row, the players it
// belongs to and names by their rows in `players`, its numbers one JSON array.
#pragma once

#include "store/database.hpp"

#include <ratekit/host/input/player_records.hpp>

#include <cstdint>
#include <vector>

namespace ratekit::store {

// The records of competition `competition` (its id) before run `before_run`:
// those of the last run that saved any, unless a later run of its model saved
// none (it used them up), so runs of another model between (which keep none)
// do not lose them; their players interned into `players`; none in a
// database older than the table. A damaged row is a user_error naming it, and
// so is a player a later run rated since (his records cannot count as kept).
player_records read_player_records(database& db, int64_t competition, int64_t before_run, player_table& players);

// Run `run`'s records, their players by the run's ids, `player_ids` each one's row.
void write_player_records(database& db, int64_t run, const player_records& records,
                          const std::vector<int64_t>& player_ids);

}  // namespace ratekit::store
