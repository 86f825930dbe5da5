#include "publish.hpp"

#include <ratekit/host/run_end/run_end.hpp>

#include <mutex>

namespace ratekit {

void publish_run(output_folder& folder, run_recording* recording) {
  const std::lock_guard ending(run_end_lock());
  folder.publish();
  if (!recording) return;
  try {
    recording->commit();
  } catch (...) {
    folder.unpublish();  // the previous outputs go back with the previous database
    throw;
  }
}

}  // namespace ratekit
