// Commands that read a finished output folder (chart, report) know the period engine's history.csv:
// a whole-history run's is another file, refused by name rather than misread.
#include <ratekit/host/whole_history/whole_history.hpp>

#include <ratekit/host/text/diagnostics.hpp>

#include <nlohmann/json.hpp>

#include <fstream>

namespace ratekit {

void refuse_whole_history_folder(const std::filesystem::path& dir, const std::string& command) {
  const std::filesystem::path file = dir / "summary.json";
  std::ifstream in(file, std::ios::binary);
  if (!in) return;  // the command says what is missing
  const nlohmann::json summary = nlohmann::json::parse(in, nullptr, false);
  if (summary.is_object() && summary.contains("whole_history"))
    throw user_error(file.string(), 0, 0,
                     "`ratekit " + command + "` is not yet available for the outputs of a whole-history model ('" +
                         summary.value("model", std::string()) +
                         "'): its history.csv holds smoothed estimates; chart.svg (output.charts) draws them");
}

}  // namespace ratekit
