// Why a file a config or the command line names cannot be found, for messages.
#pragma once

#include <filesystem>
#include <string>

namespace ratekit {

// Why nothing can be found at `file`, said after its name: "not found", "is a loop of symbolic
// links", "cannot be reached (Permission denied)"; "" when something is there, a file or not.
std::string unreachable_file(const std::filesystem::path& file);

}  // namespace ratekit
