#include "input/csv_fields.hpp"

#include <algorithm>

namespace ratekit::text {

bool line_cursor::next(line& out) {
  if (rest_.empty()) return false;
  const size_t end = rest_.find('\n');
  std::string_view text = rest_.substr(0, end);
  rest_ = end == std::string_view::npos ? std::string_view{} : rest_.substr(end + 1);
  if (text.ends_with('\r')) text.remove_suffix(1);
  out = line{text, ++number_};
  return true;
}

bool line_cursor::next_filled(line& out) {
  while (next(out))
    if (!is_blank(out.text)) return true;
  return false;
}

bool is_blank(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return c == ' ' || c == '\t'; });
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

int column_of(std::string_view line_text, const char* at) {
  int column = 1;
  for (const char* p = line_text.data(); p < at; ++p)
    if ((*p & 0xC0) != 0x80) ++column;  // count characters, not continuation bytes
  return column;
}

bool csv_splitter::split(const line& l, problem_list& problems) {
  line_ = l.text;
  fields_.clear();
  scratch_.clear();
  // Unescaped text is never longer than the line, so views into scratch_ stay valid.
  if (scratch_.capacity() < line_.size()) scratch_.reserve(line_.size());
  const std::string_view s = line_;
  const size_t n = s.size();
  size_t i = 0;
  for (;;) {
    while (i < n && is_pad(s[i])) ++i;
    if (i < n && s[i] == '"') {
      const size_t open = i;
      const size_t kept = scratch_.size();
      bool escaped = false;
      size_t from = ++i;
      std::string_view text;
      for (;;) {
        const size_t q = s.find('"', i);
        if (q == std::string_view::npos) {
          problems.add(l.number, column_of(s, s.data() + open),
                       "expected a closing quote for the field starting here, got the end of the line");
          return false;
        }
        if (q + 1 < n && s[q + 1] == '"') {  // "" stands for one quote
          scratch_.append(s.substr(from, q + 1 - from));
          escaped = true;
          from = i = q + 2;
          continue;
        }
        if (escaped) {
          scratch_.append(s.substr(from, q - from));
          text = std::string_view(scratch_).substr(kept);
        } else {
          text = s.substr(from, q - from);
        }
        i = q + 1;
        break;
      }
      while (i < n && is_pad(s[i])) ++i;
      if (i < n && s[i] != separator_) {
        problems.add(l.number, column_of(s, s.data() + i),
                     std::string("expected '") + separator_ + "' after the closing quote, got " +
                         quote(s.substr(i, 1)));
        return false;
      }
      fields_.push_back(field{text, open});
    } else {
      const size_t end = std::min(s.find(separator_, i), n);
      std::string_view text = s.substr(i, end - i);
      while (!text.empty() && is_pad(text.back())) text.remove_suffix(1);
      fields_.push_back(field{text, i});
      i = end;
    }
    if (i >= n) return true;
    ++i;  // past the separator; a separator at the end leaves one empty field
  }
}

}  // namespace ratekit::text
