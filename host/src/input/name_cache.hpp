// A reader's fast path from player names to ids: an open-addressing table in
// front of the player table, with short names kept inline so a hit costs one
// cache line. It starts with every name the table holds (a ratings list, an
// earlier file), so those players keep their ids and a name it has not seen
// is a new player, added without a second lookup (player_table::add_new).
// While a cache lives, only it adds names to its table.
#pragma once

#include <ratekit/host/input/dataset.hpp>
#include <ratekit/host/text/escape.hpp>

#include "input/open_addressing.hpp"
#include "input/text.hpp"

#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

namespace ratekit::text {

class name_cache {
 public:
  explicit name_cache(player_table& players) : players_(players), slots_(1024) {
    for (int32_t id = 0; id < players.size(); ++id) {
      const std::string& name = players.name(id);
      const uint64_t h = hash(name);
      fill(slot_for(h, name), h, name, id);
    }
  }

  // Starts loading the slot of `name`, so later lookups find it in cache.
  // Always inlined: GCC takes an outlined prefetch for a pure function and
  // drops the call.
  [[gnu::always_inline]] void prefetch(std::string_view name) const {
    __builtin_prefetch(&slots_[size_t(hash(name)) & (slots_.size() - 1)]);
  }

  // The player's id; -1 for a name with a control character (never stored).
  int32_t intern(std::string_view name) {
    const uint64_t h = hash(name);
    slot& s = slot_for(h, name);
    return s.id >= 0 ? s.id : add(s, h, name);
  }

 private:
  static constexpr size_t inline_size = 19;
  struct slot {
    uint64_t hash = 0;
    int32_t id = -1;  // -1: empty
    uint8_t size = 0;
    char text[inline_size];  // the name when it fits
  };
  static_assert(sizeof(slot) == 32);

  __extension__ typedef unsigned __int128 uint128;  // GCC and Clang on 64-bit targets

  // 8 bytes at a time, multiply-xorshift mixing: names are short. The last
  // word (or two halves, or three bytes) overlaps the others instead of being
  // copied byte by byte.
  static uint64_t hash(std::string_view s) {
    const char* p = s.data();
    const size_t n = s.size();
    uint64_t h = 0x9E3779B97F4A7C15ull ^ n;
    uint64_t last = 0;
    if (n >= 8) {
      for (size_t i = 0; i + 8 < n; i += 8) {
        h = (h ^ load<uint64_t>(p + i)) * 0xBF58476D1CE4E5B9ull;
        h ^= h >> 29;
      }
      last = load<uint64_t>(p + n - 8);
    } else if (n >= 4) {
      last = load<uint32_t>(p) | uint64_t(load<uint32_t>(p + n - 4)) << 32;
    } else if (n > 0) {
      last = uint64_t(uint8_t(p[0])) | uint64_t(uint8_t(p[n / 2])) << 8 | uint64_t(uint8_t(p[n - 1])) << 16;
    }
    // A 64x64->128 multiply folded in two: every input bit reaches the low
    // bits that pick the slot, in one multiplication.
    const uint128 m = uint128(h ^ last) * 0x94D049BB133111EBull;
    return uint64_t(m) ^ uint64_t(m >> 64);
  }
  template <class T>
  static T load(const char* p) {
    T w;
    std::memcpy(&w, p, sizeof w);
    return w;
  }

  // The slot holding `name`, or the empty one where it would go.
  [[gnu::always_inline]] slot& slot_for(uint64_t h, std::string_view name) {
    for (size_t i = size_t(h) & (slots_.size() - 1);; i = (i + 1) & (slots_.size() - 1)) {
      slot& s = slots_[i];
      if (s.id < 0 || (s.hash == h && same(s, name))) return s;
    }
  }

  bool same(const slot& s, std::string_view name) const {
    if (name.size() <= inline_size) return s.size == name.size() && same_text({s.text, s.size}, name);
    return players_.name(s.id) == name;
  }

  int32_t add(slot& s, uint64_t h, std::string_view name) {
    if (has_control(name)) return -1;  // checked once per name, not per game
    return fill(s, h, name, players_.add_new(name));
  }

  int32_t fill(slot& s, uint64_t h, std::string_view name, int32_t id) {
    s.hash = h;
    s.id = id;
    s.size = uint8_t(name.size() <= inline_size ? name.size() : 0);
    if (name.size() <= inline_size) std::memcpy(s.text, name.data(), name.size());
    if (++used_ * 2 > slots_.size()) double_slots(slots_);  // at most half full keeps probes short
    return id;
  }

  player_table& players_;
  std::vector<slot> slots_;  // size a power of two
  size_t used_ = 0;
};

}  // namespace ratekit::text
