// The runs a --replace removed because they started from ratings it replaced,
// rated again from their recorded configs and inputs, in the same transaction.
#pragma once

#include <ratekit/host/run/progress.hpp>
#include <ratekit/host/recording/run_recording.hpp>

#include <vector>

namespace ratekit {

class plugin_registry;

// A run to rate again: the run it was, and the one recorded in its place.
struct rerated_run {
  earlier_run was;
  recorded_run now;
};

// Rates again, in the order they were recorded, the runs of `removed` that
// recorded no period of the run that replaced them (earlier_run::period empty):
// each from its recorded config and input files, starting from the state the
// recording's transaction holds when its config starts from the database it
// records into. Every input is checked first: one gone, or changed since (the
// run's fingerprint), is a user_error naming the file, and nothing is rated.
std::vector<rerated_run> rate_later_runs(run_recording& recording, const std::vector<earlier_run>& removed,
                                         const competition_config& replacing, const plugin_registry& registry,
                                         progress& bar);

}  // namespace ratekit
