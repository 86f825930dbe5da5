// A run's files without a folder of the caller's: kept in memory (unit_result::files), or, for a run that
// streams a report or chart (which only a folder takes), written into a temporary folder and read back.
#pragma once

#include <ratekit/host/output/files/output_text.hpp>

#include <filesystem>
#include <string>
#include <vector>

namespace ratekit::python {

// A folder of its own under the system's temporary folder (TMPDIR), removed with this.
class temporary_run_folder {
 public:
  temporary_run_folder();
  ~temporary_run_folder();
  temporary_run_folder(const temporary_run_folder&) = delete;
  temporary_run_folder& operator=(const temporary_run_folder&) = delete;
  // Where the run writes: a folder inside it, made by the run as an output folder is.
  std::filesystem::path out() const { return path_ / "out"; }

 private:
  std::filesystem::path path_;
};

// The files of a run's output folder, summary.json last as a run writes it.
std::vector<output_text> read_run_files(const std::filesystem::path& dir);

}  // namespace ratekit::python
