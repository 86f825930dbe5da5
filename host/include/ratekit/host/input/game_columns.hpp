// Pairwise games a program holds as columns (the Python module's DataFrame),
// read with games-csv's rules and messages: a row for a line, numbers and dates
// taken as they are, without going through text.
#pragma once

#include <ratekit/host/input/readers.hpp>

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ratekit {

// One of games-csv's columns, `rows` long, held as one of text, number or day.
struct game_column {
  bool present = false;
  const std::string_view* text = nullptr;  // as a file's fields
  const double* number = nullptr;          // NaN: empty
  const int32_t* day = nullptr;            // a date as yyyymmdd; 0: none
  std::string name;                        // the program's name for it, in messages
};

struct game_columns {
  std::string source;  // stands for the file in messages
  size_t rows = 0;
  std::array<game_column, 17> columns;  // in games_csv_columns' order
  std::vector<std::string> unknown;     // the program's columns games-csv has none of: refused as a header's
};

// The games-csv columns read as numbers (a score, points, stones, declared ratings), in games-csv's order: a
// program hands a column of numbers over as numbers (game_column::number) for these, as text for the others.
std::vector<std::string_view> games_csv_number_columns();

// Adds the rows' games to `out` as read_games_csv adds a file's; a problem
// names its row (counted from 0) and column.
void read_game_columns(const game_columns& in, const reader_options& options, dataset& out);

}  // namespace ratekit
