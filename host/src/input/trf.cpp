// trf: a FIDE Tournament Report File (TRF-2006, "Krause" format), one
// tournament per file, in fixed character columns (1-based):
//   001 player: start number 5-8, name 15-47, rating 49-52, federation 54-56,
//       id 58-68, birth date 70-79 (YYYY/MM/DD), then one 10-column block per
//       round from column 92: opponent's start number 92-95, colour 97, result 99;
//   012 tournament name, 042 start date, 052 end date, 132 round dates (from column 92).
// Other records (013 teams, 022 city, ...) are skipped. Every pairing stands on
// both players' lines; they must agree, and the game is emitted once. Only
// played games (1, 0, =) are games: forfeits (+ -), byes (H F U Z, opponent
// 0000 or blank), unrated games (W D L) and unplayed pairings (no result) are not.
#include <ratekit/host/text/escape.hpp>
#include "input/text.hpp"
#include "input/tournament_period.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace ratekit {
namespace {

constexpr int first_round_column = 92;
constexpr int round_width = 10;
constexpr int max_start = 9999;  // four columns

// Cuts one line (UTF-8) by 1-based character columns, so a name with é does not shift the columns after it.
class fixed_columns {
 public:
  void reset(std::string_view line) {
    line_ = line;
    ascii_ = std::all_of(line.begin(), line.end(), [](char c) { return (c & 0x80) == 0; });
    if (ascii_) return;
    starts_.clear();
    for (size_t i = 0; i < line.size(); ++i)
      if ((static_cast<unsigned char>(line[i]) & 0xC0) != 0x80) starts_.push_back(i);
    starts_.push_back(line.size());
  }
  size_t size() const { return ascii_ ? line_.size() : starts_.size() - 1; }
  // Columns from..to inclusive, clipped at the line's end.
  std::string_view cut(int from, int to) const {
    const size_t n = size(), b = std::min(size_t(from - 1), n), e = std::min(size_t(to), n);
    return ascii_ ? line_.substr(b, e - b) : line_.substr(starts_[b], starts_[e] - starts_[b]);
  }
  char at(int column) const {
    const std::string_view c = cut(column, column);
    return c.size() == 1 ? c[0] : c.empty() ? ' ' : '?';
  }

 private:
  std::string_view line_;
  bool ascii_ = true;
  std::vector<size_t> starts_;
};

// One round of one player as written on his line.
struct cell {
  int32_t opponent = 0;  // start number; 0: not paired or a bye
  char colour = ' ';     // 'w', 'b', or ' ' for none ('-' is read as none)
  char result = ' ';     // upper case; ' ' for none
};

struct row {
  int32_t start;
  int32_t player;
  int line;
  size_t first_cell;  // into the flat cell array
  size_t rounds;      // blocks present on the line
};

char upper(char c) { return c >= 'a' && c <= 'z' ? char(c - 'a' + 'A') : c; }

// The result the opponent's line must show.
char mirror(char result) {
  switch (result) {
    case '1': return '0';
    case '0': return '1';
    case '+': return '-';
    case '-': return '+';
    case 'W': return 'L';
    case 'L': return 'W';
    default: return result;  // '=', 'D', ' '
  }
}

bool is_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// yyyymmdd when y-m-d is a real date, else 0.
int32_t make_date(int y, int m, int d) {
  if (y < 1 || y > 9999 || m < 1 || m > 12 || d < 1 || d > 31) return 0;
  char buf[40];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02d", y, m, d);
  int32_t out = 0;
  return text::parse_date(buf, out) ? out : 0;
}

// The year of a birth date YYYY/MM/DD, 00 for a month or day not known (a
// known day needs its month), or YYYY alone; 0 when it is no possible date.
int birth_year_of(std::string_view b) {
  if (b.size() < 4 || !is_digits(b.substr(0, 4))) return 0;
  const int year = std::stoi(std::string(b.substr(0, 4)));
  if (b.size() == 4) return year;
  if (b.size() != 10 || b[4] != '/' || b[7] != '/' || !is_digits(b.substr(5, 2)) || !is_digits(b.substr(8, 2))) return 0;
  const int month = std::stoi(std::string(b.substr(5, 2))), day = std::stoi(std::string(b.substr(8, 2)));
  if (day > 0 && month == 0) return 0;
  return make_date(year, month == 0 ? 1 : month, day == 0 ? 1 : day) ? year : 0;
}

// A date written as three numbers with one separator between each: the
// numbers and how many digits each has.
bool split_date(std::string_view s, std::array<int, 3>& v, std::array<size_t, 3>& digits) {
  size_t i = 0;
  for (int k = 0; k < 3; ++k) {
    if (k > 0) {
      if (i >= s.size() || (s[i] >= '0' && s[i] <= '9')) return false;
      ++i;
    }
    const size_t begin = i;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9' && i - begin < 4) ++i;
    if (i == begin) return false;
    v[size_t(k)] = std::stoi(std::string(s.substr(begin, i - begin)));
    digits[size_t(k)] = i - begin;
  }
  return i == s.size();
}

// A two-digit year in the century nearest `near` (yyyymmdd, 0 when unknown).
int full_year(int yy, int32_t near) {
  if (near == 0) return yy < 70 ? 2000 + yy : 1900 + yy;
  const int ny = near / 10000;
  int y = ny - ny % 100 + yy;
  if (y - ny > 50) y -= 100;
  if (ny - y > 50) y += 100;
  return y;
}

// 042 and 052: 2011/07/02 and 2008-02-01 (year first), 25.02.2011 (day
// first, or month first when the middle number is above 12), 10.09.13 (yy.mm.dd as in 132).
int32_t header_date(std::string_view s) {
  std::array<int, 3> v{};
  std::array<size_t, 3> digits{};
  if (!split_date(s, v, digits)) return 0;
  if (digits[0] == 4) return make_date(v[0], v[1], v[2]);
  if (digits[2] == 4) return v[1] > 12 ? make_date(v[2], v[0], v[1]) : make_date(v[2], v[1], v[0]);
  if (digits[0] == 2 && digits[1] == 2 && digits[2] == 2) return make_date(full_year(v[0], 0), v[1], v[2]);
  return 0;
}

// 132: YY/MM/DD by the standard; some programs write YY.DD.MM, so when both
// readings are real dates, the one within the tournament's dates wins.
int32_t round_date(std::string_view s, int32_t start, int32_t end) {
  std::array<int, 3> v{};
  std::array<size_t, 3> digits{};
  if (!split_date(s, v, digits) || digits[0] > 2 || digits[1] > 2 || digits[2] > 2) return 0;
  const int y = full_year(v[0], start);
  const int32_t standard = make_date(y, v[1], v[2]), swapped = make_date(y, v[2], v[1]);
  const int32_t last = end != 0 ? end : start;
  auto inside = [&](int32_t d) { return d != 0 && start != 0 && d >= start && d <= last; };
  if (inside(standard) || !inside(swapped)) return standard != 0 ? standard : swapped;
  return swapped;
}

// Reads one file's records, then checks and emits its games.
class trf_reader {
 public:
  trf_reader(const text::source& src, dataset& out) : src_(src), problems_(src), out_(out) {}

  void read(const std::filesystem::path& file) {
    read_records();
    read_round_dates();
    index_start_numbers();
    emit_games(file);
  }

 private:
  // 001 players with their rounds, 012 name, 042 and 052 dates, 132 round dates' line.
  void read_records() {
    text::line_cursor lines(src_.text());
    for (text::line l; lines.next(l);) {
      cols_.reset(l.text);
      // A record starts with its three-digit code and a blank (a column ruler "0123..." is not one).
      const std::string_view code = cols_.at(4) == ' ' ? cols_.cut(1, 3) : std::string_view{};
      if (code == "012") event_name_ = text::trim(cols_.cut(5, int(cols_.size())));
      if (code == "012" && has_control(event_name_))
        problems_.add(l.number, 5, "expected a tournament name without control characters, got " + text::quote(event_name_));
      if (code == "042") date_record(l, start_date_);
      if (code == "052") date_record(l, end_date_);
      if (code == "132") round_dates_line_ = l;
      if (code == "001") player_record(l);
    }
    if (rows_.empty() && problems_.empty()) problems_.add(0, 0, "no players: expected 001 records");
    problems_.throw_if_any();
  }

  // Round dates, now that 042 and 052 are known wherever they stood.
  void read_round_dates() {
    if (round_dates_line_.number != 0) {
      cols_.reset(round_dates_line_.text);
      for (int at = first_round_column; size_t(at) <= cols_.size(); at += round_width) {
        const std::string_view s = text::trim(cols_.cut(at, at + round_width - 1));
        const int32_t date = s.empty() ? 0 : round_date(s, start_date_, end_date_);
        if (!s.empty() && date == 0)
          problems_.add(round_dates_line_.number, at, "expected a round date as YY/MM/DD, got " + text::quote(s));
        round_dates_.push_back(date);
      }
    }
    problems_.throw_if_any();
  }

  // Each start number on one line only.
  void index_start_numbers() {
    row_of_start_.assign(max_start + 1, -1);
    for (size_t i = 0; i < rows_.size(); ++i) {
      int32_t& slot = row_of_start_[size_t(rows_[i].start)];
      if (slot >= 0)
        problems_.add(rows_[i].line, 5,
                      "start number " + std::to_string(rows_[i].start) + " is already used on line " +
                          std::to_string(rows_[size_t(slot)].line));
      else
        slot = int32_t(i);
    }
    problems_.throw_if_any();
  }

  // Every played pairing once, both lines agreeing, as one period named after the tournament.
  void emit_games(const std::filesystem::path& file) {
    size_t rounds = 0;
    for (const row& rw : rows_) rounds = std::max(rounds, rw.rounds);
    const size_t first_game = out_.game_count();
    const int32_t period = text::open_tournament_period(out_, event_name_, file, src_);  // without 012, the file's name
    for (size_t r = 0; r < rounds; ++r)
      for (size_t i = 0; i < rows_.size(); ++i) pairing(i, r, period);
    if (problems_.empty() && out_.game_count() == first_game) problems_.add(0, 0, "no games: no round has a played result");
    problems_.throw_if_any();
  }

  void date_record(const text::line& l, int32_t& date) {
    const std::string_view s = text::trim(cols_.cut(5, int(cols_.size())));
    if (s.empty()) return;
    date = header_date(s);
    if (date == 0)
      problems_.add(l.number, text::column_of(l.text, s.data()),
                    "expected a date like 2011/07/02, 2011-07-02 or 02.07.2011, got " + text::quote(s));
  }

  std::string_view field(int from, int to) const { return text::trim(cols_.cut(from, to)); }
  void bad(const text::line& l, int column, const std::string& expected, std::string_view got) {
    problems_.add(l.number, column, "expected " + expected + ", got " + text::quote(got));
  }

  // A 001 line: the player, his facts and his rounds; kept only when all are well formed.
  void player_record(const text::line& l) {
    int64_t start = 0;
    if (!text::parse_integer(field(5, 8), start) || start < 1 || start > max_start) {
      bad(l, 5, "the start number in columns 5-8 as a whole number from 1", cols_.cut(5, 8));
      return;
    }
    const std::string_view name = field(15, 47);
    if (name.empty() || has_control(name)) {
      bad(l, 15, "the player's name in columns 15-47, without control characters", cols_.cut(15, 47));
      return;
    }
    double rating = nan_value;
    if (const auto r = field(49, 52); !r.empty()) {
      int64_t value = 0;
      if (!text::parse_integer(r, value) || value < 0) bad(l, 49, "the rating in columns 49-52 as a whole number", r);
      else if (value > 0) rating = double(value);
    }
    double birth_year = nan_value;
    if (const auto b = field(70, 79); std::any_of(b.begin(), b.end(), [](char c) { return c >= '0' && c <= '9'; })) {
      if (const int year = birth_year_of(b)) birth_year = year;
      else bad(l, 70, "the birth date in columns 70-79 as a date YYYY/MM/DD (00 for an unknown month or day)", b);
    }
    row rw{int32_t(start), out_.players.intern(name), l.number, cells_.size(), 0};
    bool ok = round_cells(l, rw);
    if (line_of_player_.size() <= size_t(rw.player)) line_of_player_.resize(size_t(rw.player) + 1, 0);
    if (line_of_player_[size_t(rw.player)] != 0) {
      problems_.add(l.number, 15,
                    "player '" + std::string(name) + "' is already on line " +
                        std::to_string(line_of_player_[size_t(rw.player)]));
      ok = false;
    }
    if (!ok) {
      cells_.resize(rw.first_cell);
      return;
    }
    line_of_player_[size_t(rw.player)] = l.number;
    const auto p = size_t(rw.player);
    if (std::isnan(out_.players.declared_rating[p])) out_.players.declared_rating[p] = rating;
    if (std::isnan(out_.players.birth_year[p])) out_.players.birth_year[p] = birth_year;
    if (out_.players.federation[p].empty()) out_.players.federation.set(p, field(54, 56));
    if (out_.players.external_id[p].empty()) out_.players.external_id.set(p, field(58, 68));
    rows_.push_back(rw);
  }

  // The line's round blocks into cells_; false when one is malformed.
  bool round_cells(const text::line& l, row& rw) {
    const size_t blocks =
        cols_.size() >= size_t(first_round_column) ? (cols_.size() - first_round_column) / round_width + 1 : 0;
    bool ok = true;
    for (size_t r = 0; r < blocks; ++r) {
      const int at = first_round_column + int(r) * round_width;
      const std::string round = "round " + std::to_string(r + 1);
      cell c;
      const std::string_view opponent = field(at, at + 3);
      int64_t number = 0;
      if (!opponent.empty() && (!text::parse_integer(opponent, number) || number < 0 || number > max_start)) {
        bad(l, at, round + ": the opponent's start number in columns " + std::to_string(at) + "-" + std::to_string(at + 3),
            opponent);
        ok = false;
      }
      c.opponent = int32_t(number);
      c.colour = char(std::tolower(static_cast<unsigned char>(cols_.at(at + 5))));
      if (c.colour == '-') c.colour = ' ';
      if (c.colour != 'w' && c.colour != 'b' && c.colour != ' ') {
        bad(l, at + 5, round + ": the colour w, b or - in column " + std::to_string(at + 5), cols_.cut(at + 5, at + 5));
        ok = false;
      }
      c.result = upper(cols_.at(at + 7));
      const std::string_view results = c.opponent != 0 ? "10=+-WDL " : "10=+-WDLHFUZ ";
      if (results.find(c.result) == std::string_view::npos) {
        bad(l, at + 7,
            round + (c.opponent != 0 ? ": a result 1, 0, =, +, -, W, D or L in column "
                                     : ": without an opponent, a bye +, -, =, H, F, U or Z in column ") +
                std::to_string(at + 7),
            cols_.cut(at + 7, at + 7));
        ok = false;
      }
      cells_.push_back(c);
      ++rw.rounds;
    }
    return ok;
  }

  cell cell_of(size_t i, size_t r) const { return r < rows_[i].rounds ? cells_[rows_[i].first_cell + r] : cell{}; }

  // Row i's pairing in round r: checked against the opponent's line, and a
  // played game emitted from the first of the two lines.
  void pairing(size_t i, size_t r, int32_t period) {
    const int column = first_round_column + int(r) * round_width;
    const std::string round = "round " + std::to_string(r + 1) + ": ";
    const cell c = cell_of(i, r);
    if (c.opponent == 0) return;
    const int32_t j = c.opponent == rows_[i].start ? -2 : row_of_start_[size_t(c.opponent)];
    if (j < 0) {
      problems_.add(rows_[i].line, column,
                    round + (j == -2 ? std::string("a player cannot play himself")
                                     : "expected the start number of a player in the file, got " +
                                           std::to_string(c.opponent)));
      return;
    }
    const cell d = cell_of(size_t(j), r);
    const bool agree = d.opponent == rows_[i].start && d.result == mirror(c.result) &&
                       (c.colour == ' ' ? d.colour == ' ' : d.colour == (c.colour == 'w' ? 'b' : 'w'));
    if (!agree) {
      auto show = [](const cell& e) {
        return std::to_string(e.opponent) + " " + (e.colour == ' ' ? '-' : e.colour) + " " + e.result;
      };
      if (size_t(j) > i || d.opponent != rows_[i].start)
        problems_.add(rows_[i].line, column,
                      round + "'" + show(c) + "' here but '" + show(d) + "' on line " +
                          std::to_string(rows_[size_t(j)].line) + " (start number " + std::to_string(c.opponent) +
                          "): expected the same pairing with the opposite colour and result");
      return;
    }
    if (size_t(j) < i || (c.result != '1' && c.result != '0' && c.result != '=')) return;
    const int32_t date = r < round_dates_.size() && round_dates_[r] != 0 ? round_dates_[r] : start_date_;
    out_.add_game(make_game(rows_[i].player, rows_[size_t(j)].player, c.result == '1' ? 1.0 : c.result == '0' ? 0.0 : 0.5),
                  {date, period, 0, 0, 0, rows_[i].line});
  }

  const text::source& src_;
  text::problem_list problems_;
  dataset& out_;
  fixed_columns cols_;
  std::vector<row> rows_;
  std::vector<cell> cells_;
  std::vector<int> line_of_player_;  // by player id: his 001 line in this file, 0 when absent
  std::vector<int32_t> row_of_start_, round_dates_;
  std::string_view event_name_;
  text::line round_dates_line_;
  int32_t start_date_ = 0, end_date_ = 0;
};

}  // namespace

void read_trf(const std::filesystem::path& file, const reader_options& options, dataset& out) {
  const text::source src(file, options);
  trf_reader(src, out).read(file);
}

}  // namespace ratekit
