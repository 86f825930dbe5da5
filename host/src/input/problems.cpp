#include "input/problems.hpp"

namespace ratekit::text {

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
