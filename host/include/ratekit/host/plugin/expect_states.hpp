// `ratekit expect`'s question, asked by the CLI and the Python module alike:
// each side's whole state from the model's initial values and the fields named,
// and A's expected score against B.
#pragma once

#include <ratekit/host/plugin/plugin.hpp>

#include <string>
#include <utility>
#include <vector>

namespace ratekit {

using named_fields = std::vector<std::pair<std::string, double>>;

// The model's initial state with its first fields given by position (`by_position`, no more than the model
// has: the caller's text says how many), then `named` by name, each once; refuses an unknown or repeated name
// and a value that is no finite number, naming the field and `side` (A or B).
std::vector<double> side_state(const rk_descriptor& d, const std::vector<double>& by_position,
                               const named_fields& named, const std::string& side);

// A's expected score against B under `p` with `overrides` of its parameters, `advantage` added to A's side;
// the plugin's fault is a user_error naming it.
double expected_score(const std::shared_ptr<const plugin>& p, const std::vector<std::pair<std::string, std::string>>& overrides,
                      const std::vector<double>& a, const std::vector<double>& b, double advantage);

}  // namespace ratekit
