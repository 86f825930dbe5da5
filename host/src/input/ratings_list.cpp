#include <ratekit/host/text/escape.hpp>
#include <ratekit/host/input/ratings_list.hpp>

#include "input/numbers.hpp"
#include "input/text.hpp"

#include <algorithm>
#include <cctype>
#include <spdlog/spdlog.h>
#include <cmath>
#include <unordered_map>

namespace ratekit {

int ratings_list::column(const std::string& name) const {
  for (size_t i = 0; i < columns.size(); ++i)
    if (columns[i] == name) return int(i);
  return -1;
}

int ratings_list::add_column(std::string name) {
  const size_t width = columns.size(), rows = ids.size();
  std::vector<double> wider(rows * (width + 1), NAN);
  for (size_t r = 0; r < rows; ++r) std::copy_n(values.data() + r * width, width, wider.data() + r * (width + 1));
  values.swap(wider);
  columns.push_back(std::move(name));
  return int(width);
}

namespace {

constexpr size_t ignored_named = 20;  // a list of a million columns would print a million warnings

// A column the run does not know is ignored with a warning (a list another
// model wrote), unless it is surely a known one misspelt ('RD' for 'rd'):
// ignoring that would start everyone from the model's initial value unseen.
// False for a column to ignore. `header` holds field `i`, the column's name;
// `ignored` counts the columns ignored so far, each of the first 20 named.
bool check_column(const text::source& src, const text::csv_splitter& header, size_t i,
                  const std::vector<std::string>& known, const std::string& model, text::problem_list& problems,
                  size_t& ignored) {
  const std::string name(header[i]);
  if (known.empty() || std::find(known.begin(), known.end(), name) != known.end()) return true;
  if (const std::string meant = slip_of(name, known); !meant.empty()) {
    problems.add(1, header.column(i), "column " + text::quote(name) + " is not one model '" + model +
                                          "' keeps (did you mean '" + meant + "'?); rename it, or remove it");
    return true;
  }
  if (++ignored <= ignored_named)
    spdlog::warn("{}: column {} is not one model '{}' keeps, nor a player fact: ignored", src.file(),
                 text::quote(name), model);
  return false;
}

bool is_whole(double v, double below) { return v == std::floor(v) && std::fabs(v) < below; }

// What a list's last_played may hold: ratings.csv writes yyyy-mm-dd, lists of earlier versions yyyymmdd.
const std::string last_played_shape = "a date written yyyy-mm-dd (or yyyymmdd), or 0";

}  // namespace

std::string host_value_problem(std::string_view name, double v) {
  if (std::isnan(v)) return "";
  if (name == "games" && !(v >= 0 && is_whole(v, 1e15))) return "a whole number of games, 0 or more";
  if (name == "peak" && !std::isfinite(v)) return "a finite peak rating";
  int32_t date = 0;
  if (name == "last_played" && v != 0 &&
      !(is_whole(v, 1e8) && text::make_date(int(v) / 10000, int(v) / 100 % 100, int(v) % 100, date)))
    return "a date written yyyymmdd, or 0";
  if (name == "last_period" && !is_whole(v, 0x1p53)) return "a whole period number within 2^53";
  if (name == "birth_year" && !(v >= 1 && is_whole(v, 10000))) return "a birth year from 1 to 9999";
  return "";
}

namespace {

// Where the header puts the player facts, and each field's list column.
struct list_layout {
  int birth = -1, federation = -1, id = -1;
  std::vector<int> numeric;  // field index - 1 -> list column, -1 for text and ignored columns
};

// Text columns carry player facts (or labels); every other column is a number,
// one the model keeps or one ignored.
list_layout read_header(const text::source& src, const text::csv_splitter& csv, const std::vector<std::string>& known,
                        const std::string& model, text::problem_list& problems, ratings_list& list) {
  list_layout layout;
  size_t ignored = 0;
  std::unordered_map<std::string_view, size_t> first_field{{csv[0], 0}};  // each name's first field
  for (size_t i = 1; i < csv.size(); ++i) {
    const std::string name(csv[i]);
    if (const auto [first, fresh] = first_field.emplace(csv[i], i); !fresh) {
      problems.add(1, csv.column(i), text::repeated_column(csv[i], csv.column(first->second)));
      layout.numeric.push_back(-1);
      continue;
    }
    std::string fact = name;  // text facts whatever their case (FIDE's lists say ID)
    std::transform(fact.begin(), fact.end(), fact.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    if (fact == "federation") layout.federation = int(i);
    if (fact == "id") layout.id = int(i);
    if (name == "birth_year") layout.birth = int(i);
    if (fact == "federation" || fact == "id" || fact == "category") {  // text, or derived again by the next run
      layout.numeric.push_back(-1);
      continue;
    }
    if (!check_column(src, csv, i, known, model, problems, ignored)) {
      layout.numeric.push_back(-1);  // ignored: its cells are not read
      continue;
    }
    layout.numeric.push_back(int(list.columns.size()));
    list.columns.push_back(name);
  }
  if (ignored > ignored_named)
    spdlog::warn("{}: {} more columns that model '{}' does not keep: ignored", src.file(), ignored - ignored_named, model);
  return layout;
}

// A row's numbers into the list's row `row`.
void read_cells(const text::line& l, const text::csv_splitter& csv, const list_layout& layout, size_t row,
                text::problem_list& problems, ratings_list& list) {
  for (size_t i = 1; i < csv.size(); ++i) {
    const int col = layout.numeric[i - 1];
    if (col < 0 || csv[i].empty()) continue;
    double& v = list.at(row, size_t(col));
    const std::string& name = list.columns[size_t(col)];
    // ratings.csv writes last_played as yyyy-mm-dd; older lists wrote the number yyyymmdd.
    const bool date = name == "last_played";
    if (int32_t day = 0; date && text::parse_date(csv[i], day))
      v = day;
    else if (!text::parse_number(csv[i], v))
      problems.add(l.number, csv.column(i),
                   "expected " + (date ? last_played_shape : "a number for " + name) + ", got " + text::quote(csv[i]));
    else if (const std::string expected = host_value_problem(name, v); !expected.empty())
      problems.add(l.number, csv.column(i), "expected " + (date ? last_played_shape : expected) + ", got " + text::quote(csv[i]));
  }
}

}  // namespace

ratings_list read_ratings_list(const std::filesystem::path& file, player_table& players,
                               const std::vector<std::string>& known, const std::string& model) {
  if (!std::filesystem::exists(file)) throw user_error(file.string(), 0, 0, "ratings list not found");
  text::source src(file, reader_options{});
  text::problem_list problems(src);
  text::line_cursor lines(src.text());
  text::csv_splitter csv;
  ratings_list list;
  text::line l;
  if (!lines.next(l) || !csv.split(l, problems) || csv.size() < 2 || csv[0] != "player" || csv[1] != "rating")
    throw user_error(src.file(), 1, 1, "expected a ratings list header starting 'player,rating'");
  const list_layout layout = read_header(src, csv, known, model, problems, list);
  problems.throw_if_any();
  const size_t width = csv.size();
  while (lines.next(l)) {
    if (text::is_blank(l.text) || !csv.split(l, problems)) continue;
    if (csv.size() != width) {
      problems.add(l.number, 1, "expected " + std::to_string(width) + " fields, got " + std::to_string(csv.size()));
      continue;
    }
    if (csv[0].empty() || has_control(csv[0])) {
      problems.add(l.number, 1, "expected a player name without control characters, got " + text::quote(csv[0]));
      continue;
    }
    if (players.find(csv[0]) >= 0) {
      problems.add(l.number, 1, "player " + text::quote(csv[0]) + " is listed twice");
      continue;
    }
    const int32_t player = players.intern(csv[0]);
    const size_t row = list.ids.size();
    list.add_row(player);
    read_cells(l, csv, layout, row, problems, list);
    if (layout.birth >= 0) players.birth_year[size_t(player)] = list.value(row, layout.numeric[size_t(layout.birth) - 1]);
    if (layout.federation >= 0) players.federation.set(size_t(player), csv[size_t(layout.federation)]);
    if (layout.id >= 0) players.external_id.set(size_t(player), csv[size_t(layout.id)]);
    src.release_read(l.text.data());  // the rows read are in the list: their text may go
  }
  problems.throw_if_any();
  return list;
}

}  // namespace ratekit
