#include "serve/player_records.hpp"

#include "store/row_numbers.hpp"
#include "store/state_object.hpp"

#include <algorithm>
#include <tuple>

namespace ratekit::serve {

using store::statement;

namespace {

std::vector<game_record>& page_records(game_page& page) { return page.games; }
std::vector<event_record>& page_records(event_page& page) { return page.events; }

// The records `s` reads (its first column the period's id; `read` makes one of
// a row, given its period), newest first: the latest period first, within it
// the last recorded first. Those from `skip` on, `count` at most.
template <class Page, class Read>
Page newest_first(statement& s, const competition& c, int64_t skip, int64_t count, const Read& read) {
  using record = decltype(read(s, c.periods.data()));
  std::vector<std::tuple<size_t, record>> all;
  while (s.step()) {
    const auto at = c.position.find(s.integer(0));
    if (at != c.position.end()) all.emplace_back(at->second, read(s, &c.periods[at->second]));
  }
  std::sort(all.begin(), all.end(), [](const auto& x, const auto& y) {
    const auto& [px, rx] = x;
    const auto& [py, ry] = y;
    return std::tie(py, ry.run, ry.seq) < std::tie(px, rx.run, rx.seq);
  });
  Page page{int64_t(all.size()), {}};
  for (int64_t i = skip; i < int64_t(all.size()) && i < skip + count; ++i)
    page_records(page).push_back(std::move(std::get<1>(all[size_t(i)])));
  return page;
}

// A games row (games_of's columns) from the side of column 10 (0: A, 1: B). Its score is read as
// stored, then turned to B's side: SQL's 1 - 'x' would read text as 0. Damage is refused, naming the row and column.
game_record game_of_side(const store::database& db, const statement& row, const period* at) {
  const bool b = row.integer(10) != 0;
  const std::string where = "table games, run " + std::to_string(row.integer(1)) + ", seq " + std::to_string(row.integer(2)) + ", ";
  const char* own = b ? "_b" : "_a";
  const double score = store::required_number(db, row, 4, where + "score_a");
  return game_record{at, row.integer(1), row.integer(2), std::string(row.text(3)), b ? 1 - score : score,
                     row.checked_number(5, where + "expected" + own), row.checked_number(6, where + "k" + own),
                     row.checked_number(7, where + "change" + own), row.checked_number(8, where + "rating" + own),
                     row.checked_number(9, where + "rating" + (b ? "_a" : "_b"))};
}

// An entries row (events_of's columns), damage refused as game_of_side refuses it.
event_record entry_of(const store::database& db, const statement& row, const period* at) {
  const std::string where = "table entries, run " + std::to_string(row.integer(1)) + ", seq " + std::to_string(row.integer(2)) + ", ";
  return event_record{at, row.integer(1), row.integer(2), store::required_number(db, row, 3, where + "rank"),
                      row.checked_number(4, where + "expected"), row.checked_number(5, where + "weight"),
                      row.checked_number(6, where + "change"), row.checked_number(7, where + "rating"),
                      row.integer(8) != 0, row.is_null(9) ? std::string() : std::string(row.text(9))};
}

}  // namespace

std::optional<int64_t> player_id(store::database& db, const competition& c, const std::string& name) {
  statement s = db.prepare("SELECT id FROM players WHERE competition_id = ?1 AND name = ?2");
  s.bind(1, c.id).bind(2, std::string_view(name));
  return s.step() ? std::optional<int64_t>(s.integer(0)) : std::nullopt;
}

std::vector<history_entry> rating_history(store::database& db, const competition& c, int64_t player,
                                          const std::string& name) {
  statement s = db.prepare("SELECT period_id, rating, change, games, state FROM ratings WHERE player_id = ?1");
  s.bind(1, player);
  std::vector<std::pair<size_t, history_entry>> found;
  while (s.step()) {
    const auto at = c.position.find(s.integer(0));
    if (at == c.position.end()) continue;
    // Damage is refused as `ratekit history` refuses it (store/row_numbers.hpp), never shown as a number.
    const std::string where = "table ratings, player '" + name + "', period '" + c.periods[at->second].label + "', ";
    history_entry e{&c.periods[at->second], store::required_number(db, s, 1, where + "rating"),
                    store::required_number(db, s, 2, where + "change"), store::games_count(db, s, 3, where + "games"), {}};
    if (!s.is_null(4)) e.state = store::read_state_object(s.text(4), db, where + "state");
    found.emplace_back(at->second, std::move(e));
  }
  std::sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<history_entry> out;
  for (auto& [position, e] : found) out.push_back(std::move(e));
  return out;
}

game_page games_of(store::database& db, const competition& c, int64_t player, int64_t skip, int64_t count) {
  // One half for his games as A, one as B: each reads its index by player, not the whole table.
  statement s = db.prepare(
      "SELECT g.period_id, g.run_id, g.seq, o.name, g.score_a, g.expected_a, g.k_a, g.change_a, g.rating_a, g.rating_b, 0 "
      "FROM games g JOIN players o ON o.id = g.player_b WHERE g.player_a = ?1 UNION ALL "
      "SELECT g.period_id, g.run_id, g.seq, o.name, g.score_a, g.expected_b, g.k_b, g.change_b, g.rating_b, g.rating_a, 1 "
      "FROM games g JOIN players o ON o.id = g.player_a WHERE g.player_b = ?1");
  s.bind(1, player);
  return newest_first<game_page>(s, c, skip, count, [&](const statement& row, const period* at) {
    return game_of_side(db, row, at);
  });
}

event_page events_of(store::database& db, const competition& c, int64_t player, int64_t skip, int64_t count) {
  statement s = db.prepare(
      "SELECT period_id, run_id, seq, rank, expected, weight, change, rating, skipped, team FROM entries WHERE player_id = ?1");
  s.bind(1, player);
  return newest_first<event_page>(s, c, skip, count, [&](const statement& row, const period* at) {
    return entry_of(db, row, at);
  });
}

}  // namespace ratekit::serve
