#include "publish.hpp"

#include <ratekit/host/run_end/run_end.hpp>

#include <mutex>

namespace ratekit {

namespace {

void publish_run(output_folder* folder, run_recording* recording) {
  const std::lock_guard ending(run_end_lock());
  if (folder) folder->publish();
  if (!recording) return;
  try {
    recording->commit();
  } catch (...) {
    if (folder) folder->unpublish();  // the previous outputs go back with the previous database
    throw;
  }
}

}  // namespace

void publish_files(output_folder* folder,
                   const std::function<std::vector<output_text>(const std::filesystem::path&)>& build,
                   std::vector<output_text>& kept, run_recording* recording) {
  if (folder) {
    folder->check_staging();  // the streamed files are in it
    write_texts(folder->staging(), build(folder->staging()));
  } else {
    kept = build({});
  }
  publish_run(folder, recording);
}

}  // namespace ratekit
