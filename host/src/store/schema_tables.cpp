#include "store/schema_tables.hpp"

#include <algorithm>
#include <string_view>

namespace ratekit::store {

std::vector<std::string> column_names(const table& t) {
  std::vector<std::string> names;
  const std::string_view text = t.columns;
  int depth = 0;
  for (size_t begin = 0, i = 0; i <= text.size(); ++i) {
    if (i < text.size() && (text[i] != ',' || depth != 0)) {
      depth += text[i] == '(' ? 1 : text[i] == ')' ? -1 : 0;
      continue;
    }
    std::string_view part = text.substr(begin, i - begin);
    part.remove_prefix(std::min(part.size(), part.find_first_not_of(' ')));
    const std::string_view word = part.substr(0, part.find(' '));
    if (word != "UNIQUE" && word != "PRIMARY") names.emplace_back(word);
    begin = i + 1;
  }
  return names;
}

}  // namespace ratekit::store
