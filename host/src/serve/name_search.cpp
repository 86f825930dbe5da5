#include "serve/name_search.hpp"

#include <ratekit/host/text/escape.hpp>

#include <cctype>

namespace ratekit::serve {

namespace {

// U+00C0 to U+017F as the lower-case letter without its accent ('.': kept as it is: ×, ÷, ſ).
constexpr std::string_view latin_bases =
    "aaaaaaaceeeeiiiidnooooo.ouuuuytsaaaaaaaceeeeiiiidnooooo.ouuuuytyaaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiii"
    "iiiiiijjkkkllllllllllnnnnnnnnnoooooooorrrrrrssssssssttttttuuuuuuuuuuuuwwyyyzzzzzz.";

bool word_start(std::string_view folded_name, size_t at) {
  if (at == 0) return true;
  const char before = folded_name[at - 1];
  return before == ' ' || before == ',' || before == '-' || before == '.' || before == '\'';
}

}  // namespace

std::string folded(std::string_view utf8) {
  std::string out;
  for (size_t i = 0; i < utf8.size();) {
    const size_t length = std::max<size_t>(1, utf8_sequence_length(utf8, i));
    if (length == 2) {
      const unsigned code = (unsigned(utf8[i]) & 0x1f) << 6 | (unsigned(utf8[i + 1]) & 0x3f);
      if (code >= 0xC0 && code < 0x180 && latin_bases[code - 0xC0] != '.') {
        out += latin_bases[code - 0xC0];
        i += 2;
        continue;
      }
    }
    for (size_t k = 0; k < length && i + k < utf8.size(); ++k) out += char(std::tolower(static_cast<unsigned char>(utf8[i + k])));
    i += length;
  }
  return out;
}

bool name_matches(std::string_view name, std::string_view folded_prefix) {
  const std::string f = folded(name);
  for (size_t at = f.find(folded_prefix); at != std::string::npos; at = f.find(folded_prefix, at + 1))
    if (word_start(f, at)) return true;
  return false;
}

}  // namespace ratekit::serve
