// The UTF-8 check's word-at-a-time fast path against its byte-by-byte reference.
#include "input/encoding.hpp"

#include <catch2/catch.hpp>

#include <random>
#include <string>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_encoding {

using namespace ratekit::text;

TEST_CASE("UTF-8 check: the fast path agrees with the byte-by-byte reference", "[input][fast path]") {
  std::mt19937 rng(5);
  const std::string pieces[] = {"a", "\n", "Ã©", "€", "😀", "\xC3", "\xE2\x82", "\xF0\x9F\x98", "\xC0\xAF",
                                "\xED\xA0\x80", "\xF4\x90\x80\x80", "\xFF", "name,", "\r\n", std::string(70, 'x')};
  for (int round = 0; round < 3000; ++round) {
    std::string s;
    const int n = int(rng() % 40);
    for (int k = 0; k < n; ++k) s += pieces[rng() % std::size(pieces)];
    size_t fast_lines = 0, plain_lines = 0;
    const size_t fast = invalid_utf8(s, fast_lines), plain = invalid_utf8_reference(s, plain_lines);
    REQUIRE(fast == plain);
    if (fast == std::string::npos) REQUIRE(fast_lines == plain_lines);
  }
}

TEST_CASE("UTF-8 check: overlong forms, surrogates and code points past U+10FFFF are refused", "[input]") {
  size_t lines = 0;
  CHECK(invalid_utf8("ok \xC3\xA9", lines) == std::string::npos);
  CHECK(invalid_utf8("ab\xC0\xAF", lines) == 2);          // overlong '/'
  CHECK(invalid_utf8("\xE0\x9F\xBF", lines) == 0);        // overlong 3 bytes
  CHECK(invalid_utf8("\xED\xA0\x80", lines) == 0);        // a surrogate
  CHECK(invalid_utf8("\xF4\x8F\xBF\xBF", lines) == std::string::npos);  // U+10FFFF
  CHECK(invalid_utf8("\xF4\x90\x80\x80", lines) == 0);    // past it
  CHECK(invalid_utf8(std::string(64, 'a') + "\n\xFF", lines) == 65);
}

}  // namespace test_encoding
