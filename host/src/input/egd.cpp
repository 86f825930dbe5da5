// egd: a European Go Database tournament table, one line per player, one file per tournament.
//   <place> <name...> <club or country, - when unknown> <grade or GoR> <round 1> <round 2> ...
// with round cells <opponent place><+|-|=>[/<w|b>[<handicap>]]; 0 (or 0+, 0-, 0=) is no game.
#include <ratekit/host/text/escape.hpp>
#include "input/go_grade.hpp"
#include "input/text.hpp"
#include "input/tournament_period.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ratekit {
namespace {

constexpr const char* cell_syntax = "<opponent place><+|-|=>[/<w|b>[<handicap>]] or 0";

// One round of one player as written on his line.
struct egd_cell {
  int32_t opponent = 0;  // place; 0: no game
  char result = 0;       // '+', '-', '='
  char colour = 0;       // 'w', 'b' or 0 when not given
  int8_t handicap = 0;   // stones, 0 when not given
  int32_t column = 0;
  std::string_view text;
};

struct egd_row {
  int32_t place;
  int32_t player;
  int line;
  int place_column;
};

bool is_digit(char c) { return c >= '0' && c <= '9'; }

char lower(char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; }

// Splits on spaces and tabs into `out` (reused, so no allocation once it has grown).
void split_words(std::string_view s, std::vector<std::string_view>& out) {
  out.clear();
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
    const size_t start = i;
    while (i < s.size() && s[i] != ' ' && s[i] != '\t') ++i;
    if (i > start) out.push_back(s.substr(start, i - start));
  }
}

bool parse_cell(std::string_view s, egd_cell& c) {
  size_t i = 0;
  int64_t place = 0;
  while (i < s.size() && is_digit(s[i]) && place < 1000000) place = place * 10 + (s[i++] - '0');
  if (i == 0 || (i < s.size() && is_digit(s[i]))) return false;
  c.opponent = int32_t(place);
  if (i == s.size()) return place == 0;  // a bare 0: not paired
  if (s[i] != '+' && s[i] != '-' && s[i] != '=') return false;
  c.result = s[i++];
  if (place == 0) return i == s.size();
  if (i == s.size()) return true;
  if (s[i++] != '/' || i == s.size()) return false;
  c.colour = lower(s[i++]);
  if (c.colour != 'w' && c.colour != 'b') return false;
  if (i == s.size()) return true;
  if (i + 1 != s.size() || !is_digit(s[i])) return false;
  c.handicap = int8_t(s[i] - '0');
  return true;
}

char opposite(char result) { return result == '+' ? '-' : result == '-' ? '+' : '='; }

// A grade ("5k", "2d") or a positive GoR.
bool parse_strength(std::string_view s, double& rating) {
  if (const auto grade = parse_go_grade(s)) {
    rating = *grade;
    return true;
  }
  return text::parse_number(s, rating) && rating > 0;
}

// `; EV[name]` and `; DT[yyyy-mm-dd,...]` header comments of EGD files.
std::string_view header_value(std::string_view comment, std::string_view key) {
  const size_t at = comment.find(key);
  if (at == std::string_view::npos) return {};
  const size_t begin = at + key.size();
  const size_t end = comment.find(']', begin);
  return end == std::string_view::npos ? std::string_view{} : comment.substr(begin, end - begin);
}

// Reads one table's lines, then checks the pairings and emits the games.
class egd_reader {
 public:
  egd_reader(const text::source& src, dataset& out) : src_(src), problems_(src), out_(out) {}

  void read(const std::filesystem::path& file) {
    read_lines();
    index_places();
    find_opponents();
    emit_games(file);
  }

 private:
  // The header comments and one row per player line.
  void read_lines() {
    text::line_cursor lines(src_.text());
    for (text::line l; lines.next(l);) {
      const std::string_view t = text::trim(l.text);
      if (t.empty()) continue;
      if (t.front() == ';') header_comment(l, t);
      else player_line(l);
    }
    if (rows_.empty() && problems_.empty()) problems_.add(0, 0, "no players: expected one line per player");
    problems_.throw_if_any();
  }

  // Places to rows, sorted for lookup; a repeated place names both lines.
  void index_places() {
    by_place_.resize(rows_.size());
    for (size_t i = 0; i < rows_.size(); ++i) by_place_[i] = {rows_[i].place, i};
    std::sort(by_place_.begin(), by_place_.end());
    for (size_t k = 1; k < by_place_.size(); ++k)
      if (by_place_[k].first == by_place_[k - 1].first) {
        const egd_row& again = rows_[by_place_[k].second];
        problems_.add(again.line, again.place_column,
                      "place " + std::to_string(again.place) + " is already used on line " +
                          std::to_string(rows_[by_place_[k - 1].second].line));
      }
    problems_.throw_if_any();
  }

  // Each cell's opponent row: a place in the table, not the player's own.
  void find_opponents() {
    opponent_row_.assign(cells_.size(), -1);
    for (size_t i = 0; i < rows_.size(); ++i)
      for (size_t r = 0; r < rounds_; ++r) {
        const egd_cell& c = cells_[i * rounds_ + r];
        if (c.opponent == 0) continue;
        opponent_row_[i * rounds_ + r] = row_of(c.opponent);
        if (c.opponent == rows_[i].place)
          problems_.add(rows_[i].line, c.column, round_label(r) + "a player cannot play himself");
        else if (opponent_row_[i * rounds_ + r] < 0)
          problems_.add(rows_[i].line, c.column, round_label(r) + "expected the place of a player in the table, got " +
                                                     std::to_string(c.opponent));
      }
    problems_.throw_if_any();
  }

  // Every game once, as one period named after the event.
  void emit_games(const std::filesystem::path& file) {
    const size_t first = out_.game_count();
    const int32_t period = text::open_tournament_period(out_, event_name_, file, src_);  // without EV[], the file's name
    for (size_t r = 0; r < rounds_; ++r)
      for (size_t i = 0; i < rows_.size(); ++i) pairing(i, r, period);
    if (problems_.empty() && out_.game_count() == first) problems_.add(0, 0, "no games: every round cell is 0");
    problems_.throw_if_any();
  }

  static std::string round_label(size_t r) { return "round " + std::to_string(r + 1) + ": "; }

  int64_t row_of(int32_t place) const {
    const auto it = std::lower_bound(by_place_.begin(), by_place_.end(), std::pair<int32_t, size_t>{place, 0});
    return it != by_place_.end() && it->first == place ? int64_t(it->second) : -1;
  }

  // `; EV[name]` and `; DT[yyyy-mm-dd,...]`.
  void header_comment(const text::line& l, std::string_view t) {
    if (const auto ev = text::trim(header_value(t, "EV[")); has_control(ev))
      problems_.add(l.number, text::column_of(l.text, ev.data()),
                    "expected EV[an event name without control characters], got " + text::quote(ev));
    else if (!ev.empty())
      event_name_ = ev;
    if (const auto dt = header_value(t, "DT["); !dt.empty() && !text::parse_date(dt.substr(0, 10), event_date_))
      problems_.add(l.number, text::column_of(l.text, dt.data()), "expected DT[YYYY-MM-DD...], got " + text::quote(dt));
  }

  // <place> <name...> <club> <strength> <rounds...>: a row, kept when all of it is well formed.
  void player_line(const text::line& l) {
    split_words(l.text, words_);
    auto column = [&](size_t w) { return text::column_of(l.text, words_[w].data()); };
    int64_t place = 0;
    if (!text::parse_integer(words_[0], place) || place < 1 || place > 1000000) {
      problems_.add(l.number, column(0), "expected the place as a whole number from 1, got " + text::quote(words_[0]));
      return;
    }
    // The strength is the first grade or GoR after at least one name word and the club.
    size_t strength = 3;
    double rating = 0;
    while (strength < words_.size() && !parse_strength(words_[strength], rating)) ++strength;
    if (strength >= words_.size()) {
      problems_.add(l.number, words_.size() > 3 ? column(3) : text::column_of(l.text, l.text.data() + l.text.size()),
                    "expected <place> <name> <club or country> <grade like 5k or 2d, or a GoR> <rounds...>");
      return;
    }
    if (!same_rounds(l, strength, column(strength))) return;
    bool ok = round_cells(l, strength);
    name_.assign(words_[1]);
    for (size_t w = 2; w + 1 < strength; ++w) name_.append(" ").append(words_[w]);
    if (has_control(name_)) {
      problems_.add(l.number, column(1), "expected a player name without control characters, got " + text::quote(name_));
      return;
    }
    const int32_t player = out_.players.intern(name_);
    if (line_of_player_.size() <= size_t(player)) line_of_player_.resize(size_t(player) + 1, 0);
    if (line_of_player_[size_t(player)] != 0) {
      problems_.add(l.number, column(1),
                    "player '" + name_ + "' is already on line " + std::to_string(line_of_player_[size_t(player)]));
      ok = false;
    }
    if (!ok) {
      cells_.resize(rows_.size() * rounds_);
      return;
    }
    line_of_player_[size_t(player)] = l.number;
    if (std::isnan(out_.players.declared_rating[size_t(player)])) out_.players.declared_rating[size_t(player)] = rating;
    if (const auto club = words_[strength - 1]; club != "-" && out_.players.federation[size_t(player)].empty())
      out_.players.federation.set(size_t(player), club);
    rows_.push_back({int32_t(place), player, l.number, column(0)});
  }

  // As many rounds as the first player line has; that line sets the count.
  bool same_rounds(const text::line& l, size_t strength, int strength_column) {
    const size_t line_rounds = words_.size() - strength - 1;
    if (rows_.empty()) {
      rounds_ = line_rounds;
      rounds_line_ = l.number;
    } else if (line_rounds != rounds_) {
      problems_.add(l.number, strength_column,
                    "expected " + std::to_string(rounds_) + " rounds as on line " + std::to_string(rounds_line_) +
                        ", got " + std::to_string(line_rounds));
      return false;
    }
    return true;
  }

  // The line's round cells into cells_; false when one is malformed.
  bool round_cells(const text::line& l, size_t strength) {
    bool ok = true;
    for (size_t r = 0; r < rounds_; ++r) {
      egd_cell c;
      c.column = text::column_of(l.text, words_[strength + 1 + r].data());
      c.text = words_[strength + 1 + r];
      if (!parse_cell(c.text, c)) {
        problems_.add(l.number, c.column,
                      "round " + std::to_string(r + 1) + ": expected " + cell_syntax + ", got " + text::quote(c.text));
        ok = false;
      }
      cells_.push_back(c);
    }
    return ok;
  }

  // Row i's game in round r: checked against the opponent's cell, emitted from the first line of the pair.
  void pairing(size_t i, size_t r, int32_t period) {
    const egd_cell& c = cells_[i * rounds_ + r];
    if (c.opponent == 0) return;
    const auto j = size_t(opponent_row_[i * rounds_ + r]);
    const egd_cell& d = cells_[j * rounds_ + r];
    auto where = [&] {
      return round_label(r) + "line " + std::to_string(rows_[j].line) + " (place " + std::to_string(rows_[j].place) +
             ") has " + text::quote(d.text);
    };
    if (d.opponent != rows_[i].place) {
      problems_.add(rows_[i].line, c.column, where() + ", expected a game against place " + std::to_string(rows_[i].place));
      return;
    }
    if (j < i) return;
    if (d.result != opposite(c.result) || (c.colour != 0) != (d.colour != 0) || (c.colour != 0 && c.colour == d.colour) ||
        c.handicap != d.handicap) {
      problems_.add(rows_[i].line, c.column,
                    where() + ", expected the opposite result and colour and the same handicap as " + text::quote(c.text));
      return;
    }
    rk_game g = make_game(rows_[i].player, rows_[j].player, c.result == '+' ? 1.0 : c.result == '-' ? 0.0 : 0.5);
    g.handicap = c.colour == 'b' ? c.handicap : -double(c.handicap);  // black receives the stones
    out_.add_game(g, {event_date_, period, 0, 0, 0, rows_[i].line});
  }

  const text::source& src_;
  text::problem_list problems_;
  dataset& out_;
  std::vector<std::string_view> words_;
  std::vector<egd_row> rows_;
  std::vector<egd_cell> cells_;  // rows_.size() x rounds_
  std::string name_;
  std::vector<int> line_of_player_;  // by player id: his line in this file, 0 when absent
  std::vector<std::pair<int32_t, size_t>> by_place_;
  std::vector<int64_t> opponent_row_;
  std::string_view event_name_;
  int32_t event_date_ = 0;
  size_t rounds_ = 0;
  int rounds_line_ = 0;
};

}  // namespace

void read_egd(const std::filesystem::path& file, const reader_options& options, dataset& out) {
  const text::source src(file, options);
  egd_reader(src, out).read(file);
}

}  // namespace ratekit
