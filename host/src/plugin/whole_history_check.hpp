// What the host checks of a whole-history plugin (RK_CAP_WHOLE_HISTORY) when it loads it.
#pragma once

#include <ratekit/abi.h>
#include <ratekit/ext/whole_history.h>

#include <string>

namespace ratekit {

// Why the host cannot drive this whole-history plugin, or "" when it can: its
// extension present and complete, state fields "rating" then "deviation", the
// parameters `epsilon` (a number) and `iterations` (a whole number from 1), and
// expect_teams when it declares team matches.
std::string whole_history_problem(const rk_plugin_entry& entry, const rk_ext_whole_history* extension);

}  // namespace ratekit
