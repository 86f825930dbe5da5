// Rating ranked events, one event per plugin call.
#pragma once

#include <ratekit/host/engine/engine.hpp>

namespace ratekit {

// Rates r.data's events in order on r.state, filling the per-entry outputs.
void rate_events(run_result& r);

}  // namespace ratekit
