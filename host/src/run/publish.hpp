// A run's end: its output folder swapped in (or its files kept in memory) and its recording committed together.
#pragma once

#include <ratekit/host/output/files/output_folder.hpp>
#include <ratekit/host/output/files/output_text.hpp>
#include <ratekit/host/recording/run_recording.hpp>

#include <functional>

namespace ratekit {

// The run's files, built by `build` from the folder they go into (a chart reads the streamed history.csv back),
// written into the folder's staging folder; without a folder (a run kept in memory), built from none and kept
// in `kept`. Then the folder is published and `recording` (when there is one) committed under the run-end
// lock, so an interrupt finds the outputs and the database all old or all new; a commit that fails puts the
// previous outputs back.
void publish_files(output_folder* folder,
                   const std::function<std::vector<output_text>(const std::filesystem::path&)>& build,
                   std::vector<output_text>& kept, run_recording* recording);

}  // namespace ratekit
