#include "dwz.hpp"

namespace ratekit::plugins {

const rk_state_field state_fields[] = {
    // A new player's rating means nothing until his first DWZ (rated 0).
    sdk::rating_field(1000.0, "DWZ, a whole number; a placeholder while rated is 0"),
    {"rated", 0.0, "1 when the player holds a DWZ (the host sets it for ratings from a list or the input)"},
    {"index", 0.0, "the DWZ index: 1 after the first evaluation, one more after each tournament with a rated game"},
};

const rk_descriptor dwz::descriptor = sdk::descriptor{.id = "dwz", .version = "1.0.0",
    .summary = "German DWZ (Wertungsordnung 2013): Rn = R0 + 800 (W - We) / (E + n), P(D) normal with sigma 200 sqrt 2, "
               "E from DWZ, age class (K) and index, first DWZ by iteration",
    .capabilities = RK_CAP_PAIRWISE | RK_CAP_USES_K | RK_CAP_DRAWS | RK_CAP_PERIODS | RK_CAP_STATE_AFTER,
    .state = state_fields};

}  // namespace ratekit::plugins

RATEKIT_PLUGIN(ratekit::plugins::dwz)
