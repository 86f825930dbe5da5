// Fuzz target: the readers the Python module hands its DataFrames to, in memory, without Python.
// Byte 0 picks the frame: team matches or ranked events as the CSV text the package writes of them
// (read_team_csv_text, read_standings_csv_text), or pairwise games as typed columns (read_game_columns,
// as python/src/frame_columns.cpp builds them). Byte 1 picks the reader options a config gives.
// The rest is the text; for columns, lines of '|'-separated cells whose first line names the columns:
// "date:d" a datetime column (cells: days from 1970-01-01, as datetime64 gives them), a games-csv number
// column with ":n" float64 (cells as strtod reads them: nan, inf, 1e999 too), any other column text (a
// Python str: its UTF-8), a name games-csv lacks one the frame holds beyond them.
// A user_error is the expected answer to bad input; anything else is a finding.
#include <ratekit/host/input/game_columns.hpp>
#include <ratekit/host/input/input_text.hpp>
#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/text/escape.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

namespace {

using ratekit::game_column;
using ratekit::game_columns;

std::vector<std::string_view> split_at(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  for (size_t from = 0;;) {
    const size_t at = text.find(separator, from);
    parts.push_back(text.substr(from, at == std::string_view::npos ? std::string_view::npos : at - from));
    if (at == std::string_view::npos) return parts;
    from = at + 1;
  }
}

// yyyymmdd of a day counted from 1970-01-01 within datetime64[ns]'s years (1677 to 2262); 0 (NaT) for none.
int32_t frame_day(std::string_view cell) {
  if (cell.empty()) return 0;
  const long days = std::clamp(std::strtol(std::string(cell).c_str(), nullptr, 10), -106000L, 106000L);
  const std::chrono::year_month_day ymd{std::chrono::sys_days{std::chrono::days{days}}};
  return int32_t(int(ymd.year()) * 10000 + int(unsigned(ymd.month())) * 100 + int(unsigned(ymd.day())));
}

// A frame's columns, held while the reader reads them.
struct typed_frame {
  game_columns in;
  std::deque<std::vector<std::string>> texts;  // each text cell as UTF-8, as a Python str gives it
  std::deque<std::vector<std::string_view>> views;
  std::deque<std::vector<double>> numbers;
  std::deque<std::vector<int32_t>> days;
};

void add_column(typed_frame& f, std::string_view header, const std::vector<std::vector<std::string_view>>& cells,
                size_t index) {
  const size_t colon = header.rfind(':');
  const std::string name(header.substr(0, colon));
  const std::string kind = colon == std::string_view::npos ? std::string() : std::string(header.substr(colon + 1));
  const auto known = std::find(ratekit::games_csv_columns.begin(), ratekit::games_csv_columns.end(), name);
  if (known == ratekit::games_csv_columns.end()) return f.in.unknown.push_back(name);
  game_column& col = f.in.columns[size_t(known - ratekit::games_csv_columns.begin())];
  if (col.present) return;  // a frame's columns have distinct names
  col.present = true;
  col.name = name;
  const auto numbered = ratekit::games_csv_number_columns();
  const auto cell = [&](size_t row) { return index < cells[row].size() ? cells[row][index] : std::string_view(); };
  if (kind == "d" && name == "date") {
    auto& days = f.days.emplace_back();
    for (size_t row = 0; row < f.in.rows; ++row) days.push_back(frame_day(cell(row)));
    col.day = days.data();
  } else if (kind == "n" && std::find(numbered.begin(), numbered.end(), name) != numbered.end()) {
    auto& numbers = f.numbers.emplace_back();
    for (size_t row = 0; row < f.in.rows; ++row)
      numbers.push_back(cell(row).empty() ? NAN : std::strtod(std::string(cell(row)).c_str(), nullptr));
    col.number = numbers.data();
  } else {
    auto& texts = f.texts.emplace_back();
    auto& views = f.views.emplace_back();
    for (size_t row = 0; row < f.in.rows; ++row) texts.push_back(ratekit::valid_utf8(cell(row)));
    for (const std::string& t : texts) views.emplace_back(t);
    col.text = views.data();
  }
}

void read_typed_frame(std::string_view text, const ratekit::reader_options& options) {
  const std::vector<std::string_view> lines = split_at(text, '\n');
  std::vector<std::vector<std::string_view>> cells;
  for (size_t l = 1; l < lines.size(); ++l) cells.push_back(split_at(lines[l], '|'));
  typed_frame f;
  f.in.source = "games";
  f.in.rows = cells.size();
  const std::vector<std::string_view> header = split_at(lines.front(), '|');
  for (size_t c = 0; c < header.size(); ++c) add_column(f, header[c], cells, c);
  ratekit::dataset d;
  ratekit::read_game_columns(f.in, options, d);
}

ratekit::reader_options options_of(uint8_t bits) {
  ratekit::reader_options o;
  o.dates = ratekit::date_layout(bits % 6);
  o.home_side = int8_t(bits / 6 % 3) - 1;
  o.sort_by_date = (bits & 0x40) != 0;
  if (bits & 0x80) o.skip_results = {"*", "+/-"};
  return o;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2) return 0;
  const ratekit::reader_options options = options_of(data[1]);
  const std::string_view text(reinterpret_cast<const char*>(data) + 2, size - 2);
  try {
    ratekit::dataset d;
    switch (data[0] % 3) {
      case 0: ratekit::read_team_csv_text({"games", text}, options, d); break;
      case 1: ratekit::read_standings_csv_text({"games", text}, options, d); break;
      default: read_typed_frame(text, options);
    }
  } catch (const ratekit::user_error&) {
  }
  return 0;
}
