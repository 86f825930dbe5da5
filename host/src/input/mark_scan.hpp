// Finds the bytes a CSV row stops at (separators, quotes, line ends) 64 at a
// time, so splitting a short row costs a few bit operations instead of a
// memchr per field and one per line.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace ratekit::text {

class mark_scan {
 public:
  mark_scan(std::string_view text, char separator) : text_(text), separator_(separator) { mask_ = marks(0); }

  // Offset of the next separator, '"' or '\n' after the last one returned; text.size() when none is left.
  size_t next() {
    while (mask_ == 0) {
      if (block_ + 64 >= text_.size()) return text_.size();
      block_ += 64;
      mask_ = marks(block_);
    }
    const size_t at = block_ + size_t(__builtin_ctzll(mask_));
    mask_ &= mask_ - 1;
    return at;
  }

 private:
  // Bit i is set when text[from + i] is a mark; nothing is read past the text.
  uint64_t marks(size_t from) const {
    const char* p = text_.data() + from;
    uint64_t m = 0;
#if defined(__SSE2__)
    if (from + 64 <= text_.size()) {
      const __m128i sep = _mm_set1_epi8(separator_), quote = _mm_set1_epi8('"'), end = _mm_set1_epi8('\n');
      for (int k = 0; k < 4; ++k) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * k));
        const __m128i hit =
            _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, sep), _mm_cmpeq_epi8(v, quote)), _mm_cmpeq_epi8(v, end));
        m |= uint64_t(uint32_t(_mm_movemask_epi8(hit))) << (16 * k);
      }
      return m;
    }
#endif
    const size_t n = text_.size() - from < 64 ? text_.size() - from : 64;
    for (size_t i = 0; i < n; ++i)
      if (p[i] == separator_ || p[i] == '"' || p[i] == '\n') m |= uint64_t(1) << i;
    return m;
  }

  std::string_view text_;
  char separator_;
  size_t block_ = 0;  // offset of the 64 bytes mask_ covers
  uint64_t mask_ = 0;
};

}  // namespace ratekit::text
