// The names a plugin hands the host for its outputs: its id, its state fields
// and its extension columns. They become CSV headers, JSON keys, Markdown and
// terminal text unescaped, so each must be a plain word of its own.
#pragma once

#include <ratekit/abi.h>

#include <string>

namespace ratekit {

// The most state fields (rk_game_batch.state_after_fields is a 64-bit mask),
// parameters and extra report columns a plugin may declare.
inline constexpr uint32_t max_state_fields = 64;
inline constexpr uint32_t max_params = 256;
inline constexpr uint32_t max_game_columns = 64;

// Why the descriptor's id, state field names or parameter keys cannot be used
// ("" when they can): the id lowercase words joined by '-', each field and key
// a name of letters, digits and '_' (a letter first), unique, no field one of
// the host's own ratings.csv columns.
std::string descriptor_names_problem(const rk_descriptor& d);

// Why the game columns extension cannot be used ("" when it can): as the state
// fields, its names unique and none of report.csv's own columns.
std::string game_columns_problem(const rk_ext_game_columns& c);

// Why the parameter needs extension cannot be used ("" when it can): each
// pair names two different parameters of the descriptor.
std::string param_needs_problem(const rk_descriptor& d, const rk_ext_param_needs& needs);

}  // namespace ratekit
