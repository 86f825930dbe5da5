// Where a run reads the state it starts from when it may not open its
// initial.database apart: the recording that writes into that database reads it
// inside its own transaction (run_recording), which a run rated again after a
// --replace must see. A service the run is given beside its config (run_services).
#pragma once

#include <cstdint>
#include <string>

namespace ratekit {

struct ratings_list;
class player_table;

class starting_state_reader {
 public:
  virtual ~starting_state_reader() = default;
  // The latest state of `competition`'s players recorded before run `before_run`
  // (INT64_MAX: the latest of all), interned into `players`.
  virtual ratings_list read_starting_state(const std::string& competition, player_table& players,
                                           int64_t before_run) = 0;
};

}  // namespace ratekit
