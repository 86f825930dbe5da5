// The files and databases a config names: relative to the config's folder
// (a file) or a postgresql:// URI (a database on a server).
#pragma once

#include "config/yaml_check.hpp"

#include <filesystem>
#include <optional>
#include <string>

namespace ratekit::config {

// A file named in the config: relative to the config's folder, must exist.
std::optional<std::filesystem::path> existing_file(checker& c, const field& f, const std::filesystem::path& base,
                                                   const char* what);

// A PostgreSQL URI, as handed round (its password kept aside), or nothing for a file.
std::optional<std::string> database_uri(checker& c, const field& f);

}  // namespace ratekit::config
