// A later stage including an earlier one, as it may.
#pragma once
#include <ratekit/host/text/diagnostics.hpp>
