#include "config/input_columns.hpp"

#include "input/dates.hpp"
#include "input/numbers.hpp"

#include <algorithm>

namespace ratekit::config {

namespace {

// columns: { reader's column: file's header, ... }; each header named once.
void read_columns(checker& c, const field& f, const reader_entry& reader, reader_options& options) {
  if (!is_map(c, f)) return;
  const std::vector<std::string> known(reader.columns.begin(), reader.columns.end());
  for (const auto& e : entries(c, f.value, known, "unknown column", std::string(" in 'input.columns' of ") +
                                                                        reader.format)) {
    const auto header = text(c, e);
    if (!header) continue;
    if (header->empty()) {
      c.error(e.where(), "expected a column header for '" + e.name + "', got nothing");
      continue;
    }
    const auto same = std::find_if(options.columns.begin(), options.columns.end(),
                                   [&](const auto& m) { return m.second == *header; });
    if (same != options.columns.end())
      c.error(e.where(), "column '" + *header + "' is already mapped to '" + same->first + "'");
    else
      options.columns.emplace_back(e.name, *header);
  }
}

// skip_results: ["*", "+-"]: score_a values, each once, whose rows are counted and not rated.
void read_skip_results(checker& c, const field& f, reader_options& options) {
  if (!f.value.IsSequence() || f.value.size() == 0) {
    c.error(f.where(), "expected a list of results to skip, such as [\"*\"], got " + describe(f.value));
    return;
  }
  for (size_t i = 0; i < f.value.size(); ++i) {
    const field item{f.name, f.value[i], f.value[i]};
    const auto result = text(c, item);
    if (!result) continue;
    double score = 0;
    if (result->empty() || text::parse_number(*result, score) || text::parse_score(*result, score))
      c.error(item.where(), "expected a result that is no score to skip (such as \"*\"), got '" + *result + "'");
    else if (std::find(options.skip_results.begin(), options.skip_results.end(), *result) != options.skip_results.end())
      c.error(item.where(), "result '" + *result + "' is listed twice in 'skip_results'");
    else
      options.skip_results.push_back(*result);
  }
}

}  // namespace

void read_column_option(checker& c, const field& f, const reader_entry* reader, reader_options& options) {
  if (reader && reader->columns.empty()) {
    c.error(f.key.Mark(), "'" + f.name + "' is not an option of input format '" + reader->format +
                              "' (only of readers with named columns, such as games-csv)");
    return;
  }
  if (f.name == "date_format") {
    if (const auto i = one_of(c, f, text::date_layout_names())) options.dates = date_layout(*i);
  } else if (f.name == "home_side" && reader && reader->read == &read_team_csv) {
    c.error(f.key.Mark(), "'home_side' is not an option of input format 'team-csv': a team match has no home side");
  } else if (f.name == "skip_results" && reader && reader->read == &read_team_csv) {
    c.error(f.key.Mark(), "'skip_results' is not an option of input format 'team-csv': a match's rows give ranks");
  } else if (f.name == "skip_results") {
    read_skip_results(c, f, options);
  } else if (f.name == "home_side") {
    if (const auto i = one_of(c, f, {"a", "b"})) options.home_side = *i == 0 ? 1 : -1;
  } else if (reader) {
    read_columns(c, f, *reader, options);
  }
}

}  // namespace ratekit::config
