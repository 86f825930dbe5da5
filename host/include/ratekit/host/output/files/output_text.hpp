// A file of a run's output folder built in memory: written into the folder, or
// kept by a program that asked for no files (the Python module's results).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace ratekit {

struct output_text {
  std::string name;  // ratings.csv, summary.json, ...
  std::string content;
};

// Creates `dir` when missing and writes `texts` into it as write_files_atomically writes, in their order.
void write_texts(const std::filesystem::path& dir, const std::vector<output_text>& texts);

}  // namespace ratekit
