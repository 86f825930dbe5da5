#include "serve/player_records.hpp"

#include "store/state_object.hpp"

#include <algorithm>
#include <tuple>

namespace ratekit::serve {

using store::statement;

std::optional<int64_t> player_id(store::database& db, const competition& c, const std::string& name) {
  statement s = db.prepare("SELECT id FROM players WHERE competition_id = ?1 AND name = ?2");
  s.bind(1, c.id).bind(2, std::string_view(name));
  return s.step() ? std::optional<int64_t>(s.integer(0)) : std::nullopt;
}

std::vector<history_entry> rating_history(store::database& db, const competition& c, int64_t player) {
  statement s = db.prepare("SELECT period_id, rating, change, games, state FROM ratings WHERE player_id = ?1");
  s.bind(1, player);
  std::vector<std::pair<size_t, history_entry>> found;
  while (s.step()) {
    const auto at = c.position.find(s.integer(0));
    if (at == c.position.end()) continue;
    history_entry e{&c.periods[at->second], s.number(1), s.number(2), s.integer(3), {}};
    if (!s.is_null(4)) e.state = store::read_state_object(s.text(4), db, "table ratings, state");
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
      "SELECT g.period_id, g.run_id, g.seq, o.name, g.score_a, g.expected_a, g.k_a, g.change_a, g.rating_a, g.rating_b "
      "FROM games g JOIN players o ON o.id = g.player_b WHERE g.player_a = ?1 UNION ALL "
      "SELECT g.period_id, g.run_id, g.seq, o.name, 1 - g.score_a, g.expected_b, g.k_b, g.change_b, g.rating_b, g.rating_a "
      "FROM games g JOIN players o ON o.id = g.player_a WHERE g.player_b = ?1");
  s.bind(1, player);
  std::vector<std::tuple<size_t, game_record>> all;
  while (s.step()) {
    const auto at = c.position.find(s.integer(0));
    if (at == c.position.end()) continue;
    game_record g{&c.periods[at->second], s.integer(1), s.integer(2), std::string(s.text(3)), s.number(4),
                  s.number(5), s.number(6), s.number(7), s.number(8), s.number(9)};
    all.emplace_back(at->second, std::move(g));
  }
  std::sort(all.begin(), all.end(), [](const auto& x, const auto& y) {
    const auto& [px, gx] = x;
    const auto& [py, gy] = y;
    return std::tie(py, gy.run, gy.seq) < std::tie(px, gx.run, gx.seq);
  });
  game_page page{int64_t(all.size()), {}};
  for (int64_t i = skip; i < int64_t(all.size()) && i < skip + count; ++i) page.games.push_back(std::get<1>(all[size_t(i)]));
  return page;
}

}  // namespace ratekit::serve
