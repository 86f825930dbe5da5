#include <ratekit/host/text/escape.hpp>
#include "input/encoding.hpp"
#include "input/problems.hpp"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace ratekit::text {

encoding encoding_of(const std::string& file, const std::string& name) {
  std::string key;
  for (char c : name)
    if (c != '-' && c != '_') key += char(std::tolower(static_cast<unsigned char>(c)));
  if (key.empty()) return encoding::automatic;
  if (key == "utf8") return encoding::utf8;
  if (key == "latin1" || key == "iso88591") return encoding::latin1;
  throw user_error(file, 0, 0, "expected input encoding utf-8 or latin1, got " + quote(name));
}

size_t invalid_utf8(std::string_view s, size_t& newlines) {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const size_t n = s.size();
  size_t i = 0;
  newlines = 0;
  while (i < n) {
    // ASCII dominates: skip it 64 bytes at a time, else 8.
#if defined(__SSE2__)
    if (i + 64 <= n) {
      __m128i v[4];
      for (int k = 0; k < 4; ++k) v[k] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i + 16 * k));
      if (_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(v[0], v[1]), _mm_or_si128(v[2], v[3]))) == 0) {
        const __m128i end = _mm_set1_epi8('\n');
        __m128i ends = _mm_setzero_si128();  // per byte: line ends at it in the 4 vectors (-1 each)
        for (int k = 0; k < 4; ++k) ends = _mm_sub_epi8(ends, _mm_cmpeq_epi8(v[k], end));
        const __m128i sums = _mm_sad_epu8(ends, _mm_setzero_si128());  // two sums of 8 bytes
        newlines += size_t(_mm_cvtsi128_si32(sums) + _mm_cvtsi128_si32(_mm_srli_si128(sums, 8)));
        i += 64;
        continue;
      }
    }
#endif
    uint64_t word;
    if (i + 8 <= n && (std::memcpy(&word, p + i, 8), (word & 0x8080808080808080ull) == 0)) {
      // Bytes below 0x80 plus 0x7F reach 0x80 unless they were zero, that is '\n';
      // the multiply adds up the flags (one per byte) in the top byte.
      const uint64_t x = word ^ 0x0A0A0A0A0A0A0A0Aull;
      const uint64_t ends = (~(x + 0x7F7F7F7F7F7F7F7Full) & 0x8080808080808080ull) >> 7;
      newlines += size_t((ends * 0x0101010101010101ull) >> 56);
      i += 8;
      continue;
    }
    const unsigned c = p[i];
    if (c < 0x80) {
      newlines += c == '\n';
      ++i;
      continue;
    }
    size_t len;
    unsigned lo = 0x80, hi = 0xBF;  // allowed range of the second byte
    if (c >= 0xC2 && c <= 0xDF)
      len = 2;
    else if (c == 0xE0)
      len = 3, lo = 0xA0;  // no overlong forms
    else if (c == 0xED)
      len = 3, hi = 0x9F;  // no surrogates
    else if (c >= 0xE1 && c <= 0xEF)
      len = 3;
    else if (c == 0xF0)
      len = 4, lo = 0x90;
    else if (c == 0xF4)
      len = 4, hi = 0x8F;  // nothing above U+10FFFF
    else if (c >= 0xF1 && c <= 0xF3)
      len = 4;
    else
      return i;
    if (i + len > n || p[i + 1] < lo || p[i + 1] > hi) return i;
    for (size_t k = 2; k < len; ++k)
      if ((p[i + k] & 0xC0) != 0x80) return i;
    i += len;
  }
  return std::string_view::npos;
}

size_t invalid_utf8_reference(std::string_view s, size_t& newlines) {
  newlines = 0;
  for (size_t i = 0; i < s.size();) {
    const size_t len = utf8_sequence_length(s, i);
    if (len == 0) return i;
    newlines += s[i] == '\n';
    i += len;
  }
  return std::string_view::npos;
}

std::string latin1_to_utf8(std::string_view s) {
  const size_t high = size_t(std::count_if(s.begin(), s.end(), [](char c) { return (c & 0x80) != 0; }));
  std::string out;
  out.reserve(s.size() + high);
  for (char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (c < 0x80) {
      out += ch;
    } else {
      out += char(0xC0 | (c >> 6));
      out += char(0x80 | (c & 0x3F));
    }
  }
  return out;
}

}  // namespace ratekit::text
