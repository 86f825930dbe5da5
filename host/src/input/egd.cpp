// egd: a European Go Database tournament table, one line per player, one file per tournament.
//   <place> <name...> <club or country, - when unknown> <grade or GoR> <round 1> <round 2> ...
// with round cells <opponent place><+|-|=>[/<w|b>[<handicap>]]; 0 (or 0+, 0-, 0=) is no game.
#include <ratekit/host/text/escape.hpp>
#include "input/go_grade.hpp"
#include "input/text.hpp"

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
struct cell {
  int32_t opponent = 0;  // place; 0: no game
  char result = 0;       // '+', '-', '='
  char colour = 0;       // 'w', 'b' or 0 when not given
  int8_t handicap = 0;   // stones, 0 when not given
  int32_t column = 0;
  std::string_view text;
};

struct row {
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

bool parse_cell(std::string_view s, cell& c) {
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

}  // namespace

void read_egd(const std::filesystem::path& file, const reader_options& options, dataset& out) {
  const text::source src(file, options);
  text::problem_list problems(src);
  text::line_cursor lines(src.text());
  std::vector<std::string_view> words;
  std::vector<row> rows;
  std::vector<cell> cells;  // rows.size() x rounds
  std::string name;
  std::vector<int> line_of_player;  // by player id: his line in this file, 0 when absent
  std::string_view event_name;
  int32_t event_date = 0;
  size_t rounds = 0;
  int rounds_line = 0;

  for (text::line l; lines.next(l);) {
    const std::string_view t = text::trim(l.text);
    if (t.empty()) continue;
    if (t.front() == ';') {
      if (const auto ev = text::trim(header_value(t, "EV[")); has_control(ev))
        problems.add(l.number, text::column_of(l.text, ev.data()),
                     "expected EV[an event name without control characters], got " + text::quote(ev));
      else if (!ev.empty())
        event_name = ev;
      if (const auto dt = header_value(t, "DT["); !dt.empty() && !text::parse_date(dt.substr(0, 10), event_date))
        problems.add(l.number, text::column_of(l.text, dt.data()), "expected DT[YYYY-MM-DD...], got " + text::quote(dt));
      continue;
    }
    split_words(l.text, words);
    auto column = [&](size_t w) { return text::column_of(l.text, words[w].data()); };
    int64_t place = 0;
    if (!text::parse_integer(words[0], place) || place < 1 || place > 1000000) {
      problems.add(l.number, column(0), "expected the place as a whole number from 1, got " + text::quote(words[0]));
      continue;
    }
    // The strength is the first grade or GoR after at least one name word and the club.
    size_t strength = 3;
    double rating = 0;
    while (strength < words.size() && !parse_strength(words[strength], rating)) ++strength;
    if (strength >= words.size()) {
      problems.add(l.number, words.size() > 3 ? column(3) : text::column_of(l.text, l.text.data() + l.text.size()),
                   "expected <place> <name> <club or country> <grade like 5k or 2d, or a GoR> <rounds...>");
      continue;
    }
    const size_t line_rounds = words.size() - strength - 1;
    if (rows.empty()) {
      rounds = line_rounds;
      rounds_line = l.number;
    } else if (line_rounds != rounds) {
      problems.add(l.number, column(strength),
                   "expected " + std::to_string(rounds) + " rounds as on line " + std::to_string(rounds_line) +
                       ", got " + std::to_string(line_rounds));
      continue;
    }
    bool ok = true;
    for (size_t r = 0; r < rounds; ++r) {
      cell c;
      c.column = column(strength + 1 + r);
      c.text = words[strength + 1 + r];
      if (!parse_cell(c.text, c)) {
        problems.add(l.number, c.column,
                     "round " + std::to_string(r + 1) + ": expected " + cell_syntax + ", got " + text::quote(c.text));
        ok = false;
      }
      cells.push_back(c);
    }
    name.assign(words[1]);
    for (size_t w = 2; w + 1 < strength; ++w) name.append(" ").append(words[w]);
    if (has_control(name)) {
      problems.add(l.number, column(1), "expected a player name without control characters, got " + text::quote(name));
      continue;
    }
    const int32_t player = out.players.intern(name);
    if (line_of_player.size() <= size_t(player)) line_of_player.resize(size_t(player) + 1, 0);
    if (line_of_player[size_t(player)] != 0) {
      problems.add(l.number, column(1),
                   "player '" + name + "' is already on line " + std::to_string(line_of_player[size_t(player)]));
      ok = false;
    }
    if (!ok) {
      cells.resize(rows.size() * rounds);
      continue;
    }
    line_of_player[size_t(player)] = l.number;
    if (std::isnan(out.players.declared_rating[size_t(player)])) out.players.declared_rating[size_t(player)] = rating;
    if (const auto club = words[strength - 1]; club != "-" && out.players.federation[size_t(player)].empty())
      out.players.federation.set(size_t(player), club);
    rows.push_back({int32_t(place), player, l.number, column(0)});
  }
  if (rows.empty() && problems.empty()) problems.add(0, 0, "no players: expected one line per player");
  problems.throw_if_any();

  // Places to rows, sorted for lookup; a repeated place names both lines.
  std::vector<std::pair<int32_t, size_t>> by_place(rows.size());
  for (size_t i = 0; i < rows.size(); ++i) by_place[i] = {rows[i].place, i};
  std::sort(by_place.begin(), by_place.end());
  for (size_t k = 1; k < by_place.size(); ++k)
    if (by_place[k].first == by_place[k - 1].first) {
      const row& again = rows[by_place[k].second];
      problems.add(again.line, again.place_column,
                   "place " + std::to_string(again.place) + " is already used on line " +
                       std::to_string(rows[by_place[k - 1].second].line));
    }
  problems.throw_if_any();
  auto row_of = [&](int32_t place) -> int64_t {
    const auto it = std::lower_bound(by_place.begin(), by_place.end(), std::pair<int32_t, size_t>{place, 0});
    return it != by_place.end() && it->first == place ? int64_t(it->second) : -1;
  };
  auto round_label = [](size_t r) { return "round " + std::to_string(r + 1) + ": "; };
  std::vector<int64_t> opponent_row(cells.size(), -1);
  for (size_t i = 0; i < rows.size(); ++i)
    for (size_t r = 0; r < rounds; ++r) {
      const cell& c = cells[i * rounds + r];
      if (c.opponent == 0) continue;
      opponent_row[i * rounds + r] = row_of(c.opponent);
      if (c.opponent == rows[i].place)
        problems.add(rows[i].line, c.column, round_label(r) + "a player cannot play himself");
      else if (opponent_row[i * rounds + r] < 0)
        problems.add(rows[i].line, c.column, round_label(r) + "expected the place of a player in the table, got " +
                                                 std::to_string(c.opponent));
    }
  problems.throw_if_any();

  const size_t first = out.game_count();
  const auto period = int32_t(out.period_names.size());
  // Without EV[], the file's name: shown as a terminal may show it, as it is no text the file holds.
  out.period_names.emplace_back(event_name.empty() ? printable(valid_utf8(file.stem().string())) : std::string(event_name));
  if (out.source.empty()) out.source = src.file();
  for (size_t r = 0; r < rounds; ++r)
    for (size_t i = 0; i < rows.size(); ++i) {
      const cell& c = cells[i * rounds + r];
      if (c.opponent == 0) continue;
      const auto j = size_t(opponent_row[i * rounds + r]);
      const cell& d = cells[j * rounds + r];
      auto where = [&] {
        return round_label(r) + "line " + std::to_string(rows[j].line) + " (place " + std::to_string(rows[j].place) +
               ") has " + text::quote(d.text);
      };
      if (d.opponent != rows[i].place) {
        problems.add(rows[i].line, c.column, where() + ", expected a game against place " + std::to_string(rows[i].place));
        continue;
      }
      if (j < i) continue;  // checked and emitted from the first line of the pair
      if (d.result != opposite(c.result) || (c.colour != 0) != (d.colour != 0) ||
          (c.colour != 0 && c.colour == d.colour) || c.handicap != d.handicap) {
        problems.add(rows[i].line, c.column,
                     where() + ", expected the opposite result and colour and the same handicap as " + text::quote(c.text));
        continue;
      }
      rk_game g = make_game(rows[i].player, rows[j].player, c.result == '+' ? 1.0 : c.result == '-' ? 0.0 : 0.5);
      g.handicap = c.colour == 'b' ? c.handicap : -double(c.handicap);  // black receives the stones
      out.add_game(g, {event_date, period, 0, 0, 0, rows[i].line});
    }
  if (problems.empty() && out.game_count() == first) problems.add(0, 0, "no games: every round cell is 0");
  problems.throw_if_any();
}

}  // namespace ratekit
