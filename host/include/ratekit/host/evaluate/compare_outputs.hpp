// What `ratekit compare` shows and writes: the terminal table, compare.csv,
// compare.json and compare.html (the table, a reliability diagram per model,
// the cumulative log-loss over the window).
#pragma once

#include <ratekit/host/evaluate/comparison.hpp>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>

namespace ratekit {

std::string comparison_table(const comparison& c);  // for a terminal: aligned columns
std::string comparison_csv(const comparison& c);
nlohmann::json comparison_json(const comparison& c);
std::string comparison_html(const comparison& c);

// compare.csv, compare.json and compare.html into `dir` as one set: written
// aside and swapped in (output_folder), so a failure leaves the old set whole.
void write_comparison(const comparison& c, const std::filesystem::path& dir);

}  // namespace ratekit
