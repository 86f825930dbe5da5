#include "input/problems.hpp"
#include "input/source.hpp"

namespace ratekit::text {

problem_list::problem_list(const source& src) : file_(src.file()), source_(&src) {}

void problem_list::add(int line, int column, std::string message) {
  list_.push_back(diagnostic{file_, line, column, std::move(message)});
  if (list_.size() >= limit) {
    list_.push_back(diagnostic{file_, 0, 0, "stopped after " + std::to_string(limit) + " problems"});
    throw_all();
  }
}

void problem_list::throw_if_any() {
  if (!list_.empty()) throw_all();
  if (source_) source_->check_unchanged();
}

void problem_list::throw_all() {
  if (source_) source_->check_unchanged();
  throw user_error(std::move(list_));
}

std::string quote(std::string_view s) {
  constexpr size_t max = 40;
  size_t cut = s.size();
  if (cut > max) {
    cut = max - 3;
    while (cut > 0 && (s[cut] & 0xC0) == 0x80) --cut;  // do not split a character
  }
  std::string out(1, '\'');
  for (const char c : s.substr(0, cut)) {  // control characters shown, never sent to a terminal
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7F) {
      constexpr char hex[] = "0123456789ABCDEF";
      out += "\\x";
      out += hex[u >> 4];
      out += hex[u & 15];
    } else {
      out += c;
    }
  }
  if (cut < s.size()) out.append("...");
  out += '\'';
  return out;
}

}  // namespace ratekit::text
