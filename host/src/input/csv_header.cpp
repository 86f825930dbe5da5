#include "input/csv_header.hpp"

#include <algorithm>

namespace ratekit::text {

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

}  // namespace ratekit::text
