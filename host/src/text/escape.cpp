#include <ratekit/host/text/escape.hpp>

namespace ratekit {

void append_csv_field(std::string& out, std::string_view s) {
  const bool padded = !s.empty() && (s.front() == ' ' || s.front() == '\t' || s.back() == ' ' || s.back() == '\t');
  if (!padded && s.find_first_of(",\"\r\n") == std::string_view::npos) {
    out += s;
    return;
  }
  out += '"';
  for (const char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
}

namespace {

const char* entity(char c) {
  switch (c) {
    case '&': return "&amp;";
    case '<': return "&lt;";
    case '>': return "&gt;";
    case '"': return "&quot;";
    case '\'': return "&#39;";
    default: return nullptr;
  }
}

}  // namespace

std::string xml_escaped(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (const char c : s) {
    if (const char* e = entity(c)) out += e;
    else out += c;
  }
  return out;
}

std::string markdown_escaped(std::string_view s) {
  constexpr std::string_view syntax = "\\`*_[]()#|!~{}";
  std::string out;
  out.reserve(s.size());
  for (const char c : s) {
    if (c == '&' || c == '<' || c == '>') {
      out += entity(c);
      continue;
    }
    if (syntax.find(c) != std::string_view::npos) out += '\\';
    out += c;
  }
  return out;
}

}  // namespace ratekit
