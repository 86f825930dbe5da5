// The player report of a whole-history fit (output.report, `ratekit run --report`): report.csv, periods.csv and
// report.md as a rating run writes them, each estimate a smoothed one, not a change a game caused.
#pragma once

#include <ratekit/host/whole_history/whole_history.hpp>

#include <string>

namespace ratekit {

struct whole_history_report {
  std::string games;     // report.csv: per player per game, both players' estimates at its time, expected, score
  std::string times;     // periods.csv: per player per time he played, games, score, expected, his estimate
  std::string markdown;  // report.md: the same as tables, players in the order of ratings.csv
};

// The report of a fit of duels made from `config`; expected scores from both players' estimates at the game's time (in-sample: the
// fit has seen the game). A plugin's failure to forecast is a user_error naming it.
whole_history_report player_report(const whole_history_fit& fit, const competition_config& config);

}  // namespace ratekit
