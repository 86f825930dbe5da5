#include "input/text.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <sys/mman.h>
#include <unistd.h>

namespace ratekit::text {
namespace {

enum class encoding { automatic, utf8, latin1 };

encoding encoding_of(const std::string& file, const std::string& name) {
  std::string key;
  for (char c : name)
    if (c != '-' && c != '_') key += char(std::tolower(static_cast<unsigned char>(c)));
  if (key.empty()) return encoding::automatic;
  if (key == "utf8") return encoding::utf8;
  if (key == "latin1" || key == "iso88591") return encoding::latin1;
  throw user_error(file, 0, 0, "expected input encoding utf-8 or latin1, got " + quote(name));
}

// Offset of the first byte that does not belong to well-formed UTF-8, or npos;
// counts the line ends before it on the way, so no reader needs a pass of its own for them.
size_t invalid_utf8(std::string_view s, size_t& newlines) {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const size_t n = s.size();
  size_t i = 0;
  newlines = 0;
  while (i < n) {
    // ASCII dominates: skip it 64 bytes at a time, else 8.
#if defined(__SSE2__)
    if (i + 64 <= n) {
      __m128i v[4];
      for (int k = 0; k < 4; ++k) v[k] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i + 16 * k));
      if (_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(v[0], v[1]), _mm_or_si128(v[2], v[3]))) == 0) {
        const __m128i end = _mm_set1_epi8('\n');
        __m128i ends = _mm_setzero_si128();  // per byte: line ends at it in the 4 vectors (-1 each)
        for (int k = 0; k < 4; ++k) ends = _mm_sub_epi8(ends, _mm_cmpeq_epi8(v[k], end));
        const __m128i sums = _mm_sad_epu8(ends, _mm_setzero_si128());  // two sums of 8 bytes
        newlines += size_t(_mm_cvtsi128_si32(sums) + _mm_cvtsi128_si32(_mm_srli_si128(sums, 8)));
        i += 64;
        continue;
      }
    }
#endif
    uint64_t word;
    if (i + 8 <= n && (std::memcpy(&word, p + i, 8), (word & 0x8080808080808080ull) == 0)) {
      // Bytes below 0x80 plus 0x7F reach 0x80 unless they were zero, that is '\n';
      // the multiply adds up the flags (one per byte) in the top byte.
      const uint64_t x = word ^ 0x0A0A0A0A0A0A0A0Aull;
      const uint64_t ends = (~(x + 0x7F7F7F7F7F7F7F7Full) & 0x8080808080808080ull) >> 7;
      newlines += size_t((ends * 0x0101010101010101ull) >> 56);
      i += 8;
      continue;
    }
    const unsigned c = p[i];
    if (c < 0x80) {
      newlines += c == '\n';
      ++i;
      continue;
    }
    size_t len;
    unsigned lo = 0x80, hi = 0xBF;  // allowed range of the second byte
    if (c >= 0xC2 && c <= 0xDF)
      len = 2;
    else if (c == 0xE0)
      len = 3, lo = 0xA0;  // no overlong forms
    else if (c == 0xED)
      len = 3, hi = 0x9F;  // no surrogates
    else if (c >= 0xE1 && c <= 0xEF)
      len = 3;
    else if (c == 0xF0)
      len = 4, lo = 0x90;
    else if (c == 0xF4)
      len = 4, hi = 0x8F;  // nothing above U+10FFFF
    else if (c >= 0xF1 && c <= 0xF3)
      len = 4;
    else
      return i;
    if (i + len > n || p[i + 1] < lo || p[i + 1] > hi) return i;
    for (size_t k = 2; k < len; ++k)
      if ((p[i + k] & 0xC0) != 0x80) return i;
    i += len;
  }
  return std::string_view::npos;
}

std::string latin1_to_utf8(std::string_view s) {
  const size_t high = size_t(std::count_if(s.begin(), s.end(), [](char c) { return (c & 0x80) != 0; }));
  std::string out;
  out.reserve(s.size() + high);
  for (char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (c < 0x80) {
      out += ch;
    } else {
      out += char(0xC0 | (c >> 6));
      out += char(0x80 | (c & 0x3F));
    }
  }
  return out;
}

}  // namespace

source::mapping::~mapping() {
  if (address) ::munmap(address, size);
}

void source::release(const char* from, const char* to) const {
  const auto* base = static_cast<const char*>(map_.address);
  // Only a mapped text: a converted one lives elsewhere. Dropped pages of a
  // read-only file mapping read back the same bytes if touched again.
  if (!base || to <= from || from < base || to > base + map_.size) return;
  const size_t page = size_t(::sysconf(_SC_PAGESIZE));
  const size_t first = (size_t(from - base) + page - 1) / page * page, end = size_t(to - base) / page * page;
  if (end > first) ::madvise(static_cast<char*>(map_.address) + first, end - first, MADV_DONTNEED);
}

void source::load(const std::filesystem::path& file) {
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(file.c_str(), "rb"), std::fclose);
  if (!f) throw user_error(file.string(), 0, 0, std::string("cannot open input file: ") + std::strerror(errno));
  std::error_code ec;
  const auto size = std::filesystem::file_size(file, ec);
  if (ec) throw user_error(file.string(), 0, 0, "cannot read input file: " + ec.message());
  if (size > 0 && std::filesystem::is_regular_file(file, ec)) {
    void* address = ::mmap(nullptr, size_t(size), PROT_READ, MAP_PRIVATE, ::fileno(f.get()), 0);
    if (address != MAP_FAILED) {
      map_.address = address;
      map_.size = size_t(size);
      ::madvise(address, size_t(size), MADV_SEQUENTIAL);
      text_ = std::string_view(static_cast<const char*>(address), size_t(size));
      return;
    }
  }
  owned_.assign(size_t(size), '\0');  // not mappable (a pipe, say): read it
  if (std::fread(owned_.data(), 1, owned_.size(), f.get()) != owned_.size())
    throw user_error(file.string(), 0, 0, "cannot read input file");
  text_ = owned_;
}

source::source(const std::filesystem::path& file, const reader_options& options) : file_(file.string()) {
  load(file);
  const encoding enc = encoding_of(file_, options.encoding);
  if (enc == encoding::latin1) {
    owned_ = latin1_to_utf8(text_);
    text_ = owned_;
    newlines_ = size_t(std::count(text_.begin(), text_.end(), '\n'));
    return;
  }
  const bool bom = text_.starts_with("\xEF\xBB\xBF");
  if (bom) text_.remove_prefix(3);
  const size_t bad = checked_utf8();
  if (bad == std::string_view::npos) return;
  if (enc == encoding::automatic && !bom) {
    owned_ = latin1_to_utf8(text_);
    text_ = owned_;
    newlines_ = size_t(std::count(text_.begin(), text_.end(), '\n'));
    return;
  }
  // Said to be UTF-8 but is not: show where.
  const std::string_view t = text_;
  const size_t begin = t.rfind('\n', bad) == std::string_view::npos ? 0 : t.rfind('\n', bad) + 1;
  const int line = 1 + int(std::count(t.begin(), t.begin() + std::ptrdiff_t(bad), '\n'));
  char byte[8];
  std::snprintf(byte, sizeof byte, "0x%02X", unsigned(static_cast<unsigned char>(t[bad])));
  throw user_error(file_, line, column_of(t.substr(begin), t.data() + bad),
                   std::string("expected UTF-8 text, got byte ") + byte);
}

size_t source::checked_utf8() {
  // In pieces cut at line ends (no UTF-8 sequence holds a '\n'), giving each
  // piece's pages back once checked: a long file is never resident whole.
  constexpr size_t piece = size_t(8) << 20;
  newlines_ = 0;
  for (size_t from = 0; from < text_.size();) {
    size_t to = text_.find('\n', std::min(text_.size(), from + piece));
    to = to == std::string_view::npos ? text_.size() : to + 1;
    size_t lines = 0;
    if (const size_t bad = invalid_utf8(text_.substr(from, to - from), lines); bad != std::string_view::npos)
      return from + bad;
    newlines_ += lines;
    release(text_.data() + from, text_.data() + to);
    from = to;
  }
  return std::string_view::npos;
}

void problem_list::add(int line, int column, std::string message) {
  list_.push_back(diagnostic{file_, line, column, std::move(message)});
  if (list_.size() >= limit) {
    list_.push_back(diagnostic{file_, 0, 0, "stopped after " + std::to_string(limit) + " problems"});
    throw user_error(std::move(list_));
  }
}

void problem_list::throw_if_any() {
  if (!list_.empty()) throw user_error(std::move(list_));
}

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

std::vector<int> map_header(const csv_splitter& header, const line& l, std::span<const column_spec> spec,
                            problem_list& problems) {
  std::vector<int> index(spec.size(), -1);
  std::vector<std::string> names;
  for (const auto& c : spec) names.emplace_back(c.name);
  for (size_t f = 0; f < header.size(); ++f) {
    const auto it = std::find(names.begin(), names.end(), header[f]);
    if (it == names.end()) {
      const std::string guess = did_you_mean(std::string(header[f]), names);
      std::string message;
      if (!guess.empty()) {
        message = "expected a known column, got " + quote(header[f]) + " (did you mean '" + guess + "'?)";
      } else {
        message = "expected one of ";
        for (size_t k = 0; k < names.size(); ++k) message += (k ? ", " : "") + names[k];
        message += "; got " + quote(header[f]);
      }
      problems.add(l.number, header.column(f), std::move(message));
      continue;
    }
    int& slot = index[size_t(it - names.begin())];
    if (slot >= 0) {
      problems.add(l.number, header.column(f),
                   "expected each column once, got " + quote(header[f]) + " again (first at column " +
                       std::to_string(header.column(size_t(slot))) + ")");
      continue;
    }
    slot = int(f);
  }
  for (size_t k = 0; k < spec.size(); ++k)
    if (spec[k].required && index[k] < 0)
      problems.add(l.number, 1, "expected a column named '" + names[k] + "', got header " + quote(l.text));
  return index;
}

csv_table::csv_table(const source& src, problem_list& problems, std::span<const column_spec> spec,
                     std::string_view header)
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
  at_ = map_header(csv_, line_, spec_, problems_);
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

bool parse_any_number(std::string_view s, double& out) {
  const char* end = s.data() + s.size();
  const auto r = std::from_chars(s.data(), end, out);
  return r.ec == std::errc{} && r.ptr == end && std::isfinite(out);
}

bool parse_integer(std::string_view s, int64_t& out) {
  const char* end = s.data() + s.size();
  const auto r = std::from_chars(s.data(), end, out);
  return r.ec == std::errc{} && r.ptr == end && !s.empty();
}

bool parse_flag(std::string_view s, bool& out) {
  auto is = [s](std::string_view word) {
    return s.size() == word.size() && std::equal(s.begin(), s.end(), word.begin(), [](char a, char b) {
             return std::tolower(static_cast<unsigned char>(a)) == b;
           });
  };
  if (s == "1" || is("true")) return out = true, true;
  if (s == "0" || is("false")) return out = false, true;
  return false;
}

std::string quote(std::string_view s) {
  constexpr size_t max = 40;
  size_t cut = s.size();
  if (cut > max) {
    cut = max - 3;
    while (cut > 0 && (s[cut] & 0xC0) == 0x80) --cut;  // do not split a character
  }
  std::string out(1, '\'');
  out.append(s.substr(0, cut));
  if (cut < s.size()) out.append("...");
  out += '\'';
  return out;
}

}  // namespace ratekit::text
