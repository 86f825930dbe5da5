// CSV text: lines, fields split without allocating, headers mapped to columns,
// and whole tables read row by row.
#pragma once

#include "input/mark_scan.hpp"
#include "input/problems.hpp"
#include "input/source.hpp"

#include <array>
#include <cstddef>
#include <filesystem>
#include <span>
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

// A header column a reader knows; `required` columns must be present; an empty name is never matched.
struct column_spec {
  std::string_view name;
  bool required;
};

// The problem of a header naming a column again: every reader refuses it so.
std::string repeated_column(std::string_view name, int first_column);

// The problem of a header's column that is none of `names` (with a did-you-mean when one is close).
std::string unknown_column(std::string_view name, const std::vector<std::string>& names);

// Maps a header line to column numbers: result[i] is the field index of
// spec[i], or -1 when absent. Unknown (with a did-you-mean), repeated and
// missing required columns are added to `problems`; with `ignore_unknown`,
// columns the spec does not name are skipped instead.
std::vector<int> map_header(const csv_splitter& header, const line& l, std::span<const column_spec> spec,
                            problem_list& problems, bool ignore_unknown = false);

// A CSV file with a header: finds the header (the first line that is not
// blank), maps it with map_header, then yields the rows that split and have as
// many fields as the header, adding a problem for every other row. Readers add
// their own header checks, then call problems.throw_if_any() before the rows.
// Rows without quotes are split from the marks found by one scan (the same
// fields csv_splitter gives); the others go through csv_splitter.
//
//   text::csv_table table(src, problems, columns, "a header line naming the columns");
//   problems.throw_if_any();
//   while (table.next_row())
//     if (table.has(week)) use(table.field(week));
class csv_table {
 public:
  // An empty file throws at once, naming `header` as what was expected; so does a header that does not split.
  // With `ignore_unknown`, columns the spec does not name are skipped instead of refused.
  csv_table(const source& src, problem_list& problems, std::span<const column_spec> spec, std::string_view header,
            bool ignore_unknown = false);

  // The next well-formed row; false at the end. Blank lines are skipped.
  bool next_row() {
    while (ready_ > 0) {
      scanned& s = lines_[first_];
      line_ = s.l;
      const bool plain_row = plain(s) && (s.count > 0 || !is_blank(line_.text));
      if (plain_row) csv_.assign_plain(line_, s.separators, s.count);
      if (!scan(s)) --ready_;  // the slot now holds the line `lookahead` rows on
      first_ = (first_ + 1) % lookahead;
      if (line_.text.data() >= released_ + release_step) {
        src_.release(released_, line_.text.data());
        released_ = line_.text.data();
      }
      if (plain_row) return true;
      if (is_blank(line_.text) || !csv_.split(line_, problems_)) continue;
      if (csv_.size() == field_count_) return true;
      add_field_count_problem();
    }
    return false;
  }
  // spec[c]'s field, untrimmed, in the row `lookahead` lines after the current
  // one, to warm caches for it early; empty when spec[c] is absent, the file
  // ends before or that row is not a plain one.
  std::string_view peek(size_t c) const {
    const scanned& s = lines_[(first_ + lookahead - 1) % lookahead];
    if (ready_ < lookahead || !plain(s) || at_[c] < 0) return {};
    const size_t f = size_t(at_[c]);
    const char* begin = f == 0 ? s.l.text.data() : s.separators[f - 1] + 1;
    const char* end = f == s.count ? s.l.text.data() + s.l.text.size() : s.separators[f];
    return {begin, size_t(end - begin)};
  }

  // The header line until the first row, then the current row.
  const line& current() const noexcept { return line_; }
  // spec[c]: whether the header has it, its field index (-1 when absent), its field, its 1-based character column.
  bool has(size_t c) const { return at_[c] >= 0; }
  int index(size_t c) const { return at_[c]; }
  std::string_view field(size_t c) const { return csv_[size_t(at_[c])]; }
  int column(size_t c) const { return csv_.column(size_t(at_[c])); }
  // Adds "expected <name> <expected>, got '<field>'" at spec[c]'s field.
  void bad(size_t c, std::string_view expected);
  // At least the number of rows left: one per line of the file, for a single reserve.
  size_t estimated_rows() const;

 private:
  static constexpr size_t max_plain_fields = 32;
  // One line with where its separators are (the first max_plain_fields - 1 of them).
  struct scanned {
    line l;
    const char* separators[max_plain_fields - 1];
    size_t count = 0;  // separators in the line, even past those kept
    bool quoted = false;
  };
  bool scan(scanned& out);
  // A row the marks split: no quote and as many fields as the header.
  bool plain(const scanned& s) const { return !s.quoted && s.count + 1 == field_count_ && s.count < max_plain_fields; }
  void add_field_count_problem();
  static constexpr ptrdiff_t release_step = ptrdiff_t(4) << 20;  // bytes parsed between releases

  const source& src_;
  const char* released_;  // parsed text before this was given back
  std::string_view text_;
  problem_list& problems_;
  std::span<const column_spec> spec_;
  mark_scan marks_;
  size_t next_line_ = 0;  // offset of the line scan() reads next
  int line_number_ = 0;
  static constexpr size_t lookahead = 8;  // rows: a cache miss takes several rows' work
  scanned lines_[lookahead];              // a ring of the lines after the current one
  size_t first_ = 0;                      // where the ring starts
  size_t ready_ = 0;                      // lines in the ring
  line line_;
  csv_splitter csv_;
  std::vector<int> at_;
  size_t field_count_ = 0;
};

// A CSV input as the CSV readers open it: the file's text, the problems found
// in it, and its table, whose header is read at once.
//   text::csv_input in(file, options, columns, "a header line naming the columns");
//   auto& [src, problems, table] = in;
struct csv_input {
  csv_input(const std::filesystem::path& file, const reader_options& options, std::span<const column_spec> spec,
            std::string_view header, bool ignore_unknown = false)
      : src(file, options), problems(src), table(src, problems, spec, header, ignore_unknown) {}
  const source src;
  problem_list problems;
  csv_table table;
};

// `spec` with `input.columns` applied: a column of the reader's `names` that
// the config maps is looked for under its mapped header, and must be present.
template <size_t N>
std::array<column_spec, N> mapped(std::array<column_spec, N> spec, const std::array<std::string_view, N>& names,
                                  const reader_options& options) {
  for (const auto& [name, header] : options.columns)
    for (size_t c = 0; c < N; ++c)
      if (names[c] == name) spec[c] = {header, true};
  return spec;
}

}  // namespace ratekit::text
