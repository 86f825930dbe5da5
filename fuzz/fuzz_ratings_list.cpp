// Fuzz target: the previous-ratings list (`initial: { ratings: ... }`).
#include "fuzz_input.hpp"

#include <ratekit/host/input/ratings_list.hpp>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const auto& file = ratekit::fuzz::write_input(data, size, ".csv");
  try {
    ratekit::player_table players;
    ratekit::read_ratings_list(file, players);
  } catch (const ratekit::user_error&) {
  }
  return 0;
}
