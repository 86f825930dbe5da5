// The deviations a run's players started with (summary.json's `starting_deviation`), read by the
// charts: a plain record, below both the files that write it and the charts that draw it.
#pragma once

#include <cmath>
#include <functional>
#include <map>
#include <string>

namespace ratekit {

// The deviation players started a run with, for a model whose history.csv has none before a player's first
// period (Glicko's rd after each period only): a new player's, and those a ratings list or a database seeded
// otherwise. summary.json's `starting_deviation` holds it, so that a chart drawn again from the folder starts
// its bands where the run's own did.
struct starting_deviations {
  double new_player = NAN;                              // NaN: unknown, the band starts at the first period's end
  std::map<std::string, double, std::less<>> seeded;  // by player, the ones who played in the run
};

}  // namespace ratekit
