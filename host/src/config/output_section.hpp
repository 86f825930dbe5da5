// The output and categories sections of a competition config: where the run
// writes (output.dir, output.database), which files (history and its columns,
// charts, report), and the category labels its ratings are shown with.
#pragma once

#include <ratekit/host/config/config.hpp>

#include "config/yaml_check.hpp"

#include <filesystem>

namespace ratekit::config {

// output: { dir, database, history, charts, report }, paths relative to `base`; `model`, when known, names
// the history columns output.history may list.
void read_output(checker& c, const field& f, const std::filesystem::path& base, const rk_descriptor* model,
                 competition_config& cfg);

// categories: [ { from: 1000, label: beginner }, ... ] with ascending `from`.
void read_categories(checker& c, const field& f, competition_config& cfg);

}  // namespace ratekit::config
