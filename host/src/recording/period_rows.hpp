// A run's stored periods: how its games split into them, each `periods` row, the dates its input gave it
// (table period_dates: its games' first and last date, or its event's), and
// the date a rating list counts it at (store/period_dates.hpp).
#pragma once

#include <ratekit/host/config/config.hpp>
#include <ratekit/host/engine/engine.hpp>

#include "store/database.hpp"

#include <cstdint>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace ratekit::db_rows {

class period_rows {
 public:
  period_rows(store::database& db, int64_t competition, int64_t run);
  // Inserts period `label`; `first`, `last`: the dates of its games or event (yyyymmdd, 0 unknown). Its id.
  int64_t add(const std::string& label, int32_t first, int32_t last);
  // Names period `id` anew (a run rated game by game is named when its last game is known).
  void rename(int64_t id, const std::string& label, int32_t first, int32_t last);
  // The date a rating list counts period `id` at (0 when none).
  int32_t date_of(int64_t id) const;

 private:
  store::database& db_;
  const int64_t competition_, run_;
  std::string recorded_at_;
  store::statement insert_, insert_dates_;
  std::unordered_map<int64_t, int32_t> dates_;
};

// The earliest and latest of `count` dates (yyyymmdd) but the unknown ones (0); 0, 0 when all are.
std::pair<int32_t, int32_t> date_range(const int32_t* dates, size_t count);

// The periods a run is stored as. Games rated one by one (period: game) form a
// single stored period named after their dates (or input files), so a second
// import of the same file is still recognised.
struct stored_periods {
  std::vector<std::string> labels;
  std::vector<uint32_t> of;  // stored period of each game (pairwise) or event (ranked)
};
stored_periods split_periods(const run_result& r, const competition_config& config);

}  // namespace ratekit::db_rows
