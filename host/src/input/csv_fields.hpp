// CSV text: lines, and their fields split without allocating.
#pragma once

#include "input/problems.hpp"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace ratekit::text {

// One line without its end (LF or CRLF); number is 1-based.
struct line {
  std::string_view text;
  int number = 0;
};

class line_cursor {
 public:
  explicit line_cursor(std::string_view text) : rest_(text) {}
  bool next(line& out);
  // The next line that is not blank (a header, say); false at the end.
  bool next_filled(line& out);

 private:
  std::string_view rest_;
  int number_ = 0;
};

// Only spaces and tabs.
bool is_blank(std::string_view s);
std::string_view trim(std::string_view s);

// The 1-based character (not byte) column of `at` inside `line_text`.
int column_of(std::string_view line_text, const char* at);

// Splits one line into fields. Unquoted fields are trimmed of spaces and tabs;
// quoted fields keep their inside verbatim ("a, b") with "" read as one quote.
// Views point into the line or into a scratch buffer sized once to the longest
// line, so splitting allocates nothing per row. A quoted field ends on its line.
class csv_splitter {
 public:
  explicit csv_splitter(char separator = ',') : separator_(separator) {}
  // False, with the problem added, when a quote is not closed or is followed by junk.
  bool split(const line& l, problem_list& problems);
  // What split gives for a line without quotes whose `count` separators are known.
  void assign_plain(const line& l, const char* const* separators, size_t count) {
    line_ = l.text;
    fields_.clear();
    const char* begin = line_.data();
    for (size_t k = 0; k <= count; ++k) {
      const char* end = k < count ? separators[k] : line_.data() + line_.size();
      const char* next = end + 1;
      while (begin < end && is_pad(*begin)) ++begin;
      while (end > begin && is_pad(end[-1])) --end;
      fields_.push_back(field{std::string_view(begin, size_t(end - begin)), size_t(begin - line_.data())});
      begin = next;
    }
  }
  size_t size() const noexcept { return fields_.size(); }
  std::string_view operator[](size_t i) const { return fields_[i].text; }
  // 1-based character column where field i starts.
  int column(size_t i) const { return column_of(line_, line_.data() + fields_[i].offset); }
  // The column just after the line's end, for a missing field.
  int end_column() const { return column_of(line_, line_.data() + line_.size()); }

 private:
  struct field {
    std::string_view text;
    size_t offset;
  };
  // Trimmed around unquoted fields.
  bool is_pad(char c) const { return (c == ' ' || c == '\t') && c != separator_; }
  char separator_;
  std::string_view line_;
  std::vector<field> fields_;
  std::string scratch_;
};

}  // namespace ratekit::text
