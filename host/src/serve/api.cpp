// The JSON API's routes (the OpenAPI document in openapi.cpp describes each).
#include "serve/site.hpp"

#include "serve/http_reply.hpp"
#include "serve/player_records.hpp"

#include <ratekit/host/text/escape.hpp>
#include <ratekit/host/text/format.hpp>

#include <nlohmann/json.hpp>

#include <cmath>

namespace ratekit::serve {

namespace {

using json = nlohmann::ordered_json;

json date_json(int32_t date) { return date == 0 ? json() : json(iso_date(date)); }

json number_json(double v) { return std::isnan(v) ? json() : json(v); }

// {"rank", "player", "rating", <state fields>, "games", "peak"} of the list's row at `position`.
json player_json(const rating_list& list, size_t position) {
  const size_t row = list.order[position];
  json j{{"rank", list.rank[position]}, {"player", list.players.name(list.rows.ids[row])}};
  for (const auto& f : list.fields) j[f] = number_json(list.value(row, f));
  const double games = list.value(row, "games");  // whole, kept as a double by the list
  j["games"] = std::isnan(games) ? json() : json(int64_t(games));
  j["peak"] = number_json(list.value(row, "peak"));
  if (const double last = list.value(row, "last_played"); last > 0) j["last_played"] = iso_date(int32_t(last));
  return j;
}

json competitions_json(reading& r) {
  json all = json::array();
  for (const auto& name : competition_names(r.db())) {
    const auto c = r.competition_named(name, true);
    all.push_back({{"competition", c->name}, {"model", c->model}, {"players", c->players}, {"games", c->games},
                   {"first", c->periods.empty() ? json() : date_json(c->periods.front().date)},
                   {"last", c->periods.empty() ? json() : date_json(c->periods.back().date)}});
  }
  return {{"competitions", all}};
}

json ratings_json(reading& r, const competition& c, const query_params& params) {
  const list_request request = read_list_request(params);
  const auto kept = r.list(c, request.as_of);
  const rating_list& list = *kept;
  const list_page page = page_of(list, request);
  json players = json::array();
  for (const size_t position : page.positions) players.push_back(player_json(list, position));
  return {{"as_of", request.as_of != 0 ? date_json(request.as_of) : date_json(list.date)},
          {"period", list.period.empty() ? json() : json(list.period)},
          {"total", page.total},
          {"page", request.page},
          {"per_page", request.per_page},
          {"players", players}};
}

// ratings.csv's columns: player, the state fields, games, peak, last_played and the facts the list has.
std::string ratings_csv(reading& r, const competition& c, const query_params& params) {
  const auto kept = r.list(c, date_parameter(params, "as_of"));
  const rating_list& list = *kept;
  const bool last_played = list.rows.column("last_played") >= 0;
  const auto& p = list.players;
  const bool births = std::any_of(p.birth_year.begin(), p.birth_year.end(), [](double v) { return !std::isnan(v); });
  std::string out = "player";
  for (const auto& f : list.fields) (out += ',') += f;
  out += ",games,peak";
  for (const auto& [column, shown] : {std::pair{",last_played", last_played}, std::pair{",birth_year", births},
                                      std::pair{",federation", p.federation.any()}, std::pair{",id", p.external_id.any()}})
    if (shown) out += column;
  out += '\n';
  for (const size_t row : list.order) {
    const int32_t id = list.rows.ids[row];
    append_csv_field(out, p.name(id));
    for (const auto& f : list.fields) append_number((out += ','), list.value(row, f));
    append_number((out += ','), list.value(row, "games"));
    append_number((out += ','), list.value(row, "peak"));
    if (last_played) out += ',';
    if (const double last = list.value(row, "last_played"); last > 0) out += iso_date(int32_t(last));
    if (births) append_number((out += ','), p.birth_year[size_t(id)]);
    if (p.federation.any()) append_csv_field((out += ','), p.federation[size_t(id)]);
    if (p.external_id.any()) append_csv_field((out += ','), p.external_id[size_t(id)]);
    out += '\n';
  }
  return out;
}

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
  const auto id = player_id(db, c, name);
  if (!id) throw not_found("no such player in this competition");
  if (path[5] == "history") {
    json points = json::array();
    for (const auto& e : rating_history(db, c, *id)) {
      json point{{"date", date_json(e.at->date)}, {"period", e.at->label}, {"rating", e.rating}, {"change", e.change},
                 {"games", e.games}};
      for (const auto& [field, v] : e.state) point[field] = number_json(v);
      points.push_back(std::move(point));
    }
    return {{"player", name}, {"points", points}};
  }
  const int64_t page = whole_parameter(params, "page", 1, 1, 1'000'000'000);
  const int64_t per_page = whole_parameter(params, "per_page", default_per_page, 1, max_per_page);
  const game_page games = games_of(db, c, *id, (page - 1) * per_page, per_page);
  json rows = json::array();
  for (const auto& g : games.games)
    rows.push_back({{"date", date_json(g.at->date)}, {"period", g.at->label}, {"opponent", g.opponent},
                    {"score", g.score}, {"expected", number_json(g.expected)}, {"k", number_json(g.k)},
                    {"change", number_json(g.change)}, {"rating_before", number_json(g.rating_before)},
                    {"opponent_before", number_json(g.opponent_before)}});
  return {{"player", name}, {"total", games.total}, {"page", page}, {"per_page", per_page}, {"games", rows}};
}

json expect_json(const site& s, reading& r, const competition& c, const query_params& params) {
  const std::string* a = parameter(params, "a");
  const std::string* b = parameter(params, "b");
  if (!a || !b) throw bad_request("expected the players a and b");
  const auto now = r.list(c, 0);
  const double e = expected_score(s.plugins, c, *now, row_named(*now, *a), row_named(*now, *b));
  if (!(e >= 0 && e <= 1)) throw std::runtime_error("the model's plugin gave no expected score");
  return {{"model", c.model}, {"a", *a}, {"b", *b}, {"expected", e}};
}

}  // namespace

bool answer_api(const site& s, const std::vector<std::string>& path, const httplib::Request& req,
                httplib::Response& res) {
  if (path.empty() || path[0] != "api") return false;
  if (path.size() == 2 && path[1] == "openapi.json") {
    send(req, res, openapi_document(s.base), "application/json", "");
    return true;
  }
  if (path.size() < 2 || path[1] != "competitions" || path.size() == 3 || path.size() > 6) return false;
  reading r(s);
  const std::string& modified = r.last_modified();
  if (path.size() == 2) {
    send(req, res, json_text(competitions_json(r)), "application/json", modified);
    return true;
  }
  const auto c = r.competition_named(path[2]);
  const std::string& what = path[3];
  if (path.size() == 4 && what == "ratings.csv")
    send(req, res, ratings_csv(r, *c, req.params), "text/csv; charset=utf-8", modified);
  else if (path.size() == 4 && (what == "ratings" || what == "expect"))
    send(req, res, json_text(what == "ratings" ? ratings_json(r, *c, req.params) : expect_json(s, r, *c, req.params)),
         "application/json", modified);
  else if (path.size() >= 5 && what == "players" && (path.size() == 5 || path[5] == "history" || path[5] == "games"))
    send(req, res, json_text(player_routes(r, *c, path, req.params)), "application/json", modified);
  else
    return false;
  return true;
}

}  // namespace ratekit::serve
