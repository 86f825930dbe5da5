// A run's end: its output folder swapped in and its recording committed together.
#pragma once

#include <ratekit/host/output/files/output_folder.hpp>
#include <ratekit/host/recording/run_recording.hpp>

namespace ratekit {

// Publishes `folder` and commits `recording` (when there is one) under the run-end lock, so an interrupt finds
// the outputs and the database all old or all new; a commit that fails puts the previous outputs back.
void publish_run(output_folder& folder, run_recording* recording);

}  // namespace ratekit
