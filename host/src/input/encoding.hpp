// Input encodings: UTF-8 checked, ISO-8859-1 converted.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace ratekit::text {

enum class encoding { automatic, utf8, latin1 };

// The encoding a reader option names ("utf-8", "latin1", ...; empty: automatic).
encoding encoding_of(const std::string& file, const std::string& name);

// Offset of the first byte that does not belong to well-formed UTF-8, or npos;
// counts the line ends before it on the way, so no reader needs a pass of its own for them.
size_t invalid_utf8(std::string_view s, size_t& newlines);
// The same, byte by byte: the plain definition the fast path must agree with.
size_t invalid_utf8_reference(std::string_view s, size_t& newlines);

std::string latin1_to_utf8(std::string_view s);

}  // namespace ratekit::text
