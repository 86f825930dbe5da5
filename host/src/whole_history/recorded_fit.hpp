// A whole-history fit into the history database, inside the run's transaction (docs/history-database.md,
// "Whole-history models"): the run's row and the games it read, the competition's batches as its periods
// (each owned by the run whose games it holds), every estimate a `ratings` row in the place of the last
// fit's, every player's last estimate in `states`, and the fit's summary.
#pragma once

#include "store/database.hpp"

#include <ratekit/host/recording/run_recording.hpp>
#include <ratekit/host/whole_history/whole_history.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace ratekit {

// `config`: the one the fit was made from; `run_of`: the run of each of the fit's first games, those recorded before (the rest are this run's input);
// `replaced`: the runs this one replaces (--replace), removed with every row they recorded.
recorded_run record_fit(store::database& db, const whole_history_fit& fit, const competition_config& config,
                        const std::string& fingerprint,
                        const std::vector<int64_t>& run_of, const std::vector<earlier_run>& replaced);

}  // namespace ratekit
