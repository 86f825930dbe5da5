#include "elod.hpp"

RATEKIT_PLUGIN(ratekit::plugins::elod_duplicate_scrabble)
