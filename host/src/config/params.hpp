// Plugin parameters: typed, range-checked values in descriptor order.
#pragma once

#include "config/yaml_check.hpp"

#include <ratekit/abi.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ratekit::config {

// Every parameter's default, in descriptor order.
std::vector<double> default_params(const rk_descriptor& d);

// `text` as a value of `spec`'s type within its bounds; on failure, nothing,
// and `error` says what was expected.
std::optional<double> parse_param(const rk_param_spec& spec, std::string_view text, std::string& error);

// The `params:` map over the defaults; every problem goes to `c`.
std::vector<double> read_params(checker& c, const field& params, const rk_descriptor& d);

// Refuses, to `c`, each parameter `params:` sets that does nothing while the
// one it `needs` (RK_EXT_PARAM_NEEDS, may be null) is 0 in `values`.
void refuse_idle_params(checker& c, const field& params, const rk_descriptor& d, const rk_ext_param_needs* needs,
                        const std::vector<double>& values);

}  // namespace ratekit::config
