// The OpenAPI 3 document of the JSON API: what clients, and the tests, hold the answers to.
#include "serve/site.hpp"

#include <ratekit/host/text/escape.hpp>

#include <nlohmann/json.hpp>

namespace ratekit::serve {

namespace {

using json = nlohmann::ordered_json;

json ref(const char* schema) { return {{"$ref", std::string("#/components/schemas/") + schema}}; }

json nullable(const char* type) { return {{"type", type}, {"nullable", true}}; }

json parameter(const char* name, const char* in, json schema, const char* what) {
  return {{"name", name}, {"in", in}, {"required", std::string(in) == "path"}, {"schema", std::move(schema)},
          {"description", what}};
}

json answer(const char* what, json schema, const char* type = "application/json") {
  return {{"200", {{"description", what}, {"content", {{type, {{"schema", std::move(schema)}}}}}}},
          {"304", {{"description", "the copy whose ETag If-None-Match names is current"}}},
          {"400", {{"description", "a parameter is malformed"}, {"content", {{"application/json", {{"schema", ref("Error")}}}}}}},
          {"404", {{"description", "no such competition or player"}, {"content", {{"application/json", {{"schema", ref("Error")}}}}}}}};
}

json object(json properties, json required, bool more_numbers = false) {
  json o{{"type", "object"}, {"properties", std::move(properties)}, {"required", std::move(required)}};
  o["additionalProperties"] = more_numbers ? json(nullable("number")) : json(false);
  return o;
}

json schemas() {
  const json integer{{"type", "integer"}}, number{{"type", "number"}}, text{{"type", "string"}};
  const json date{{"type", "string"}, {"format", "date"}, {"nullable", true}};
  return {
      {"Error", object({{"error", text}}, {"error"})},
      {"Competitions", object({{"competitions", {{"type", "array"}, {"items", ref("Competition")}}}}, {"competitions"})},
      {"Competition", object({{"competition", text}, {"model", text}, {"players", integer}, {"games", integer},
                              {"first", date}, {"last", date}},
                             {"competition", "model", "players", "games", "first", "last"})},
      // The model's other state fields (rd, volatility, rated, ...) are further numbers.
      {"ListedPlayer", object({{"rank", integer}, {"player", text}, {"rating", number}, {"games", nullable("integer")},
                               {"peak", nullable("number")}, {"last_played", date}, {"category", text}},
                              {"rank", "player", "rating", "games", "peak"}, true)},
      {"RatingList", object({{"as_of", date}, {"period", nullable("string")}, {"total", integer}, {"page", integer},
                             {"per_page", integer}, {"players", {{"type", "array"}, {"items", ref("ListedPlayer")}}}},
                            {"as_of", "period", "total", "page", "per_page", "players"})},
      {"HistoryPoint", object({{"date", date}, {"period", text}, {"rating", number}, {"change", number}, {"games", integer}},
                              {"date", "period", "rating", "change", "games"}, true)},
      {"History", object({{"player", text}, {"points", {{"type", "array"}, {"items", ref("HistoryPoint")}}}},
                         {"player", "points"})},
      {"Game", object({{"date", date}, {"period", text}, {"opponent", text}, {"score", number},
                       {"expected", nullable("number")}, {"k", nullable("number")}, {"change", nullable("number")},
                       {"rating_before", nullable("number")}, {"opponent_before", nullable("number")}},
                      {"date", "period", "opponent", "score", "expected", "k", "change", "rating_before", "opponent_before"})},
      {"Games", object({{"player", text}, {"total", integer}, {"page", integer}, {"per_page", integer},
                        {"games", {{"type", "array"}, {"items", ref("Game")}}}},
                       {"player", "total", "page", "per_page", "games"})},
      {"Event", object({{"date", date}, {"period", text}, {"rank", number}, {"expected", nullable("number")},
                        {"weight", nullable("number")}, {"change", nullable("number")},
                        {"rating_before", nullable("number")}, {"skipped", {{"type", "boolean"}}}, {"team", nullable("string")}},
                       {"date", "period", "rank", "expected", "weight", "change", "rating_before", "skipped", "team"})},
      {"Events", object({{"player", text}, {"total", integer}, {"page", integer}, {"per_page", integer},
                         {"events", {{"type", "array"}, {"items", ref("Event")}}}},
                        {"player", "total", "page", "per_page", "events"})},
      {"HeadToHead", object({{"a", text}, {"b", text}, {"games", integer}, {"a_wins", integer}, {"draws", integer},
                             {"b_wins", integer}, {"a_score", number}, {"a_expected", number}, {"page", integer},
                             {"per_page", integer}, {"meetings", {{"type", "array"}, {"items", ref("Game")}}}},
                            {"a", "b", "games", "a_wins", "draws", "b_wins", "a_score", "a_expected", "page", "per_page",
                             "meetings"})},
      {"Expectation", object({{"model", text}, {"a", text}, {"b", text}, {"expected", number}}, {"model", "a", "b", "expected"})}};
}

json paths() {
  const json competition = parameter("c", "path", {{"type", "string"}}, "the competition");
  const json player = parameter("p", "path", {{"type", "string"}}, "the player's name, URL-encoded");
  const json as_of = parameter("as_of", "query", {{"type", "string"}, {"format", "date"}},
                               "the list after the last period on or before this date (default: now)");
  const json page = parameter("page", "query", {{"type", "integer"}, {"minimum", 1}}, "the page, from 1");
  const json per_page = parameter("per_page", "query", {{"type", "integer"}, {"minimum", 1}},
                                  "players or games a page (default 50; more than 500 is served 500)");
  json list_parameters{competition, as_of,
                       parameter("sort", "query", {{"type", "string"}}, "rank, player, rating, a state field, games or peak"),
                       parameter("order", "query", {{"type", "string"}, {"enum", {"asc", "desc"}}}, "the order"),
                       page, per_page,
                       parameter("q", "query", {{"type", "string"}}, "a prefix of the name or of a word of it, case and accents aside"),
                       parameter("min_games", "query", {{"type", "integer"}, {"minimum", 0}}, "only players with this many games"),
                       parameter("category", "query", {{"type", "string"}}, "only players of this category (the config's labels)"),
                       parameter("active_since", "query", {{"type", "string"}, {"format", "date"}},
                                 "only players who played in a period counted on or after this date")};
  const auto get = [](const char* summary, json parameters, json responses) {
    return json{{"get", {{"summary", summary}, {"parameters", std::move(parameters)}, {"responses", std::move(responses)}}}};
  };
  return {
      {"/api/competitions", get("the competitions", json::array(), answer("the competitions", ref("Competitions")))},
      {"/api/competitions/{c}/ratings", get("a rating list", list_parameters, answer("a page of the list", ref("RatingList")))},
      {"/api/competitions/{c}/ratings.csv",
       get("the whole list as CSV, as ratings.csv's columns", json{competition, as_of},
           answer("the list", {{"type", "string"}}, "text/csv"))},
      {"/api/competitions/{c}/players/{p}",
       get("the player now", json{competition, player}, answer("the player", ref("ListedPlayer")))},
      {"/api/competitions/{c}/players/{p}/history",
       get("his rating after each period he played", json{competition, player}, answer("his history", ref("History")))},
      {"/api/competitions/{c}/players/{p}/games",
       get("his games, newest first", json{competition, player, page, per_page}, answer("a page of his games", ref("Games")))},
      {"/api/competitions/{c}/players/{p}/events",
       get("his ranked events and team matches, newest first", json{competition, player, page, per_page},
           answer("a page of his events", ref("Events")))},
      {"/api/competitions/{c}/head-to-head",
       get("A's games against B, newest first, and their sums",
           json{competition, parameter("a", "query", {{"type", "string"}}, "player A"),
                parameter("b", "query", {{"type", "string"}}, "player B"), page, per_page},
           answer("their games", ref("HeadToHead")))},
      {"/api/competitions/{c}/expect",
       get("A's expected score against B from their current states",
           json{competition, parameter("a", "query", {{"type", "string"}}, "player A"),
                parameter("b", "query", {{"type", "string"}}, "player B")},
           answer("the expected score", ref("Expectation")))}};
}

}  // namespace

std::string openapi_document(const std::string& base) {
  const json document{{"openapi", "3.0.3"},
                      {"info", {{"title", "ratekit rating lists"}, {"version", RATEKIT_VERSION}}},
                      {"servers", {{{"url", base.empty() ? "/" : base}}}},
                      {"paths", paths()},
                      {"components", {{"schemas", schemas()}}}};
  return json_text(document, 1);
}

}  // namespace ratekit::serve
