// The JSON API's routes (the OpenAPI document in openapi.cpp describes each).
#include "serve/api_json.hpp"
#include "serve/http_reply.hpp"

#include <ratekit/host/config/config.hpp>
#include <ratekit/host/text/escape.hpp>
#include <ratekit/host/text/format.hpp>

#include <cmath>

namespace ratekit::serve {

json date_json(int32_t date) { return date == 0 ? json() : json(iso_date(date)); }

json number_json(double v) { return std::isnan(v) ? json() : json(v); }

json player_json(const rating_list& list, size_t position) {
  const size_t row = list.order[position];
  json j{{"rank", list.rank[position]}, {"player", list.players.name(list.rows.ids[row])}};
  for (const auto& f : list.fields) j[f] = number_json(list.value(row, f));
  const double games = list.value(row, "games");  // whole, kept as a double by the list
  j["games"] = std::isnan(games) ? json() : json(int64_t(games));
  j["peak"] = number_json(list.value(row, "peak"));
  if (const double last = list.value(row, "last_played"); last > 0) j["last_played"] = iso_date(int32_t(last));
  if (!list.categories.empty()) j["category"] = category_of(list.categories, list.value(row, "rating"));
  return j;
}

namespace {

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
  const bool categories = !list.categories.empty();
  for (const auto& [column, shown] : {std::pair{",last_played", last_played}, std::pair{",birth_year", births},
                                      std::pair{",federation", p.federation.any()}, std::pair{",id", p.external_id.any()},
                                      std::pair{",category", categories}})
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
    if (categories) append_csv_field((out += ','), category_of(list.categories, list.value(row, "rating")));
    out += '\n';
  }
  return out;
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
  else if (path.size() == 4 && what == "ratings")
    send(req, res, *r.list_page(req.target, [&] { return json_text(ratings_json(r, *c, req.params)); }),
         "application/json", modified);
  else if (path.size() == 4 && (what == "expect" || what == "head-to-head"))
    send(req, res, json_text(what == "expect" ? expect_json(s, r, *c, req.params) : head_to_head_json(r, *c, req.params)),
         "application/json", modified);
  else if (path.size() >= 5 && what == "players" &&
           (path.size() == 5 || path[5] == "history" || path[5] == "games" || path[5] == "events"))
    send(req, res, json_text(player_routes(r, *c, path, req.params)), "application/json", modified);
  else
    return false;
  return true;
}

}  // namespace ratekit::serve
