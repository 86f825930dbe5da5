#include <ratekit/host/text/escape.hpp>

#include <algorithm>

namespace ratekit {

size_t utf8_sequence_length(std::string_view s, size_t at) {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data()) + at;
  const size_t n = s.size() - at;
  const unsigned c = p[0];
  if (c < 0x80) return 1;
  // The length of the sequence and the range of its second byte (table 3-7 of Unicode).
  size_t len;
  unsigned lo = 0x80, hi = 0xBF;
  if (c >= 0xC2 && c <= 0xDF) len = 2;
  else if (c == 0xE0) len = 3, lo = 0xA0;
  else if (c == 0xED) len = 3, hi = 0x9F;
  else if (c >= 0xE1 && c <= 0xEF) len = 3;
  else if (c == 0xF0) len = 4, lo = 0x90;
  else if (c == 0xF4) len = 4, hi = 0x8F;
  else if (c >= 0xF1 && c <= 0xF3) len = 4;
  else return 0;
  if (len > n || p[1] < lo || p[1] > hi) return 0;
  for (size_t k = 2; k < len; ++k)
    if ((p[k] & 0xC0) != 0x80) return 0;
  return len;
}

std::string valid_utf8(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) {
    const size_t len = utf8_sequence_length(s, i);
    if (len == 0) {
      out += "\xEF\xBF\xBD";
      ++i;
    } else {
      out.append(s.data() + i, len);
      i += len;
    }
  }
  return out;
}

bool has_control(std::string_view s) {
  for (size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x20 || c == 0x7F) return true;
    if (c == 0xC2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) <= 0x9F &&
        static_cast<unsigned char>(s[i + 1]) >= 0x80)
      return true;  // U+0080..U+009F
  }
  return false;
}

std::string printable(std::string_view s) {
  if (!has_control(s) && valid_utf8(s) == s) return std::string(s);
  std::string out;
  const auto escaped = [&](const char* prefix, unsigned char b) {
    constexpr char hex[] = "0123456789ABCDEF";
    out.append(prefix).push_back(hex[b >> 4]);
    out.push_back(hex[b & 15]);
  };
  for (size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    const size_t n = utf8_sequence_length(s, i);
    if (c < 0x20 || c == 0x7F || n == 0) {  // C0, DEL, or a byte of no character (an 8-bit CSI)
      escaped("\\x", c);
    } else if (c == 0xC2 && static_cast<unsigned char>(s[i + 1]) <= 0x9F) {  // C1: U+0080..U+009F
      escaped("\\u00", static_cast<unsigned char>(s[i + 1]));
      ++i;
    } else {
      out.append(s.substr(i, n));
      i += n - 1;
    }
  }
  return out;
}

namespace {

// True when a CSV field needs quotes: a separator, a quote, a line break, or padding a reader would trim.
bool needs_quotes(std::string_view s) {
  const bool padded = !s.empty() && (s.front() == ' ' || s.front() == '\t' || s.back() == ' ' || s.back() == '\t');
  // One pass over the bytes: find_first_of would search the four specials for every byte.
  return padded || std::any_of(s.begin(), s.end(), [](char c) { return c == ',' || c == '"' || c == '\r' || c == '\n'; });
}

}  // namespace

void append_csv_field(std::string& out, std::string_view s) {
  if (!needs_quotes(s)) {
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

char* write_csv_field(char* at, std::string_view s) {
  if (!needs_quotes(s)) return std::copy(s.begin(), s.end(), at);
  *at++ = '"';
  for (const char c : s) {
    if (c == '"') *at++ = '"';
    *at++ = c;
  }
  *at++ = '"';
  return at;
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
