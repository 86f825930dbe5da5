#include "output/reports/ratings_table.hpp"

#include <ratekit/host/input/dataset.hpp>
#include <ratekit/host/text/diagnostics.hpp>

#include "input/text.hpp"

namespace ratekit {

namespace fs = std::filesystem;

ratings_file read_ratings(const fs::path& file) {
  if (!fs::is_regular_file(file))
    throw user_error(file.string(), 0, 0, "no ratings.csv here: expected the output directory of a run");
  text::source src(file, reader_options{});
  text::problem_list problems(src);
  text::line_cursor lines(src.text());
  text::csv_splitter csv;
  text::line l;
  ratings_file t;
  if (!lines.next(l) || !csv.split(l, problems) || csv.size() < 2 || csv[0] != "player" || csv[1] != "rating")
    throw user_error(src.file(), 1, 1, "expected a ratings list header starting 'player,rating'");
  for (size_t i = 0; i < csv.size(); ++i) t.header.emplace_back(csv[i]);
  while (lines.next(l)) {
    if (text::is_blank(l.text) || !csv.split(l, problems)) continue;
    double rating = 0;
    if (csv.size() != t.header.size()) {
      problems.add(l.number, 1,
                   "expected " + std::to_string(t.header.size()) + " fields, got " + std::to_string(csv.size()));
    } else if (!text::parse_number(csv[1], rating)) {
      problems.add(l.number, csv.column(1), "expected a number for rating, got " + text::quote(csv[1]));
    } else {
      auto& row = t.rows.emplace_back();
      for (size_t i = 0; i < csv.size(); ++i) row.emplace_back(csv[i]);
      t.rating.push_back(rating);
    }
  }
  problems.throw_if_any();
  return t;
}

}  // namespace ratekit
