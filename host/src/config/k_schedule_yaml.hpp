// The `k_schedule:` section: first-match rules, each a constant K or a table over rating.
#pragma once

#include "config/yaml_check.hpp"

#include <ratekit/host/config/k_schedule.hpp>

#include <optional>

namespace ratekit::config {

// A list of rules, or { rules: [...], max_k_times_games: n }; nothing when invalid.
std::optional<k_schedule> read_k_schedule(checker& c, const field& f);

}  // namespace ratekit::config
