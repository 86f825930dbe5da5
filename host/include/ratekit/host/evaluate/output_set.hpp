// The files of `ratekit compare` and `ratekit tune` written as one set: aside
// and swapped in (output_folder), so a failure leaves the old set whole.
#pragma once

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace ratekit {

// (file name, content) pairs, written into `dir`.
void write_output_set(const std::filesystem::path& dir, const std::vector<std::pair<std::string, std::string>>& files);

}  // namespace ratekit
