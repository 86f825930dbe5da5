// Commands that read a finished output folder (chart, report) tell a whole-history run's by its summary.json:
// its history.csv is another file than the period engine's, read by its own reader.
#include <ratekit/host/whole_history/whole_history.hpp>

#include "whole_history/folder_summary.hpp"

#include <nlohmann/json.hpp>

#include <fstream>

namespace ratekit {

nlohmann::json whole_history_summary(const std::filesystem::path& dir) {
  std::ifstream in(dir / "summary.json", std::ios::binary);
  if (!in) return {};  // the command says what is missing
  nlohmann::json summary = nlohmann::json::parse(in, nullptr, false);
  return summary.is_object() && summary.contains("whole_history") ? summary : nlohmann::json();
}

bool is_whole_history_folder(const std::filesystem::path& dir) { return !whole_history_summary(dir).is_null(); }

}  // namespace ratekit
