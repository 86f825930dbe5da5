// The JSON API's routes of players: one now, his rating history, his games and
// events (ranked events and team matches), and two players' head-to-head.
#include "serve/api_json.hpp"
#include "serve/player_records.hpp"

#include <ratekit/host/text/format.hpp>

#include <cmath>

namespace ratekit::serve {

namespace {

json history_json(store::database& db, const competition& c, const std::string& name, int64_t id) {
  json points = json::array();
  for (const auto& e : rating_history(db, c, id, name)) {
    json point{{"date", date_json(e.at->date)}, {"period", e.at->label}, {"rating", e.rating}, {"change", e.change},
               {"games", e.games}};
    for (const auto& [field, v] : e.state) point[field] = number_json(v);
    points.push_back(std::move(point));
  }
  return {{"player", name}, {"points", points}};
}

json game_json(const game_record& g) {
  return {{"date", date_json(g.at->date)}, {"period", g.at->label}, {"opponent", g.opponent},
          {"score", g.score}, {"expected", number_json(g.expected)}, {"k", number_json(g.k)},
          {"change", number_json(g.change)}, {"rating_before", number_json(g.rating_before)},
          {"opponent_before", number_json(g.opponent_before)}};
}

json event_json(const event_record& e) {
  return {{"date", date_json(e.at->date)}, {"period", e.at->label}, {"rank", e.rank},
          {"expected", number_json(e.expected)}, {"weight", number_json(e.weight)}, {"change", number_json(e.change)},
          {"rating_before", number_json(e.rating_before)}, {"skipped", e.skipped},
          {"team", e.team.empty() ? json() : json(e.team)}};
}

struct page_request {
  int64_t page = 1, per_page = default_per_page;
  int64_t skip() const { return (page - 1) * per_page; }
};

page_request read_page(const query_params& params) {
  return {whole_parameter(params, "page", 1, 1, 1'000'000'000),
          whole_parameter(params, "per_page", default_per_page, 1, max_per_page)};
}

int64_t id_named(store::database& db, const competition& c, const std::string& name) {
  const auto id = player_id(db, c, name);
  if (!id) throw not_found("no such player in this competition");
  return *id;
}

}  // namespace

size_t row_named(const rating_list& list, const std::string& player) {
  const long row = list.find(player);
  if (row < 0) throw not_found("no such player in this competition");
  return size_t(row);
}

json player_routes(reading& r, const competition& c, const std::vector<std::string>& path, const query_params& params) {
  const std::string& name = path[4];
  store::database& db = r.db();
  if (path.size() == 5) {
    const auto now = r.list(c, 0);
    return player_json(*now, now->position[row_named(*now, name)]);
  }
  const int64_t id = id_named(db, c, name);
  if (path[5] == "history") return history_json(db, c, name, id);
  const page_request p = read_page(params);
  json rows = json::array();
  int64_t total = 0;
  if (path[5] == "games") {
    const game_page games = games_of(db, c, id, p.skip(), p.per_page);
    for (const auto& g : games.games) rows.push_back(game_json(g));
    total = games.total;
  } else {
    const event_page events = events_of(db, c, id, p.skip(), p.per_page);
    for (const auto& e : events.events) rows.push_back(event_json(e));
    total = events.total;
  }
  return {{"player", name}, {"total", total}, {"page", p.page}, {"per_page", p.per_page}, {path[5], rows}};
}

json head_to_head_json(reading& r, const competition& c, const query_params& params) {
  const std::string* a = parameter(params, "a");
  const std::string* b = parameter(params, "b");
  if (!a || !b) throw bad_request("expected the players a and b");
  store::database& db = r.db();
  const int64_t id_a = id_named(db, c, *a);
  id_named(db, c, *b);  // a 404 for an unknown B, not an empty answer
  const page_request p = read_page(params);
  json meetings = json::array();
  int64_t total = 0, a_wins = 0, draws = 0, b_wins = 0;
  double a_score = 0, a_expected = 0;
  for (const auto& g : games_of(db, c, id_a, 0, INT64_MAX).games) {
    if (g.opponent != *b) continue;
    (g.score > 0.5 ? a_wins : g.score < 0.5 ? b_wins : draws) += 1;
    a_score += g.score;
    if (!std::isnan(g.expected)) a_expected += g.expected;
    if (total >= p.skip() && total < p.skip() + p.per_page) meetings.push_back(game_json(g));
    ++total;
  }
  return {{"a", *a}, {"b", *b}, {"games", total}, {"a_wins", a_wins}, {"draws", draws}, {"b_wins", b_wins},
          {"a_score", a_score}, {"a_expected", a_expected}, {"page", p.page}, {"per_page", p.per_page},
          {"meetings", meetings}};
}

}  // namespace ratekit::serve
