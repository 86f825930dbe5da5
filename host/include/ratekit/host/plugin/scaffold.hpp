// `ratekit new-plugin`: the starting folder of a plugin built outside ratekit,
// against the installed SDK (find_package(ratekit)).
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace ratekit {

// Whether `id` can name a plugin: a lowercase letter, then lowercase letters,
// digits and single hyphens, at most 64 characters, not ending in a hyphen.
bool valid_plugin_id(std::string_view id);

// Writes a plugin project for `id` into `dir` (created when missing; it must
// be empty): CMakeLists.txt, model.hpp (a logistic Elo to replace), plugin.cpp
// (the descriptor), test.cpp (a golden test), an example config with games,
// and a README, whose build steps name `prefix`, where ratekit is installed.
// Returns the files written, relative to `dir`. Throws user_error for a bad id
// or a folder that is not empty.
std::vector<std::string> scaffold_plugin(std::string_view id, const std::filesystem::path& dir,
                                         const std::string& prefix = "<ratekit install prefix>");

}  // namespace ratekit
