// Where TrueSkill Through Time's messages live: one slot per player per batch
// he plays in (his skill at that time), the slots of a batch contiguous, each
// linked to the same player's slots in his previous and next batches, and
// every entry pointing at its player's slot of its batch. Built once by
// load(); the sweeps only read it, so they allocate nothing.
#pragma once

#include <ratekit/whole_history.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

namespace ratekit::plugins::ttt_math {

struct skill_slots {
  static constexpr uint32_t none = std::numeric_limits<uint32_t>::max();

  std::vector<uint32_t> batch_begin;  // batch b's slots: [batch_begin[b], batch_begin[b + 1])
  std::vector<uint32_t> previous;     // per slot: the player's slot in his previous batch, or none
  std::vector<uint32_t> next;         // ... in his next batch, or none
  std::vector<double> elapsed;        // per slot: time since his previous batch (0 at his first)
  std::vector<uint32_t> entry_slot;   // per entry: his slot in its batch

  uint32_t slots() const { return uint32_t(previous.size()); }

  void build(const sdk::history& h) {
    if (h.entries().size() >= none)
      throw sdk::failure(RK_ERR_DOMAIN, "ttt: a history of 4 billion entries or more");
    std::vector<uint32_t> last_slot(h.players(), none);
    std::vector<double> last_time(h.players(), 0.0);
    batch_begin.clear(), previous.clear(), next.clear(), elapsed.clear();
    entry_slot.resize(h.entries().size());
    // Without times a player's skill walks one unit between his batches, as the package counts.
    const bool timed = h.raw().batch_times != nullptr;
    for (uint64_t b = 0; b < h.batches(); ++b) {
      const uint32_t first = slots();
      batch_begin.push_back(first);
      for (uint64_t m = h.first_match(b); m < h.end_match(b); ++m)
        for (uint64_t e = h.raw().matches[m].begin; e < h.raw().matches[m].end; ++e) {
          const int32_t player = h.entries()[e].player;
          uint32_t& slot = last_slot[player];
          if (slot == none || slot < first) {  // his first entry of this batch
            previous.push_back(slot);
            next.push_back(none);
            elapsed.push_back(slot == none ? 0.0 : timed ? h.time(b) - last_time[player] : 1.0);
            if (slot != none) next[slot] = slots() - 1;
            slot = slots() - 1;
            if (timed) last_time[player] = h.time(b);
          }
          entry_slot[e] = slot;
        }
    }
    batch_begin.push_back(slots());
  }
};

}  // namespace ratekit::plugins::ttt_math
