// A reader's fast path from player names to ids: an open-addressing table in
// front of player_table::intern, with short names kept inline so a hit costs
// one cache line. Names not seen yet by this cache go through intern, so
// players added before (a ratings list, an earlier file) keep their ids.
#pragma once

#include <ratekit/host/dataset.hpp>

#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

namespace ratekit::text {

class name_cache {
 public:
  explicit name_cache(player_table& players) : players_(players), slots_(1024) {}

  // Starts loading the slot of `name`, so a row's two lookups and its parsing
  // overlap their cache misses instead of waiting for each in turn.
  void prefetch(std::string_view name) const {
    __builtin_prefetch(&slots_[size_t(hash(name)) & (slots_.size() - 1)]);
  }

  int32_t intern(std::string_view name) {
    const uint64_t h = hash(name);
    for (size_t i = size_t(h) & (slots_.size() - 1);; i = (i + 1) & (slots_.size() - 1)) {
      slot& s = slots_[i];
      if (s.id < 0) return add(s, h, name);
      if (s.hash == h && same(s, name)) return s.id;
    }
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

  // 8 bytes at a time, multiply-xorshift mixing: names are short.
  static uint64_t hash(std::string_view s) {
    uint64_t h = 0x9E3779B97F4A7C15ull ^ s.size();
    size_t i = 0;
    for (; i + 8 <= s.size(); i += 8) {
      uint64_t w;
      std::memcpy(&w, s.data() + i, 8);
      h = (h ^ w) * 0xBF58476D1CE4E5B9ull;
      h ^= h >> 29;
    }
    uint64_t tail = 0;
    std::memcpy(&tail, s.data() + i, s.size() - i);
    h = (h ^ tail) * 0x94D049BB133111EBull;
    return h ^ (h >> 32);
  }

  bool same(const slot& s, std::string_view name) const {
    if (name.size() <= inline_size) return s.size == name.size() && std::memcmp(s.text, name.data(), name.size()) == 0;
    return players_.name(s.id) == name;
  }

  int32_t add(slot& s, uint64_t h, std::string_view name) {
    s.hash = h;
    s.id = players_.intern(name);
    s.size = uint8_t(name.size() <= inline_size ? name.size() : 0);
    if (name.size() <= inline_size) std::memcpy(s.text, name.data(), name.size());
    const int32_t id = s.id;
    if (++used_ * 2 > slots_.size()) grow();  // at most half full keeps probes short
    return id;
  }

  void grow() {
    std::vector<slot> old(slots_.size() * 2);
    old.swap(slots_);
    for (const slot& s : old) {
      if (s.id < 0) continue;
      size_t i = size_t(s.hash) & (slots_.size() - 1);
      while (slots_[i].id >= 0) i = (i + 1) & (slots_.size() - 1);
      slots_[i] = s;
    }
  }

  player_table& players_;
  std::vector<slot> slots_;  // size a power of two
  size_t used_ = 0;
};

}  // namespace ratekit::text
