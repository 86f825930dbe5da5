// Input files are mapped, and a mapped file that shrinks while it is read (log
// rotation, a copy still in progress) would end the process with SIGBUS. The
// guard maps zero pages over the part that vanished instead and remembers it,
// so the reader finishes and reports the change as an error.
#pragma once

#include <cstddef>

namespace ratekit::text::shrink_guard {

// Watches a mapping; returns its slot, or -1 when every slot is taken (the
// caller then reads the file instead of mapping it).
int watch(const void* address, size_t size);
// Whether a read beyond the file's end hit the mapping of `slot`.
bool shrunk(int slot);
void unwatch(int slot);

}  // namespace ratekit::text::shrink_guard
