#include <ratekit/host/evaluate/output_set.hpp>
#include <ratekit/host/output/files/output_folder.hpp>
#include <ratekit/host/run_end/run_end.hpp>
#include <ratekit/host/text/diagnostics.hpp>

#include <fstream>
#include <mutex>

namespace ratekit {

void write_output_set(const std::filesystem::path& dir, const std::vector<std::pair<std::string, std::string>>& files) {
  output_folder folder(dir);
  for (const auto& [name, text] : files) {
    const std::filesystem::path file = folder.staging() / name;
    std::ofstream out(file, std::ios::binary);
    out << text;
    out.close();
    if (!out) throw user_error(file.string(), 0, 0, "could not write the file");
  }
  folder.check_staging();
  const std::lock_guard ending(run_end_lock());  // an interrupt finds the set all old or all new
  folder.publish();
}

}  // namespace ratekit
