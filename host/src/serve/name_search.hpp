// The list's name search: a prefix of the name or of any word of it, case and
// accents aside ("sho" and "SHÔ" find "Short, Nigel"; "nig" too).
#pragma once

#include <string>
#include <string_view>

namespace ratekit::serve {

// `utf8` in lower case without the accents of Latin letters (é, Ø, ł as e, o, l).
std::string folded(std::string_view utf8);

// Whether the folded `prefix` starts `name` or one of its words.
bool name_matches(std::string_view name, std::string_view folded_prefix);

}  // namespace ratekit::serve
