// `ratekit serve`'s head-to-head, the list's category and activity filters, and
// the events of ranked-event and team competitions, each against the input the
// runs read (the World Cup's games, a standings file, a team file).
#include "serve/serve_support.hpp"

#include <set>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_serve_filters {

using namespace ratekit::testing;

namespace {

// The World Cup's games, as the cup's run read them.
const csv_table& world_cup() {
  static const csv_table games = parse_csv(read_text(source_path("data/football/world_cup_1930_2022.csv")));
  return games;
}

std::set<std::string> names_of(const json& list) {
  std::set<std::string> names;
  for (const auto& p : list["players"]) names.insert(p["player"].get<std::string>());
  return names;
}

}  // namespace

TEST_CASE("serve: head-to-head sums A's games against B, newest first", "[serve]") {
  const test_server server(recorded().db());
  int64_t games = 0, a_wins = 0, draws = 0, b_wins = 0;
  double a_score = 0;
  std::string last;
  for (const auto& g : world_cup().rows) {
    const bool a_first = g.at("player_a") == "Brazil" && g.at("player_b") == "Germany";
    if (!a_first && !(g.at("player_a") == "Germany" && g.at("player_b") == "Brazil")) continue;
    const double score = a_first ? number(g.at("score_a")) : 1 - number(g.at("score_a"));
    ++games;
    (score > 0.5 ? a_wins : score < 0.5 ? b_wins : draws) += 1;
    a_score += score;
    last = std::max(last, g.at("date"));
  }
  REQUIRE(games >= 2);
  const json h = server.get_json("/api/competitions/cup/head-to-head?a=Brazil&b=Germany");
  CHECK(h["games"] == games);
  CHECK(h["a_wins"] == a_wins);
  CHECK(h["draws"] == draws);
  CHECK(h["b_wins"] == b_wins);
  CHECK(h["a_score"].get<double>() == a_score);
  CHECK(h["a_expected"].get<double>() > 0);
  CHECK(h["a_expected"].get<double>() < double(games));
  REQUIRE(h["meetings"].size() == size_t(games));
  CHECK(h["meetings"][0]["period"] == last.substr(0, 4));  // yearly periods: the newest first
  for (const auto& m : h["meetings"]) CHECK(m["opponent"] == "Germany");
  // From B's side the same games, the scores turned round.
  const json back = server.get_json("/api/competitions/cup/head-to-head?a=Germany&b=Brazil");
  CHECK(back["a_wins"] == b_wins);
  CHECK(back["b_wins"] == a_wins);
  CHECK(back["a_score"].get<double>() == double(games) - a_score);
  CHECK(server.get_json("/api/competitions/cup/head-to-head?a=Brazil&b=Germany&per_page=1&page=2")["meetings"][0] ==
        h["meetings"][1]);
  CHECK(server.get("/api/competitions/cup/head-to-head?a=Brazil")->status == 400);
  CHECK(server.get("/api/competitions/cup/head-to-head?a=Brazil&b=Atlantis")->status == 404);
}

TEST_CASE("serve: the list's category filter keeps the players whose rating is in its range", "[serve]") {
  const test_server server(recorded().db());
  const json all = server.get_json("/api/competitions/cup/ratings?per_page=500");
  const std::vector<std::pair<std::string, std::pair<double, double>>> ranges{
      {"minnow", {0, 1500}}, {"contender", {1500, 1750}}, {"favourite", {1750, INFINITY}}};
  size_t seen = 0;
  for (const auto& [label, range] : ranges) {
    std::set<std::string> expected;
    for (const auto& p : all["players"]) {
      const double rating = p["rating"];
      if (rating >= range.first && rating < range.second) expected.insert(p["player"].get<std::string>());
      if (rating >= range.first && rating < range.second) CHECK(p["category"] == label);
    }
    const json kept = server.get_json("/api/competitions/cup/ratings?per_page=500&category=" + label);
    INFO(label);
    CHECK(!expected.empty());
    CHECK(names_of(kept) == expected);
    CHECK(kept["total"] == expected.size());
    seen += expected.size();
  }
  CHECK(seen == all["players"].size());
  const auto unknown = server.get("/api/competitions/cup/ratings?category=giant");
  CHECK(unknown->status == 400);
  CHECK(unknown->body.find("minnow, contender, favourite") != std::string::npos);
  CHECK(server.get("/api/competitions/club/ratings?category=minnow")->status == 400);  // the club has none
}

TEST_CASE("serve: the list's active_since keeps the players who played on or after the date", "[serve]") {
  const test_server server(recorded().db());
  // Teams of the finals in [from, to]: the cup's periods are years, counted at their last day.
  const auto played = [](const std::string& from, const std::string& to) {
    std::set<std::string> teams;
    for (const auto& g : world_cup().rows)
      if (g.at("date") >= from && g.at("date") <= to) teams.insert({g.at("player_a"), g.at("player_b")});
    return teams;
  };
  const std::set<std::string> recent = played("2018-01-01", "2022-12-31");
  CHECK(names_of(server.get_json("/api/competitions/cup/ratings?per_page=500&active_since=2018-01-01")) == recent);
  // As of a date before the last period: the list of that time, his activity up to it.
  const std::set<std::string> then = played("2010-01-01", "2014-12-31");
  CHECK(names_of(server.get_json("/api/competitions/cup/ratings?per_page=500&as_of=2015-06-30&active_since=2010-01-01")) ==
        then);
  CHECK(then != recent);
  CHECK(server.get("/api/competitions/cup/ratings?active_since=2018-13-01")->status == 400);
}

TEST_CASE("serve: a ranked event's or team match's entrants have their events, newest first", "[serve]") {
  temp_dir dir;
  write_text(dir / "races.csv", "event,date,player,rank\nSpring,2024-03-01,Ann,1\nSpring,2024-03-01,Bob,2\n"
                                "Spring,2024-03-01,Cid,3\nSummer,2024-06-01,Bob,1\nSummer,2024-06-01,Ann,2\n");
  write_text(dir / "races.yaml", "competition: races\nmodel: elo-multiplayer\ninput: { format: standings-csv, path: races.csv }\n"
                                 "period: event\noutput: { dir: races-out, database: ratings.db }\n");
  write_text(dir / "matches.csv", "match,date,team,player,rank,weight\nM1,2024-01-05,red,Ann,1,\nM1,2024-01-05,red,Bob,1,\n"
                                  "M1,2024-01-05,blue,Cid,2,\nM1,2024-01-05,blue,Dan,2,0.5\nM2,2024-01-09,gold,Ann,2,\n"
                                  "M2,2024-01-09,gold,Cid,2,\nM2,2024-01-09,grey,Bob,1,\nM2,2024-01-09,grey,Dan,1,\n");
  write_text(dir / "matches.yaml", "competition: matches\nmodel: trueskill\ninput: { format: team-csv, path: matches.csv }\n"
                                   "period: event\noutput: { dir: matches-out, database: ratings.db }\n");
  for (const char* config : {"races.yaml", "matches.yaml"}) {
    const auto r = run_cli(std::string("run ") + config, "cd " + dir.path().string() + " && ");
    INFO(r.out);
    REQUIRE(r.status == 0);
  }
  const test_server server(dir / "ratings.db");
  const json document = server.get_json("/api/openapi.json");
  const json schema = document["paths"]["/api/competitions/{c}/players/{p}/events"]["get"]["responses"]["200"]["content"]
                                ["application/json"]["schema"];
  const json ann = server.get_json("/api/competitions/races/players/Ann/events");
  CHECK(schema_problem(document, schema, ann, "answer") == "");
  REQUIRE(ann["total"] == 2);
  CHECK(ann["events"][0]["period"] == "Summer");
  CHECK(ann["events"][0]["rank"] == 2);
  CHECK(ann["events"][1]["period"] == "Spring");
  CHECK(ann["events"][1]["rank"] == 1);
  CHECK(ann["events"][1]["team"].is_null());
  CHECK(server.get_json("/api/competitions/races/players/Cid/events")["total"] == 1);
  CHECK(server.get_json("/api/competitions/races/players/Ann/games")["total"] == 0);
  const json dan = server.get_json("/api/competitions/matches/players/Dan/events");
  CHECK(schema_problem(document, schema, dan, "answer") == "");
  REQUIRE(dan["total"] == 2);
  CHECK(dan["events"][0]["team"] == "grey");
  CHECK(dan["events"][0]["rank"] == 1);
  CHECK(dan["events"][1]["team"] == "blue");
  CHECK(dan["events"][1]["rank"] == 2);
  CHECK(dan["events"][1]["weight"] == 0.5);
  // His page lists them, newest first.
  const std::string page = server.get("/competitions/matches/players/Dan")->body;
  const size_t events = page.find("<h2>Events</h2>");
  REQUIRE(events != std::string::npos);
  CHECK(page.find("grey", events) < page.find("blue", events));
}

}  // namespace test_serve_filters
