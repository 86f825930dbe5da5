// The shortest decimals that read back as the same double, in fixed notation:
// history.csv's numbers, written millions of times a run.
#pragma once

namespace ratekit {

// Writes what std::to_chars(at, at + 400, value, std::chars_format::fixed)
// writes (room for 400 chars) and returns the end. Faster for the values
// ratings take (2^-14 <= |value| < 2^52); to_chars itself for the others.
// Chars past the end, within the 400, may be overwritten.
char* write_shortest_fixed(char* at, double value);

}  // namespace ratekit
