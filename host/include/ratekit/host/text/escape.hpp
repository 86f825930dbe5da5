// Text leaving ratekit, escaped for the syntax it lands in: one function per
// syntax, so a name written to a report can never become markup or a new cell.
// (JSON is written by nlohmann::json, which escapes by itself.)
//
// The UTF-8 policy: configs must be UTF-8; data files are UTF-8 or converted
// from ISO-8859-1; names with control characters are refused where they are
// read. What is left that ratekit did not read as text (file names from the
// file system) is made valid UTF-8 with U+FFFD before it is written anywhere.
#pragma once

#include <string>
#include <string_view>

namespace ratekit {

// The length of the valid UTF-8 sequence at s[at] (RFC 3629: no overlong forms,
// surrogates or code points above U+10FFFF); 0 when there is none.
size_t utf8_sequence_length(std::string_view s, size_t at);

// `s` with every byte that is not part of valid UTF-8 replaced by U+FFFD.
std::string valid_utf8(std::string_view s);

// Whether `s` holds a control character (C0, DEL or C1): never part of a name,
// and a terminal escape sequence when printed.
bool has_control(std::string_view s);

// `s` as a terminal may show it: control characters written \xNN (C0, DEL) or
// \uNNNN (C1), so nothing a message repeats from a file or a path can move
// the cursor, retitle the window or end the line.
std::string printable(std::string_view s);

// JSON text of `j` (indented when indent >= 0), invalid UTF-8 replaced by U+FFFD.
template <class Json>
std::string json_text(const Json& j, int indent = -1) {
  return j.dump(indent, ' ', false, Json::error_handler_t::replace);
}

// A CSV field, quoted when it holds a separator, a quote, a line break or
// padding that a reader would trim; quotes inside are doubled.
void append_csv_field(std::string& out, std::string_view s);
// The same into a buffer of at least 2 * s.size() + 2 chars; returns its end.
char* write_csv_field(char* at, std::string_view s);

// HTML and SVG text or attribute value: & < > " ' as entities.
std::string xml_escaped(std::string_view s);

// A Markdown table cell or heading: punctuation that Markdown reads as syntax
// is backslash-escaped, and < > & become entities so no HTML gets through.
std::string markdown_escaped(std::string_view s);

}  // namespace ratekit
