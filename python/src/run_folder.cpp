#include "run_folder.hpp"

#include <ratekit/host/text/diagnostics.hpp>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;

namespace ratekit::python {

temporary_run_folder::temporary_run_folder() {
  const char* tmpdir = std::getenv("TMPDIR");
  std::error_code ec;
  const fs::path system = fs::temp_directory_path(ec);  // TMPDIR, else /tmp, when it is a folder
  if (ec)
    throw user_error(tmpdir ? tmpdir : "/tmp", 0, 0,
                     "expected a folder for the temporary files of a report or chart (TMPDIR): " + ec.message());
  std::string pattern = (system / "ratekit-XXXXXX").string();
  if (!::mkdtemp(pattern.data()))
    throw user_error(system.string(), 0, 0,
                     std::string("cannot create a temporary folder for a report or chart: ") + std::strerror(errno));
  path_ = pattern;
}

temporary_run_folder::~temporary_run_folder() {
  std::error_code ec;
  fs::remove_all(path_, ec);
}

std::vector<output_text> read_run_files(const fs::path& dir) {
  std::vector<output_text> files;
  for (const fs::directory_entry& e : fs::directory_iterator(dir)) {
    std::ifstream in(e.path(), std::ios::binary);
    if (!in.is_open()) throw user_error(e.path().string(), 0, 0, "cannot read the run's file back");
    std::ostringstream text;
    text << in.rdbuf();
    files.push_back({e.path().filename().string(), std::move(text).str()});
  }
  std::sort(files.begin(), files.end(), [](const output_text& a, const output_text& b) {
    return std::make_pair(a.name == "summary.json", a.name) < std::make_pair(b.name == "summary.json", b.name);
  });
  return files;
}

}  // namespace ratekit::python
