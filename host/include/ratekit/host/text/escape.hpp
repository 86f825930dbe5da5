// Text leaving ratekit, escaped for the syntax it lands in: one function per
// syntax, so a name written to a report can never become markup or a new cell.
// (JSON is written by nlohmann::json, which escapes by itself.)
#pragma once

#include <string>
#include <string_view>

namespace ratekit {

// A CSV field, quoted when it holds a separator, a quote, a line break or
// padding that a reader would trim; quotes inside are doubled.
void append_csv_field(std::string& out, std::string_view s);

// HTML and SVG text or attribute value: & < > " ' as entities.
std::string xml_escaped(std::string_view s);

// A Markdown table cell or heading: punctuation that Markdown reads as syntax
// is backslash-escaped, and < > & become entities so no HTML gets through.
std::string markdown_escaped(std::string_view s);

}  // namespace ratekit
