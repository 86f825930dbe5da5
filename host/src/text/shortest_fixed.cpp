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
  for (int x = min_e2; x <= max_e2; ++x)
    if (!floor_log10_pow2_holds(x)) return false;
  return true;
}
static_assert(floor_log10_pow2_holds_in_range());

// The scale shortest works at: 10^k with 1 <= 2^e2 * 10^k < 10, so v * 10^k has 16 or 17 digits.
constexpr int scale_for(int e2) { return -floor_log10_pow2(e2); }
constexpr int max_k = scale_for(min_e2);  // 20: 4m * 5^20 < 2^102

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
// closest of those to it, ties to even, without a loop (Schubfach, Giulietti 2020). At the scale where the
// interval of decimals that read back as v is 1 to 10 units wide, it holds at most one multiple of 10: then the
// answer but for its trailing zeros. Else v rounded to a unit is, strictly inside. The interval's ends,
// (2m -+ 1) * 5^k * 2^(k + e2 - 1), are never whole at that scale (asserted below): no tie with them to settle.
// Below a power of two the interval is narrower than assumed here, but every power of two in the range is itself
// a multiple of 10 at that scale, and so the one found.
decimal shortest(uint64_t m, int e2) {
  const int k = scale_for(e2);
  const int shift = 2 - k - e2;  // the ends are in quarter ulps: X * 2^(e2 - 2) * 5^k * 2^k
  const uint64_t five = powers_of_5[k];
  const uint128 scaled = uint128(4 * m) * five;
  const uint64_t vp = uint64_t((scaled + 2 * five) >> shift), vm = uint64_t((scaled - 2 * five) >> shift);
  const uint64_t vr = uint64_t(scaled >> shift), tens = vp / 10;
  const uint128 fraction = scaled & ((uint128(1) << shift) - 1), half = uint128(1) << (shift - 1);
  const uint64_t rounded = vr + (fraction > half || (fraction == half && vr % 2 == 1));  // ties to even
  const bool ten_inside = 10 * tens > vm;  // selected, not branched on: either is as likely
  decimal d{ten_inside ? tens : rounded, ten_inside - k};
  while (d.digits % 10 == 0) d.digits /= 10, ++d.exponent;  // a rounded unit never ends in 0: it would be inside
  return d;
}

// shortest's scale at every e2: a shift of at least 2, 5^k in the table, the interval's ends not whole, and the
// powers of two, 2^(e2 + 52 + k) * 5^k, multiples of 10.
constexpr bool scale_holds() {
  for (int e2 = min_e2; e2 <= max_e2; ++e2) {
    const int k = scale_for(e2);
    if (2 - k - e2 < 2 || k < 1 || k > max_k || k + e2 - 1 >= 0 || e2 + 52 + k < 1) return false;
  }
  return true;
}
static_assert(scale_holds());

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
