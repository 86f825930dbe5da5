// What `ratekit tune` shows and writes: the terminal table, tuned.csv (every
// candidate rated), tune.json, tuned.yaml (the config with the chosen values)
// and tune.svg (the objective along each parameter).
#pragma once

#include <ratekit/host/evaluate/tuning.hpp>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>

namespace ratekit {

std::string tuning_table(const tuning& t);  // for a terminal
std::string tuning_csv(const tuning& t);
nlohmann::json tuning_json(const tuning& t);
std::string tuning_svg(const tuning& t);

// tuned.yaml for the folder `dir`: comments saying how the values were found,
// then the tuned config, its relative paths made relative to `dir` from
// `config_file`'s folder, so that it reads what the config read.
std::string tuned_yaml(const tuning& t, const std::filesystem::path& config_file, const std::filesystem::path& dir);

// The set, written into `dir` as compare's is.
void write_tuning(const tuning& t, const std::filesystem::path& config_file, const std::filesystem::path& dir);

}  // namespace ratekit
