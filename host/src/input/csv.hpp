// CSV tables read row by row: the header mapped, the rows split from one scan.
#pragma once

#include "input/csv_fields.hpp"
#include "input/csv_header.hpp"
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
  csv_input(const input_text& text, std::span<const column_spec> spec, std::string_view header,
            bool ignore_unknown = false)
      : src(text), problems(src), table(src, problems, spec, header, ignore_unknown) {}
  const source src;
  problem_list problems;
  csv_table table;
};

// Reads the rows of `in` into `out` with `read_rows()`: room reserved for one
// game (or with `entries`, one ranked entry) a line, `out` naming the file as
// its source, and `none` ("no games") a problem when they added nothing.
template <class ReadRows>
void read_table(csv_input& in, dataset& out, bool entries, std::string_view none, ReadRows&& read_rows) {
  in.problems.throw_if_any();
  const auto count = [&] { return entries ? out.entry_count() : out.game_count(); };
  const size_t first = count();
  if (entries) out.reserve_entries(in.table.estimated_rows());
  else out.reserve_games(in.table.estimated_rows());
  if (out.source.empty()) out.source = in.src.file();
  read_rows();
  if (in.problems.empty() && count() == first)
    in.problems.add(0, 0, std::string(none) + ": expected at least one row after the header");
  in.problems.throw_if_any();
}

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
