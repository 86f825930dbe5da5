// predict's header, checked so that no column name repeats.
#include "output/reports/predict_header.hpp"

#include <algorithm>
#include <map>

namespace ratekit {

namespace {

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

}  // namespace

std::vector<std::string> predicted_columns(const plugin& p, std::initializer_list<std::string_view> sides,
                                           std::initializer_list<std::string_view> results) {
  const rk_descriptor& d = p.descriptor();
  std::vector<std::string> names;
  for (const std::string_view side : sides) {
    for (uint32_t f = 0; f < d.state_count; ++f) names.push_back(std::string(d.state[f].name).append(side));
    names.push_back(std::string("new").append(side));
  }
  names.insert(names.end(), results.begin(), results.end());
  std::map<std::string_view, size_t> seen;
  for (const auto& name : names)
    if (!seen.emplace(name, 0).second)
      throw user_error(p.file().string(), 0, 0,
                       "plugin '" + std::string(p.id()) + "' has a state field that makes the column " + text::quote(name) +
                           " twice in ratekit predict's output (" + joined(names) +
                           "): its predictions cannot be written; a state field must not be named new, expected, "
                           "win, draw or expected_rank");
  return names;
}

std::string predict_header(const text::line& header, std::span<const text::column_spec> known,
                           const std::vector<std::string>& added, text::problem_list& problems) {
  text::csv_splitter csv;
  if (!csv.split(header, problems)) return {};
  std::map<std::string_view, size_t> first;  // each input column's first field
  for (size_t f = 0; f < csv.size(); ++f) {
    const std::string_view name = csv[f];
    if (std::find(added.begin(), added.end(), name) != added.end()) {
      problems.add(header.number, csv.column(f),
                   "expected a column that ratekit predict does not write itself, got " + text::quote(name) +
                       ": rename it or leave it out (predict adds " + joined(added) + ")");
      continue;
    }
    const bool is_known = std::any_of(known.begin(), known.end(), [&](const auto& c) { return c.name == name; });
    if (const auto [at, fresh] = first.emplace(name, f); !fresh && !is_known && !name.empty())
      problems.add(header.number, csv.column(f), text::repeated_column(name, csv.column(at->second)));
  }
  std::string out(header.text);
  for (const auto& name : added) (out += ',') += name;
  return out;
}

}  // namespace ratekit
