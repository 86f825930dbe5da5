// Stage run_end, right after the engine and under all that takes its lock. In: a run's end, an interrupt.
// Out: the one process-wide lock a run's outputs and database land under.
//
// A run's outputs and its rows in the history database land together at its
// end (output_folder::publish, run_recording::commit), and an interrupt cleans
// up after a run that has not ended (abandon_living). One lock keeps the two
// apart: an interrupt finds the outputs all old or all new, and never an output
// folder or a recording half gone.
#pragma once

#include <mutex>

namespace ratekit {

// Held by a run while it publishes and commits, and while its output folder and
// recording go away; by an interrupt from its clean-up to the process's end.
std::mutex& run_end_lock();

}  // namespace ratekit
