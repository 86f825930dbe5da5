// Shared text handling for every reader: the whole file in memory as UTF-8,
// line by line, CSV fields as string_views, value parsers and a problem list
// that reports up to `problem_list::limit` problems together.
//
//   text::source src(file, options);          // reads, strips a BOM, decodes to UTF-8
//   text::problem_list problems(src);
//   text::line_cursor lines(src.text());
//   text::csv_splitter csv;
//   for (text::line l; lines.next(l);) {
//     if (text::is_blank(l.text) || !csv.split(l, problems)) continue;
//     double x;
//     if (!text::parse_number(csv[0], x))
//       problems.add(l.number, csv.column(0), "expected x as a number, got " + text::quote(csv[0]));
//   }
//   problems.throw_if_any();
#pragma once

#include "input/csv.hpp"
#include "input/dates.hpp"
#include "input/numbers.hpp"
#include "input/problems.hpp"
#include "input/source.hpp"
