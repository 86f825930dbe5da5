// The rows of table standings (store/standings.hpp) a run leaves: its players'
// states after it, each with the date of the last period he played in (this
// run's, or an earlier one's when later), and the competition's other players'
// rows as they were. A competition without rows but with other runs (a run
// that removed runs, or a database of an older ratekit) gets them all anew
// from its history's tables.
#pragma once

#include "recording/database_rows.hpp"
#include "recording/period_rows.hpp"

#include <cstdint>
#include <vector>

namespace ratekit::db_rows {

// `last_periods`: each run player's latest period of the run (period_totals), 0 for none.
void record_standings(store::database& db, int64_t competition, int64_t run, const state_fields& fields,
                      const std::vector<int64_t>& player_ids, const std::vector<int64_t>& last_periods,
                      const period_rows& periods);

}  // namespace ratekit::db_rows
