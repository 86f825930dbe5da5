// Shared text handling for every reader: the whole file in memory as UTF-8,
// line by line, CSV fields as string_views, value parsers and a problem list
// that reports up to `problem_list::limit` problems together.
//
//   text::source src(file, options);          // reads, strips a BOM, decodes to UTF-8
//   text::problem_list problems(src.file());
//   text::line_cursor lines(src.text());
//   text::csv_splitter csv;
//   for (text::line l; lines.next(l);) {
//     if (text::is_blank(l.text) || !csv.split(l, problems)) continue;
//     double x;
//     if (!text::parse_number(csv[0], x))
//       problems.add(l.number, csv.column(0), "expected x as a number, got " + text::quote(csv[0]));
//   }
//   problems.throw_if_any();
#pragma once

#include <ratekit/host/diagnostics.hpp>
#include <ratekit/host/readers.hpp>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ratekit::text {

// A whole input file in memory (mapped, or read with one allocation), without its UTF-8 BOM. Bytes
// that are not valid UTF-8 are taken as ISO-8859-1 and converted, unless the
// options name an encoding (invalid UTF-8 in a file said to be UTF-8, or
// starting with a BOM, is an error naming line and column).
class source {
 public:
  source(const std::filesystem::path& file, const reader_options& options);
  const std::string& file() const noexcept { return file_; }
  std::string_view text() const noexcept { return text_; }
  // Gives the pages of a mapped file before `p` back to the system: a reader
  // that has parsed them keeps its memory to what it has built.
  void release_before(const char* p) const;

 private:
  // A regular file mapped read-only: no copy and no zeroed pages for big inputs.
  struct mapping {
    void* address = nullptr;
    size_t size = 0;
    mapping() = default;
    mapping(const mapping&) = delete;
    mapping& operator=(const mapping&) = delete;
    ~mapping();
  };
  void load(const std::filesystem::path& file);

  std::string file_;
  mapping map_;
  std::string owned_;      // the text when it was read or converted instead
  std::string_view text_;  // into map_ or owned_
};

// Collects problems of one file; throws them all as one user_error when asked,
// or as soon as `limit` are collected, so a broken file stops early.
class problem_list {
 public:
  static constexpr size_t limit = 20;
  explicit problem_list(std::string file) : file_(std::move(file)) {}
  void add(int line, int column, std::string message);
  bool empty() const noexcept { return list_.empty(); }
  void throw_if_any();

 private:
  std::string file_;
  std::vector<diagnostic> list_;
};

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
  char separator_;
  std::string_view line_;
  std::vector<field> fields_;
  std::string scratch_;
};

// A header column a reader knows; `required` columns must be present.
struct column_spec {
  std::string_view name;
  bool required;
};

// Maps a header line to column numbers: result[i] is the field index of
// spec[i], or -1 when absent. Unknown (with a did-you-mean), repeated and
// missing required columns are added to `problems`.
std::vector<int> map_header(const csv_splitter& header, const line& l, std::span<const column_spec> spec,
                            problem_list& problems);

// A CSV file with a header: finds the header (the first line that is not
// blank), maps it with map_header, then yields the rows that split and have as
// many fields as the header, adding a problem for every other row. Readers add
// their own header checks, then call problems.throw_if_any() before the rows.
//
//   text::csv_table table(src, problems, columns, "a header line naming the columns");
//   problems.throw_if_any();
//   while (table.next_row())
//     if (table.has(week)) use(table.field(week));
class csv_table {
 public:
  // An empty file throws at once, naming `header` as what was expected; so does a header that does not split.
  csv_table(const source& src, problem_list& problems, std::span<const column_spec> spec, std::string_view header);

  // The next well-formed row; false at the end. Blank lines are skipped.
  bool next_row() { return next_row([](const line_cursor&) {}); }
  // The same, calling ahead(lines) with the lines after each line before it is split, to warm caches for them.
  template <class F>
  bool next_row(F&& ahead) {
    while (lines_.next(line_)) {
      if (line_.text.data() >= released_ + release_step) {
        src_.release_before(line_.text.data());
        released_ = line_.text.data();
      }
      ahead(static_cast<const line_cursor&>(lines_));
      if (is_blank(line_.text) || !csv_.split(line_, problems_)) continue;
      if (csv_.size() == field_count_) return true;
      add_field_count_problem();
    }
    return false;
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
  void add_field_count_problem();
  static constexpr ptrdiff_t release_step = ptrdiff_t(4) << 20;  // bytes parsed between releases

  const source& src_;
  const char* released_;  // parsed text before this was given back
  std::string_view text_;
  problem_list& problems_;
  std::span<const column_spec> spec_;
  line_cursor lines_;
  line line_;
  csv_splitter csv_;
  std::vector<int> at_;
  size_t field_count_ = 0;
};

// Value parsers: true on success. Numbers are finite (no NaN, no inf) with
// nothing after them; integers are plain decimal.
bool parse_number(std::string_view s, double& out);
bool parse_integer(std::string_view s, int64_t& out);
// YYYY-MM-DD with a real month and day (leap years included) -> yyyymmdd.
bool parse_date(std::string_view s, int32_t& out);
// 0, 1, true or false (any case).
bool parse_flag(std::string_view s, bool& out);

// `s` in single quotes for messages, cut to a readable length.
std::string quote(std::string_view s);

}  // namespace ratekit::text
