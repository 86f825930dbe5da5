// The header `ratekit predict` writes: the input's columns as they were, then
// the columns it computes. No name may appear twice in it, or the file could
// not be read back (ratekit's readers refuse a repeated column, pandas would
// hand back the user's column for the computed one).
#pragma once

#include "input/csv.hpp"

#include <ratekit/host/plugin/plugin.hpp>

#include <initializer_list>
#include <span>
#include <string>
#include <string_view>

namespace ratekit {

// The columns predict adds: for each of `sides` ("_a", "_b"; or "" for one
// player) the plugin's state fields and `new` with that suffix, then
// `results`. A state field that takes the name of another of them is the
// plugin's fault: a user_error naming the plugin's file.
std::vector<std::string> predicted_columns(const plugin& p, std::initializer_list<std::string_view> sides,
                                           std::initializer_list<std::string_view> results);

// `header` (the input's header line, mapped with `known` already) followed by
// `added`, one CSV line without its end. An input column named as one of
// `added`, or an unknown column named twice, is added to `problems` at its
// line and column (a known column named twice, map_header refused already).
std::string predict_header(const text::line& header, std::span<const text::column_spec> known,
                           const std::vector<std::string>& added, text::problem_list& problems);

}  // namespace ratekit
