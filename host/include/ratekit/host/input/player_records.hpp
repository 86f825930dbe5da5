// What a plugin keeps about players between runs (ratekit/ext/player_records.h),
// as the host carries it from a history database to the next run: items, each
// of one player, naming another or none, with the plugin's numbers.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace ratekit {

struct player_records {
  std::string kind;                    // the plugin's kind of record; "" when there are none
  uint32_t value_count = 0;            // numbers per item
  std::vector<int32_t> owners, others; // player ids of the run; others -1: none
  std::vector<double> values;          // [item * value_count + v]
  int64_t run = 0;                     // the run that recorded them, for messages
  std::string source;                  // the database they were read from, for messages

  size_t size() const noexcept { return owners.size(); }
};

}  // namespace ratekit
