// Players in the order of a ratings list: highest rating first, equal ratings
// by name (names are unique), so every run lists them alike.
#pragma once

#include <ratekit/host/input/dataset.hpp>

#include <cstdint>
#include <vector>

namespace ratekit {

// Sorts `ids` (players of `players`) by `rating`, in that order.
void order_by_rating(std::vector<int32_t>& ids, const double* rating, const player_table& players);

}  // namespace ratekit
