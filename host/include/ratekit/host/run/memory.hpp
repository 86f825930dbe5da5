// How the ratekit process takes memory (memory.cpp).
#pragma once

namespace ratekit {

// Called first in main; it may start the program again with the same
// arguments, with glibc told to back large allocations with 2 MB pages.
void tune_memory(char** argv);

}  // namespace ratekit
