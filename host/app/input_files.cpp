// --input of `ratekit run` and `ratekit compare`: the files to rate instead of input.path.
#include "commands.hpp"

#include <ratekit/host/input/unreachable_file.hpp>
#include <ratekit/host/text/diagnostics.hpp>

namespace ratekit::app {

// --input: the files to rate instead of input.path, relative to the working folder, each a file and once.
std::vector<std::filesystem::path> input_files(const std::vector<std::string>& given) {
  namespace fs = std::filesystem;
  std::vector<fs::path> files;
  for (const std::string& name : given) {
    std::error_code ec;
    if (const std::string unreachable = unreachable_file(name); !unreachable.empty())
      throw user_error(name, 0, 0, "input file " + unreachable + " (--input)");
    if (fs::status(name, ec).type() != fs::file_type::regular)
      throw user_error(name, 0, 0, "expected a regular file for --input");
    const fs::path file = fs::absolute(name).lexically_normal();
    for (const fs::path& other : files)
      if (fs::equivalent(file, other, ec)) throw user_error(name, 0, 0, "expected each input file once (--input)");
    files.push_back(file);
  }
  return files;
}

}  // namespace ratekit::app
