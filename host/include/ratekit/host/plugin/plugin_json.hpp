// A plugin's facts as the CLI prints them (`ratekit plugins --json`,
// `ratekit describe`) and the Python module returns them.
#pragma once

#include <ratekit/host/plugin/plugin.hpp>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

namespace ratekit {

// A parameter's type ("number", "integer", "bool", "choice"), default and range as text.
const char* type_name(int32_t type);
std::string default_text(const rk_param_spec& p);
std::string range_text(const rk_param_spec& s);
// The capability bits as words: "pairwise games, K factor, ...".
std::string capabilities(uint64_t caps);

// The kind of model, in words: forward (period by period) or whole history.
const char* plugin_kind(const rk_descriptor& d);

// `ratekit describe --json`: kind ("forward" or "whole-history"), capability names as listed above, defaults as typed values.
nlohmann::ordered_json describe_json(const plugin& p);
// `ratekit plugins --json`: the plugins loaded (id, version, summary, file) and the files refused.
nlohmann::ordered_json plugins_json(const plugin_registry& registry);

}  // namespace ratekit
