// Rating passes shared out over threads, each under its caller's stop flag
// (ratekit compare's configs, ratekit tune's candidates).
#pragma once

#include <cstddef>
#include <functional>

namespace ratekit {

// Runs job(i) for every i below `count` on `threads` threads (0: one per core),
// each thread under the calling thread's stop flag, so its Ctrl-C stops every
// pass. Once all are done, rethrows the failure of the lowest i, if any.
void for_each_parallel(size_t count, unsigned threads, const std::function<void(size_t)>& job);

}  // namespace ratekit
