// Which columns history.csv has for a model (history_columns.cpp): the fixed
// ones, then the state fields a model shows.
#pragma once

#include <ratekit/abi.h>

#include <cstdint>
#include <string>
#include <vector>

namespace ratekit {

// The state fields besides the rating that outputs show per game and period:
// all but the plugin's bookkeeping_state.
std::vector<uint32_t> shown_state_fields(const rk_descriptor& d);

// history.csv's columns in their order: these, then `<field>_after` for each shown state field, then
// `adjustment` for a model that reports rating adjustments (RK_CAP_ADJUSTMENTS).
inline constexpr const char* history_fixed_columns[] = {"period", "date", "player", "opponent", "expected",
                                                        "score", "k", "change", "rating_before", "rating_after"};
// The same columns' names for a model of team matches (RK_CAP_TEAMS), whose
// rows are a player's in a match: the team's expected score, its rank, the
// player's share of the match; then `<field>_after` and `<field>_before`.
inline constexpr const char* history_team_columns[] = {"match", "date", "player", "team", "expected",
                                                       "rank", "weight", "change", "rating_before", "rating_after"};
// Every column history.csv can have for a model: output.history may list some of them.
std::vector<std::string> history_column_names(const rk_descriptor& d);
// True when history.csv has a state field column (every file does unless output.history lists none).
bool history_shows_state(const std::vector<std::string>& columns);

}  // namespace ratekit
