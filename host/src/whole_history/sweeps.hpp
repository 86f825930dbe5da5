// The host's side of a whole-history model's fit: load the history, sweep until the largest change of a mean
// is at most epsilon or `iterations` sweeps are done, read the estimates; every value the plugin returns checked.
#pragma once

#include <ratekit/ext/whole_history.h>
#include <ratekit/host/plugin/whole_history_model.hpp>

#include <atomic>
#include <cmath>
#include <cstdint>
#include <vector>

namespace ratekit {

struct sweep_outcome {
  uint64_t sweeps = 0;
  double last_change = NAN;  // the largest change of a mean in the last sweep; NaN: no sweep
  bool converged = false;    // the last change was at most epsilon
  double log_evidence = NAN; // NaN: the model defines none
  std::vector<double> mean, sd;  // each entry's estimate
  std::vector<double> warm_state;  // the model's exact warm start, warm_width() per entry; empty: it has none
};

// Earlier estimates to start from (warm_start of the extension): one per entry, NaN where an entry has none;
// or, for a model with an exact warm start, the warm state an earlier fit left (warm_width() per entry).
struct warm_estimates {
  const double* mean = nullptr;
  const double* sd = nullptr;
  const double* state = nullptr;
};

// Players' own priors, player_count values each (NaN: the model's default); null: none given.
struct given_priors {
  const double* mean = nullptr;
  const double* sd = nullptr;
};

// Drives `rater` over `history` (handing it `priors` first, when given), from `warm` when given and the model can start from it (else from its own
// first estimates); reads the model's warm state after the sweeps when it has one. A plugin's failure, anything it throws, a change that is not a number from 0,
// a mean that is not finite and a deviation that is not a positive finite number become a user_error naming
// the plugin and the call. Ctrl-C (text/stop.hpp) is honoured between sweeps; `done` counts them.
sweep_outcome drive_sweeps(const whole_history_model& rater, const rk_wh_history& history, double epsilon, uint64_t iterations,
                           std::atomic<uint64_t>* done, warm_estimates warm = {}, given_priors priors = {});

}  // namespace ratekit
