// Commands that read a finished output folder (chart, report) tell a whole-history run's by its summary.json:
// its history.csv is another file than the period engine's, read by its own reader or refused by name.
#include <ratekit/host/whole_history/whole_history.hpp>

#include <ratekit/host/text/diagnostics.hpp>

#include <nlohmann/json.hpp>

#include <fstream>

namespace ratekit {

namespace {

// The folder's summary.json, when it is a whole-history run's; null otherwise (or when there is none).
nlohmann::json whole_history_summary(const std::filesystem::path& dir) {
  std::ifstream in(dir / "summary.json", std::ios::binary);
  if (!in) return {};  // the command says what is missing
  nlohmann::json summary = nlohmann::json::parse(in, nullptr, false);
  return summary.is_object() && summary.contains("whole_history") ? summary : nlohmann::json();
}

}  // namespace

bool is_whole_history_folder(const std::filesystem::path& dir) { return !whole_history_summary(dir).is_null(); }

void refuse_whole_history_folder(const std::filesystem::path& dir, const std::string& command) {
  const nlohmann::json summary = whole_history_summary(dir);
  if (!summary.is_null())
    throw user_error((dir / "summary.json").string(), 0, 0,
                     "`ratekit " + command + "` is not yet available for the outputs of a whole-history model ('" +
                         summary.value("model", std::string()) +
                         "'): its history.csv holds smoothed estimates; chart.svg (output.charts) draws them");
}

}  // namespace ratekit
