#include "input/csv.hpp"

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

std::string repeated_column(std::string_view name, int first_column) {
  return "expected each column once, got " + quote(name) + " again (first at column " + std::to_string(first_column) + ")";
}

std::string unknown_column(std::string_view name, const std::vector<std::string>& names) {
  const std::string guess = did_you_mean(std::string(name), names);
  if (!guess.empty()) return "expected a known column, got " + quote(name) + " (did you mean '" + guess + "'?)";
  std::string message = "expected one of ";
  for (size_t k = 0; k < names.size(); ++k) message += (k ? ", " : "") + names[k];
  return message + "; got " + quote(name);
}

std::vector<int> map_header(const csv_splitter& header, const line& l, std::span<const column_spec> spec,
                            problem_list& problems, bool ignore_unknown) {
  std::vector<int> index(spec.size(), -1);
  std::vector<std::string> names;
  for (const auto& c : spec) names.emplace_back(c.name);
  for (size_t f = 0; f < header.size(); ++f) {
    const auto it = std::find_if(names.begin(), names.end(),
                                 [&](const std::string& n) { return !n.empty() && n == header[f]; });
    if (it == names.end()) {
      if (!ignore_unknown) problems.add(l.number, header.column(f), unknown_column(header[f], names));
      continue;
    }
    int& slot = index[size_t(it - names.begin())];
    if (slot >= 0) {
      problems.add(l.number, header.column(f), repeated_column(header[f], header.column(size_t(slot))));
      continue;
    }
    slot = int(f);
  }
  std::vector<std::string> fields;  // the header's names, for a near miss of a mapped one ('BlackELO' for 'BlackElo')
  if (ignore_unknown)
    for (size_t f = 0; f < header.size(); ++f) fields.emplace_back(header[f]);
  for (size_t k = 0; k < spec.size(); ++k) {
    if (!spec[k].required || index[k] >= 0) continue;
    std::string message = "expected a column named '" + names[k] + "', got header " + quote(l.text);
    if (const std::string guess = did_you_mean(names[k], fields); !guess.empty())
      message += " (did you mean '" + guess + "'? input.columns names a header exactly, case included)";
    problems.add(l.number, 1, std::move(message));
  }
  return index;
}

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
