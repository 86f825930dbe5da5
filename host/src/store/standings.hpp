// A competition's list now, a row per player (table standings): his state
// after the last run that recorded him (every field the states table holds:
// the model's, games, peak, ...) as one JSON object, and the date of the last
// period he played in (period_dates.hpp). Each run that records keeps it
// current (recording/standings_rows.hpp), so `ratekit serve` reads the list
// after a run from its players' rows alone, not from every rating recorded.
#pragma once

#include "store/database.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace ratekit::store {

// The list now computed from the history's tables (each player's latest states,
// every ratings row for last_active): what standings holds, at the cost of reading it all.
ratings_list standings_from_history(database& db, const std::string& competition, player_table& players);

// The list now from table standings, with its players' facts; none when the
// database has no rows of it (recorded by an older ratekit).
std::optional<ratings_list> read_standings(database& db, int64_t competition, player_table& players);

// Writes competition `competition`'s rows anew from its history's tables (a run
// that removed runs, or the first run into a database of an older ratekit).
void rebuild_standings(database& db, int64_t competition);

}  // namespace ratekit::store
