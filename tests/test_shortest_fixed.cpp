// write_shortest_fixed writes what std::to_chars(fixed) writes, byte for byte:
// millions of random doubles, the fast path's edges, short decimals and their
// neighbours, and the values exactly halfway between two shortest decimals.
#include <catch2/catch.hpp>
#include <ratekit/host/text/shortest_fixed.hpp>

#include <bit>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <future>
#include <random>
#include <string>
#include <thread>
#include <vector>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_shortest_fixed {

using namespace ratekit;

namespace {

std::string to_chars_fixed(double v) {
  char buf[400];
  return std::string(buf, std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed).ptr);
}

std::string shortest_fixed(double v) {
  char buf[400];
  return std::string(buf, write_shortest_fixed(buf, v));
}

// The first (up to 10) of `values` that write_shortest_fixed writes otherwise than to_chars, looked for on a thread
// of its own: a slip in its trailing-zero loop spins forever, which must fail the test rather than hang it.
std::vector<double> differing(std::vector<double> values) {
  std::packaged_task<std::vector<double>()> look([values = std::move(values)] {
    std::vector<double> found;
    char ours[400], theirs[400];
    for (const double v : values) {
      const char* end = write_shortest_fixed(ours, v);
      const char* expected = std::to_chars(theirs, theirs + sizeof theirs, v, std::chars_format::fixed).ptr;
      if ((end - ours != expected - theirs || std::memcmp(ours, theirs, size_t(end - ours)) != 0) && found.size() < 10)
        found.push_back(v);
    }
    return found;
  });
  std::future<std::vector<double>> found = look.get_future();
  std::thread(std::move(look)).detach();
  if (found.wait_for(std::chrono::minutes(1)) != std::future_status::ready)
    FAIL("write_shortest_fixed did not return within a minute");
  return found.get();
}

void require_same_text(const std::vector<double>& values) {
  const std::vector<double> found = differing(values);
  for (const double v : found) {
    char exact[64];
    std::snprintf(exact, sizeof exact, "%a", v);
    INFO(exact);
    CHECK(shortest_fixed(v) == to_chars_fixed(v));
  }
  REQUIRE(found.empty());
}

// v, its neighbours on both sides, and the same negated.
void add_around(std::vector<double>& values, double v) {
  for (const double x : {v, std::nextafter(v, 0.0), std::nextafter(v, INFINITY)}) {
    values.push_back(x);
    values.push_back(-x);
  }
}

double whole_number(uint64_t from, uint64_t below, std::mt19937_64& random) {
  return double(from + random() % (below - from));
}

}  // namespace

TEST_CASE("write_shortest_fixed writes what to_chars writes for random doubles", "[shortest_fixed]") {
  std::mt19937_64 random(20240611);
  std::vector<double> values;
  for (int i = 0; i < 1'000'000; ++i) {  // any bit pattern but infinities and NaNs: subnormals, huge values, negatives
    const uint64_t bits = random();
    if ((bits >> 52 & 0x7ff) != 0x7ff) values.push_back(std::bit_cast<double>(bits));
  }
  for (int i = 0; i < 2'000'000; ++i) {  // any bit pattern with an exponent in and just around the fast path's
    const uint64_t exponent = 1023 - 16 + random() % 72;
    values.push_back(std::bit_cast<double>(random() >> 63 << 63 | exponent << 52 | random() >> 12));
  }
  std::normal_distribution<double> rating(1500, 300);
  std::uniform_real_distribution<double> probability(0, 1), change(-50, 50);
  for (int i = 0; i < 2'000'000; ++i) values.push_back(rating(random));
  for (int i = 0; i < 2'000'000; ++i) values.push_back(probability(random));
  for (int i = 0; i < 2'000'000; ++i) values.push_back(change(random));
  require_same_text(values);
}

TEST_CASE("write_shortest_fixed writes what to_chars writes at edges and for short decimals", "[shortest_fixed]") {
  std::vector<double> values;
  // The fast path's range is [2^-14, 2^52).
  for (const double v : {0x1p-14, 0x1p52, 0x1p52 - 0.5, 1.0, 0.1, 0.5, 1e-5, 0.0, 1500.0, 0x1p53 - 1})
    add_around(values, v);
  // Powers of two: the significand 2^52, whose lower neighbour is half as far as the upper.
  for (int e = -20; e <= 56; ++e) add_around(values, std::ldexp(1.0, e));
  // Decimals with few digits (1500.5, 1523.25, 0.3, 2.675) and ratings with two decimals.
  for (int64_t k = 0; k < 30'000; ++k)
    for (const double scale : {1.0, 10.0, 100.0, 1e3, 1e4, 1e5, 1e6}) add_around(values, double(k) / scale);
  for (int64_t k = 100'000; k < 300'000; ++k) add_around(values, double(k) / 100);
  // Just below powers of ten: 9.999..., 0.0999..., 999999999999999.9...
  for (int e = -5; e <= 16; ++e) {
    double v = std::pow(10.0, e);
    for (int step = 0; step < 20; ++step) add_around(values, v = std::nextafter(v, 0.0));
  }
  require_same_text(values);
}

// A value exactly halfway between the two closest shortest decimals, each of which reads back as it: to_chars takes
// the even one, as from_chars and printf round.
TEST_CASE("write_shortest_fixed breaks ties as to_chars does", "[shortest_fixed]") {
  std::mt19937_64 random(7);
  std::vector<double> ties{19828472154400.0625, -109859727020816.625, 979182279271196.25, 1044075716630736.25};
  for (int i = 0; i < 1000; ++i) {
    const double n = whole_number(uint64_t(1) << 49, uint64_t(1) << 50, random);  // an ulp of 1/8
    ties.push_back(n + 0.25);
    ties.push_back(n + 0.75);
  }
  for (const double v : ties) {
    const std::string text = to_chars_fixed(v);
    INFO(text);
    const int last = text.back() - '0';
    REQUIRE(last % 2 == 0);
    // The other shortest decimal, a unit of the last digit from this one, reads back as v too.
    const auto reads_back = [&](int digit) {
      std::string other = text;
      other.back() = char('0' + digit);
      double back = 0;
      std::from_chars(other.data(), other.data() + other.size(), back);
      return back == v;
    };
    REQUIRE((reads_back(last - 1) || reads_back(last + 1)));
  }
  require_same_text(ties);
}

// Below a power of two the neighbour is half as far as above, and so is the end of its interval. In the fast path's
// range no answer turns on that end: every power of two there is written in full (10 significant digits at most),
// far shorter than any other decimal within a quarter ulp of it.
TEST_CASE("write_shortest_fixed writes the powers of two of its fast path in full", "[shortest_fixed]") {
  std::vector<double> powers;
  for (int e = -14; e <= 51; ++e) {
    const double v = std::ldexp(1.0, e);
    powers.push_back(v);
    std::string exact;
    if (e >= 0)
      exact = std::to_string(uint64_t(1) << e);
    else {
      uint64_t five = 1;  // 2^e = 5^-e / 10^-e
      for (int i = 0; i < -e; ++i) five *= 5;
      const std::string digits = std::to_string(five);
      exact = "0." + std::string(size_t(-e) - digits.size(), '0') + digits;
    }
    REQUIRE(to_chars_fixed(v) == exact);
  }
  require_same_text(powers);
}

}  // namespace test_shortest_fixed
