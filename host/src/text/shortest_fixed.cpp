#include <ratekit/host/text/shortest_fixed.hpp>

#include <array>
#include <bit>
#include <charconv>
#include <cstdint>
#include <cstring>

namespace ratekit {

namespace {

__extension__ typedef unsigned __int128 uint128;  // GCC and Clang on 64-bit targets

// The fast path: |v| = m * 2^e2 with e2 in [-66, -1], that is [2^-14, 2^52).
constexpr int min_e2 = -66;
constexpr int max_e2 = -1;
constexpr uint64_t hidden_bit = uint64_t(1) << 52;

// floor(log10(2^x)) without floating point.
constexpr int floor_log10_pow2(int x) { return (x * 78913) >> 18; }

// 10^f <= 2^x < 10^(f + 1) in integers: for x < 0, 10^-(f + 1) < 2^-x <= 10^-f.
constexpr bool floor_log10_pow2_holds(int x) {
  const int f = floor_log10_pow2(x);
  uint128 two = 1, ten = 1;  // 2^|x|, and 10^f or 10^-(f + 1)
  for (int i = 0; i < (x < 0 ? -x : x); ++i) two *= 2;
  for (int i = 0; i < (x < 0 ? -f - 1 : f); ++i) ten *= 10;
  return x >= 0 ? ten <= two && two < 10 * ten : ten < two && two <= 10 * ten;
}

constexpr bool floor_log10_pow2_holds_in_range() {
  for (int x = min_e2 + 52; x <= max_e2 + 52; ++x)
    if (!floor_log10_pow2_holds(x)) return false;
  return true;
}
static_assert(floor_log10_pow2_holds_in_range());

// v * 10^k has 18 or 19 digits: more than the 17 any double needs, fewer than a uint64_t holds.
constexpr int decimals_for(int e2) { return 17 - floor_log10_pow2(e2 + 52); }
constexpr int max_k = decimals_for(min_e2);
static_assert(max_k == 22 && decimals_for(max_e2) + max_e2 <= 1);  // 5^22 < 2^52; the shift below is at least 1

constexpr std::array<uint64_t, max_k + 1> powers_of_5 = [] {
  std::array<uint64_t, max_k + 1> p{1};
  for (int i = 1; i <= max_k; ++i) p[i] = p[i - 1] * 5;
  return p;
}();

constexpr std::array<uint64_t, 20> powers_of_10 = [] {
  std::array<uint64_t, 20> p{1};
  for (int i = 1; i < 20; ++i) p[i] = p[i - 1] * 10;
  return p;
}();

constexpr std::array<char, 200> digit_pairs = [] {
  std::array<char, 200> d{};
  for (int i = 0; i < 100; ++i) {
    d[2 * i] = char('0' + i / 10);
    d[2 * i + 1] = char('0' + i % 10);
  }
  return d;
}();

struct decimal {
  uint64_t digits;  // no trailing zeros
  int exponent;     // the value is digits * 10^exponent
};

// The shortest decimal that reads back as m * 2^e2 (m with its hidden bit, e2 in the fast path's range), the
// closest of those to it, ties to even. This is the interval and trailing-digit removal of Ryu (Adams, PLDI
// 2018), with one exact 128-bit product in place of its tables: 10^k needs no more than 5^22 here.
decimal shortest(uint64_t m, int e2) {
  const int k = decimals_for(e2);
  const int shift = 2 - k - e2;  // the ends of the interval are in quarter ulps: X * 2^(e2 - 2) * 5^k * 2^k
  const uint64_t mask = (uint64_t(1) << shift) - 1;
  const uint64_t five = powers_of_5[k];
  // The neighbour below a power of two is half as far as the one above.
  const uint64_t below = m == hidden_bit ? 1 : 2;
  const uint64_t mv = 4 * m, mp = mv + 2, mm = mv - below;
  const uint128 scaled = uint128(mv) * five;
  uint64_t vr = uint64_t(scaled >> shift);
  uint64_t vp = uint64_t((scaled + 2 * five) >> shift);
  uint64_t vm = uint64_t((scaled - below * five) >> shift);
  // from_chars rounds ties to even: an even m owns the ends of its interval.
  const bool ends_inside = m % 2 == 0;
  if (!ends_inside && (mp & mask) == 0) --vp;
  bool vm_counts = ends_inside && (mm & mask) == 0;  // vm itself may be the answer
  bool vr_exact = (mv & mask) == 0;                  // so far, vr with its removed digits is v exactly
  int last_removed = 0;
  int removed = 0;
  // The common case: vr is not v exactly (no ties) and vm is outside the interval. Two digits a step while possible.
  if (!vm_counts && !vr_exact) {
    if (vp / 100 > vm / 100) {
      last_removed = int(vr % 100) / 10;
      vr /= 100, vp /= 100, vm /= 100, removed = 2;
    }
    while (vp / 10 > vm / 10) {
      last_removed = int(vr % 10);
      vr /= 10, vp /= 10, vm /= 10, ++removed;
    }
    vr += vr == vm || last_removed >= 5;  // vm itself is outside: round up off it
    while (vr % 10 == 0) vr /= 10, ++removed;
    return {vr, removed - k};
  }
  while (vp / 10 > vm / 10) {
    vm_counts &= vm % 10 == 0;
    vr_exact &= last_removed == 0;
    last_removed = int(vr % 10);
    vr /= 10, vp /= 10, vm /= 10, ++removed;
  }
  if (vm_counts)  // the bound is a shorter decimal still
    while (vm % 10 == 0) {
      vr_exact &= last_removed == 0;
      last_removed = int(vr % 10);
      vr /= 10, vp /= 10, vm /= 10, ++removed;
    }
  if (vr_exact && last_removed == 5 && vr % 2 == 0) last_removed = 4;  // exactly halfway: the even one
  vr += (vr == vm && !vm_counts) || last_removed >= 5;
  while (vr % 10 == 0) vr /= 10, ++removed;
  return {vr, removed - k};
}

// x > 0; the bit length gives the count or one more.
int digit_count(uint64_t x) {
  const int guess = (64 - std::countl_zero(x)) * 1233 >> 12;  // floor(log10(2^bits))
  return guess + 1 - (x < powers_of_10[guess]);
}

void write_8_digits(char* at, uint32_t x) {  // x < 10^8: four independent pairs
  const uint32_t high = x / 10000, low = x % 10000;
  std::memcpy(at, &digit_pairs[2 * (high / 100)], 2);
  std::memcpy(at + 2, &digit_pairs[2 * (high % 100)], 2);
  std::memcpy(at + 4, &digit_pairs[2 * (low / 100)], 2);
  std::memcpy(at + 6, &digit_pairs[2 * (low % 100)], 2);
}

// Writes x (< 10^24) as 24 digits, leading zeros and all: no branch on its length.
void write_24_digits(char* at, uint64_t x) {
  const uint64_t high = x / 100000000;
  write_8_digits(at, uint32_t(high / 100000000));
  write_8_digits(at + 8, uint32_t(high % 100000000));
  write_8_digits(at + 16, uint32_t(x % 100000000));
}

// Copies of fixed sizes from a scratch buffer, rather than library calls for a few bytes each, write up to 37 chars
// from `at` whatever the length: within the caller's 400.
char* write_fixed(char* at, decimal d) {
  const int n = digit_count(d.digits);
  char scratch[44];
  write_24_digits(scratch, d.digits);
  std::memset(scratch + 24, 0, 20);  // what the copies below take past the digits
  const char* digits = scratch + 24 - n;
  if (d.exponent >= 0) {  // a whole number
    std::memcpy(at, digits, size_t(n));
    std::memset(at + n, '0', size_t(d.exponent));
    return at + n + d.exponent;
  }
  const int whole = n + d.exponent;  // digits before the point: 16 at most below 2^52
  if (whole > 0) {
    std::memcpy(at, digits, 16);
    at[whole] = '.';
    std::memcpy(at + whole + 1, digits + whole, 20);
    return at + 1 + n;
  }
  const int zeros = 2 - whole;  // "0." and the zeros after the point: 6 at most from 2^-14
  std::memcpy(at, "0.000000", 8);
  std::memcpy(at + zeros, digits, 20);
  return at + zeros + n;
}

}  // namespace

char* write_shortest_fixed(char* at, double value) {
  const uint64_t bits = std::bit_cast<uint64_t>(value);
  const int e2 = int(bits >> 52 & 0x7ff) - 1075;  // zeros, subnormals, infinities and NaNs fall outside
  if (e2 < min_e2 || e2 > max_e2) return std::to_chars(at, at + 400, value, std::chars_format::fixed).ptr;
  if (bits >> 63) *at++ = '-';
  return write_fixed(at, shortest((bits & (hidden_bit - 1)) | hidden_bit, e2));
}

}  // namespace ratekit
