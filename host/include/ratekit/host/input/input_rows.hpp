// A program's rows handed to a run in the place of its config's input files (a
// Python frame's columns, compare's input read once and held). A service the
// run is given beside its config, which stays data: the config's input_paths
// only name the rows in messages.
#pragma once

namespace ratekit {

struct dataset;

class input_rows {
 public:
  virtual ~input_rows() = default;
  // Adds the players, games and ranked events to `out`, as a reader adds a file's.
  virtual void fill(dataset& out) const = 0;
};

}  // namespace ratekit
