#include "codeforces.hpp"

RATEKIT_PLUGIN(ratekit::plugins::codeforces)
