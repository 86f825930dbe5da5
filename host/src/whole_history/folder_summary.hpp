// A finished output folder's summary.json, when a whole-history run wrote it.
#pragma once

#include <nlohmann/json.hpp>

#include <filesystem>

namespace ratekit {

// The folder's summary.json, when it is a whole-history run's (it has "whole_history"); null otherwise, or when
// there is none.
nlohmann::json whole_history_summary(const std::filesystem::path& dir);

}  // namespace ratekit
