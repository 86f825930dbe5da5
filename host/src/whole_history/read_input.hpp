// What a whole-history fit and a walk forward read alike: the input whole, and the model's parameters that
// drive the sweeps.
#pragma once

#include <ratekit/host/config/config.hpp>
#include <ratekit/host/input/dataset.hpp>
#include <ratekit/host/input/input_rows.hpp>

namespace ratekit {

// The config's value of parameter `key` of model `d`; NaN when the model has none.
double param_value(const competition_config& config, const rk_descriptor& d, const char* key);

// Every file of the input into one dataset, as the readers give it: no pieces, no second thread; or `rows`, a
// program's rows, when given (input_paths names them).
dataset read_whole_input(const competition_config& config, const input_rows* rows);

}  // namespace ratekit
