#include "input/csv.hpp"

#include <algorithm>

namespace ratekit::text {

csv_table::csv_table(const source& src, problem_list& problems, std::span<const column_spec> spec,
                     std::string_view header, bool ignore_unknown)
    : src_(src), released_(src.text().data()), text_(src.text()), problems_(problems), spec_(spec),
      marks_(src.text(), ',') {
  do {
    if (!scan(lines_[0])) {
      problems_.add(1, 1, "expected " + std::string(header) + ", got an empty file");
      problems_.throw_if_any();
    }
    line_ = lines_[0].l;
  } while (is_blank(line_.text));
  if (!csv_.split(line_, problems_)) problems_.throw_if_any();
  at_ = map_header(csv_, line_, spec_, problems_, ignore_unknown);
  field_count_ = csv_.size();
  while (ready_ < lookahead && scan(lines_[ready_])) ++ready_;
}

bool csv_table::scan(scanned& out) {
  if (next_line_ >= text_.size()) return false;
  const char* text = text_.data();
  size_t count = 0;
  bool quoted = false;
  size_t end;
  for (;;) {
    end = marks_.next();
    if (end == text_.size() || text[end] == '\n') break;
    if (text[end] == '"') {
      quoted = true;
    } else {
      if (count < max_plain_fields - 1) out.separators[count] = text + end;
      ++count;
    }
  }
  std::string_view l(text + next_line_, end - next_line_);
  if (l.ends_with('\r')) l.remove_suffix(1);
  out.l = line{l, ++line_number_};
  out.count = count;
  out.quoted = quoted;
  next_line_ = end + 1;
  return true;
}

void csv_table::bad(size_t c, std::string_view expected) {
  problems_.add(line_.number, column(c),
                "expected " + std::string(spec_[c].name) + " " + std::string(expected) + ", got " + quote(field(c)));
}

size_t csv_table::estimated_rows() const { return src_.newlines() + 1; }

void csv_table::add_field_count_problem() {
  problems_.add(line_.number, csv_.size() > field_count_ ? csv_.column(field_count_) : csv_.end_column(),
                "expected " + std::to_string(field_count_) + " fields as in the header, got " +
                    std::to_string(csv_.size()));
}

}  // namespace ratekit::text
