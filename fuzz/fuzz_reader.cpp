// Fuzz target: one input reader, chosen at build time by RATEKIT_FUZZ_FORMAT.
// A user_error is the expected answer to bad input; anything else is a finding.
#include "fuzz_input.hpp"

#include <ratekit/host/input/readers.hpp>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const ratekit::reader_entry* reader = ratekit::find_reader(RATEKIT_FUZZ_FORMAT);
  if (reader == nullptr) std::abort();
  const auto& file = ratekit::fuzz::write_input(data, size, ".in");
  try {
    ratekit::dataset d;
    reader->read(file, {}, d);
  } catch (const ratekit::user_error&) {
  }
  return 0;
}
