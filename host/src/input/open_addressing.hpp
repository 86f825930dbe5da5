// What the readers' two name indexes (player_table, name_cache) share: slots
// with a hash and an id (-1: empty), linear probing, a power-of-two size.
#pragma once

#include <cstddef>
#include <vector>

namespace ratekit {

// Twice the slots, each entry moved to the first free place from its hash.
template <class Slot>
void double_slots(std::vector<Slot>& slots) {
  std::vector<Slot> old(slots.size() * 2);
  old.swap(slots);
  const size_t mask = slots.size() - 1;
  for (const Slot& s : old) {
    if (s.id < 0) continue;
    size_t i = size_t(s.hash) & mask;
    while (slots[i].id >= 0) i = (i + 1) & mask;
    slots[i] = s;
  }
}

}  // namespace ratekit
