#include "config/input_columns.hpp"

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

}  // namespace

void read_column_option(checker& c, const field& f, const reader_entry* reader, reader_options& options) {
  if (reader && reader->columns.empty()) {
    c.error(f.key.Mark(), "'" + f.name + "' is not an option of input format '" + reader->format +
                              "' (only of readers with named columns, such as games-csv)");
    return;
  }
  if (f.name == "date_format") {
    if (const auto i = one_of(c, f, {"yyyy-mm-dd", "m/d/yyyy"})) options.us_dates = *i == 1;
  } else if (f.name == "home_side" && reader && reader->read == &read_team_csv) {
    c.error(f.key.Mark(), "'home_side' is not an option of input format 'team-csv': a team match has no home side");
  } else if (f.name == "home_side") {
    if (const auto i = one_of(c, f, {"a", "b"})) options.home_side = *i == 0 ? 1 : -1;
  } else if (reader) {
    read_columns(c, f, *reader, options);
  }
}

}  // namespace ratekit::config
