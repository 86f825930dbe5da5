#include "output/files/rating_order.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <utility>

namespace ratekit {
namespace {

// A key whose unsigned order is the ratings' descending order: the sign bit
// flipped (all bits for a negative rating) gives ascending order, then all
// bits flipped. -0 ranks with 0, as == says.
uint64_t descending_key(double rating) {
  const uint64_t bits = std::bit_cast<uint64_t>(rating == 0 ? 0.0 : rating);
  return ~(bits >> 63 ? ~bits : bits | uint64_t(1) << 63);
}

struct keyed {
  uint64_t key;
  int32_t id;
};

// Stable, a byte at a time from the lowest; a byte all keys share is passed over.
void radix_sort(std::vector<keyed>& items) {
  std::vector<keyed> other(items.size());
  std::array<std::array<uint32_t, 256>, 8> counts{};
  for (const keyed& k : items)
    for (size_t b = 0; b < 8; ++b) ++counts[b][k.key >> (8 * b) & 0xff];
  for (size_t b = 0; b < 8; ++b) {
    auto& count = counts[b];
    if (std::find(count.begin(), count.end(), uint32_t(items.size())) != count.end()) continue;
    uint32_t at = 0;
    for (uint32_t& c : count) at += std::exchange(c, at);
    for (const keyed& k : items) other[count[k.key >> (8 * b) & 0xff]++] = k;
    items.swap(other);
  }
}

}  // namespace

void order_by_rating(std::vector<int32_t>& ids, const double* rating, const player_table& players) {
  const auto by_name = [&](int32_t a, int32_t b) { return players.name(a) < players.name(b); };
  // std::sort's comparisons read two ratings at random each, slower than a few
  // passes over the keys in order once the list is long (8 ms against 1 for 10^5 players).
  if (ids.size() < 1024) {
    std::sort(ids.begin(), ids.end(), [&](int32_t a, int32_t b) {
      return rating[a] != rating[b] ? rating[a] > rating[b] : by_name(a, b);
    });
    return;
  }
  std::vector<keyed> items(ids.size());
  for (size_t i = 0; i < ids.size(); ++i) items[i] = {descending_key(rating[ids[i]]), ids[i]};
  radix_sort(items);
  for (size_t i = 0; i < items.size(); ++i) ids[i] = items[i].id;
  for (size_t begin = 0; begin < items.size();) {  // equal ratings: by name
    size_t end = begin + 1;
    while (end < items.size() && items[end].key == items[begin].key) ++end;
    if (end - begin > 1) std::sort(ids.begin() + long(begin), ids.begin() + long(end), by_name);
    begin = end;
  }
}

}  // namespace ratekit
