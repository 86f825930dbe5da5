// `ratekit serve`'s JSON API against the OpenAPI document it serves and
// against ratings.csv and history.csv of the runs that recorded its database.
#include "serve/serve_support.hpp"

#include <algorithm>
#include <cmath>
#include <set>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_serve_api {

using namespace ratekit::testing;

namespace {

csv_table csv_of(const std::filesystem::path& file) { return parse_csv(read_text(file)); }

// history.csv's rows of `player`, in the file's order.
std::vector<std::map<std::string, std::string>> rows_of(const csv_table& history, const std::string& player) {
  std::vector<std::map<std::string, std::string>> rows;
  for (const auto& row : history.rows)
    if (row.at("player") == player) rows.push_back(row);
  return rows;
}

}  // namespace

TEST_CASE("serve: every route's answer fits the OpenAPI document it serves", "[serve]") {
  const test_server server(recorded().db());
  const json document = server.get_json("/api/openapi.json");
  CHECK(document["openapi"].get<std::string>().rfind("3.", 0) == 0);
  const std::set<std::string> routes{"/api/competitions", "/api/competitions/{c}/ratings",
                                     "/api/competitions/{c}/ratings.csv", "/api/competitions/{c}/players/{p}",
                                     "/api/competitions/{c}/players/{p}/history", "/api/competitions/{c}/players/{p}/games",
                                     "/api/competitions/{c}/players/{p}/events", "/api/competitions/{c}/head-to-head",
                                     "/api/competitions/{c}/expect"};
  std::set<std::string> documented;
  for (const auto& [path, item] : document["paths"].items()) documented.insert(path);
  CHECK(documented == routes);
  const std::vector<std::pair<std::string, std::string>> asked{
      {"/api/competitions", "/api/competitions"},
      {"/api/competitions/{c}/ratings", "/api/competitions/cup/ratings"},
      {"/api/competitions/{c}/ratings", "/api/competitions/club/ratings?as_of=2024-01-31&sort=player&q=%C3%A9m"},
      {"/api/competitions/{c}/ratings", "/api/competitions/cup/ratings?as_of=1900-01-01"},
      {"/api/competitions/{c}/players/{p}", "/api/competitions/cup/players/Brazil"},
      {"/api/competitions/{c}/players/{p}", "/api/competitions/club/players/Short%2C%20Nigel"},
      {"/api/competitions/{c}/players/{p}/history", "/api/competitions/cup/players/Brazil/history"},
      {"/api/competitions/{c}/players/{p}/history", "/api/competitions/club/players/A%2FB%20Team/history"},
      {"/api/competitions/{c}/players/{p}/games", "/api/competitions/cup/players/Brazil/games?per_page=7&page=2"},
      {"/api/competitions/{c}/players/{p}/events", "/api/competitions/cup/players/Brazil/events"},
      {"/api/competitions/{c}/head-to-head", "/api/competitions/cup/head-to-head?a=Brazil&b=Germany&per_page=3"},
      {"/api/competitions/{c}/expect", "/api/competitions/cup/expect?a=Brazil&b=Germany"},
      {"/api/competitions/{c}/expect", "/api/competitions/club/expect?a=A%2FB%20Team&b=%C3%89mile%20Zola"}};
  for (const auto& [route, target] : asked) {
    const json answer = server.get_json(target);
    const json schema = document["paths"][route]["get"]["responses"]["200"]["content"]["application/json"]["schema"];
    INFO(target << ": " << answer.dump());
    CHECK(schema_problem(document, schema, answer, "answer") == "");
  }
  // An error has the documented shape too, and the document's checker catches what does not fit.
  const auto missing = server.get("/api/competitions/none/ratings");
  CHECK(missing->status == 404);
  const json error = document["paths"]["/api/competitions/{c}/ratings"]["get"]["responses"]["404"]["content"]["application/json"]["schema"];
  CHECK(schema_problem(document, error, json::parse(missing->body), "error") == "");
  const json list_schema = document["paths"]["/api/competitions/{c}/ratings"]["get"]["responses"]["200"]["content"]["application/json"]["schema"];
  json wrong = server.get_json("/api/competitions/cup/ratings");
  wrong["players"][0]["rank"] = "1";
  CHECK(schema_problem(document, list_schema, wrong, "answer") != "");
  wrong.erase("as_of");
  CHECK(schema_problem(document, list_schema, wrong, "answer") != "");
}

TEST_CASE("serve: the list is the run's ratings.csv, in its order, and ratings.csv is its bytes", "[serve]") {
  const test_server server(recorded().db());
  for (const auto& [competition, out] : {std::pair{"cup", "cup-out"}, std::pair{"club", "club-feb"}}) {
    const csv_table file = csv_of(recorded().dir / out / "ratings.csv");
    const json list = server.get_json(std::string("/api/competitions/") + competition + "/ratings?per_page=500");
    REQUIRE(list["total"] == file.rows.size());
    REQUIRE(list["players"].size() == file.rows.size());
    for (size_t i = 0; i < file.rows.size(); ++i) {
      const auto& row = file.rows[i];
      const json& p = list["players"][i];
      INFO(competition << " row " << i << ": " << p.dump());
      CHECK(p["player"] == row.at("player"));
      for (const auto& column : file.header)
        if (column == "category") CHECK(p[column] == row.at(column));  // the run's label of his rating
        else if (column != "player" && column != "last_played" && p.contains(column)) CHECK(p[column].get<double>() == number(row.at(column)));
      const auto higher = std::count_if(file.rows.begin(), file.rows.end(),
                                        [&](const auto& r) { return number(r.at("rating")) > number(row.at("rating")); });
      CHECK(p["rank"] == higher + 1);
    }
    const auto csv = server.get(std::string("/api/competitions/") + competition + "/ratings.csv");
    CHECK(csv->status == 200);
    CHECK(csv->get_header_value("Content-Type").rfind("text/csv", 0) == 0);
    CHECK(csv->body == read_text(recorded().dir / out / "ratings.csv"));
  }
  // The player's own answer is his row with his rank.
  const json brazil = server.get_json("/api/competitions/cup/players/Brazil");
  const auto rows = csv_of(recorded().dir / "cup-out" / "ratings.csv").rows;
  const auto row = std::find_if(rows.begin(), rows.end(), [](const auto& r) { return r.at("player") == "Brazil"; });
  REQUIRE(row != rows.end());
  CHECK(brazil["rating"].get<double>() == number(row->at("rating")));
  CHECK(brazil["rd"].get<double>() == number(row->at("rd")));
  CHECK(brazil["games"].get<double>() == number(row->at("games")));
  CHECK(brazil["peak"].get<double>() == number(row->at("peak")));
  CHECK(brazil["rank"] == (row - rows.begin()) + 1);
}

TEST_CASE("serve: a list as of a date is each player's rating after his last period on or before it", "[serve]") {
  const test_server server(recorded().db());
  const csv_table history = csv_of(recorded().dir / "cup-out" / "history.csv");
  struct expected_row {
    double rating = NAN, rd = NAN, games = 0, peak = -INFINITY;
  };
  std::map<std::string, expected_row> expected;
  for (const auto& row : history.rows) {
    if (std::stoi(row.at("period")) > 2006) continue;
    expected_row& e = expected[row.at("player")];
    e.rating = number(row.at("rating_after"));
    e.rd = number(row.at("rd_after"));
    e.games += 1;
    e.peak = std::max(e.peak, e.rating);
  }
  // 2010-06-10 lies in the 2010 period, which ends on 2010-12-31: the list after 2006.
  for (const char* date : {"2006-12-31", "2010-06-10"}) {
    const json list = server.get_json(std::string("/api/competitions/cup/ratings?per_page=500&as_of=") + date);
    CHECK(list["period"] == "2006");
    CHECK(list["as_of"] == date);
    REQUIRE(list["total"] == expected.size());
    double previous = INFINITY;
    for (const auto& p : list["players"]) {
      const expected_row& e = expected.at(p["player"].get<std::string>());
      INFO(p.dump());
      CHECK(p["rating"].get<double>() == e.rating);
      CHECK(p["rd"].get<double>() == e.rd);
      CHECK(p["games"].get<double>() == e.games);
      CHECK(p["peak"].get<double>() == e.peak);
      CHECK(p["rating"].get<double>() <= previous);
      previous = p["rating"].get<double>();
    }
  }
  // Before the first period nobody is listed; from the last one on, the list is now's.
  const json none = server.get_json("/api/competitions/cup/ratings?as_of=1930-12-30");
  CHECK(none["total"] == 0);
  CHECK(none["period"].is_null());
  CHECK(server.get_json("/api/competitions/cup/ratings?as_of=1930-12-31")["period"] == "1930");
  CHECK(server.get("/api/competitions/cup/ratings.csv?as_of=2030-01-01")->body ==
        read_text(recorded().dir / "cup-out" / "ratings.csv"));
  // The club's list at the end of January is January's run's ratings.csv.
  const csv_table january = csv_of(recorded().dir / "club-jan" / "ratings.csv");
  const json club = server.get_json("/api/competitions/club/ratings?as_of=2024-01-31");
  REQUIRE(club["players"].size() == january.rows.size());
  for (size_t i = 0; i < january.rows.size(); ++i) {
    CHECK(club["players"][i]["player"] == january.rows[i].at("player"));
    CHECK(club["players"][i]["rating"].get<double>() == number(january.rows[i].at("rating")));
    CHECK(club["players"][i]["rated"].get<double>() == number(january.rows[i].at("rated")));
  }
}

TEST_CASE("serve: a player's history and games are his rows of history.csv, newest games first", "[serve]") {
  const test_server server(recorded().db());
  const csv_table history = csv_of(recorded().dir / "cup-out" / "history.csv");
  const auto rows = rows_of(history, "Brazil");
  const json points = server.get_json("/api/competitions/cup/players/Brazil/history")["points"];
  std::vector<std::map<std::string, std::string>> periods;  // his last row of each period
  for (const auto& row : rows)
    if (periods.empty() || periods.back().at("period") != row.at("period")) periods.push_back(row);
    else periods.back() = row;
  REQUIRE(points.size() == periods.size());
  for (size_t i = 0; i < periods.size(); ++i) {
    CHECK(points[i]["period"] == periods[i].at("period"));
    CHECK(points[i]["date"] == periods[i].at("period") + "-12-31");
    CHECK(points[i]["rating"].get<double>() == number(periods[i].at("rating_after")));
    CHECK(points[i]["rd"].get<double>() == number(periods[i].at("rd_after")));
  }
  for (const int page : {1, 2}) {
    const json games = server.get_json("/api/competitions/cup/players/Brazil/games?per_page=7&page=" + std::to_string(page));
    CHECK(games["total"] == rows.size());
    REQUIRE(games["games"].size() == 7);
    for (size_t i = 0; i < 7; ++i) {
      const auto& row = rows[rows.size() - 1 - (size_t(page) - 1) * 7 - i];
      const json& g = games["games"][i];
      INFO(g.dump());
      CHECK(g["opponent"] == row.at("opponent"));
      CHECK(g["period"] == row.at("period"));
      CHECK(g["score"].get<double>() == number(row.at("score")));
      CHECK(g["expected"].get<double>() == number(row.at("expected")));
      CHECK(g["change"].get<double>() == number(row.at("change")));
      CHECK(g["rating_before"].get<double>() == number(row.at("rating_before")));
    }
  }
  // Names with a comma, a slash and quotes, URL-encoded, over both of the club's runs.
  csv_table club = csv_of(recorded().dir / "club-jan" / "history.csv");
  for (auto& row : csv_of(recorded().dir / "club-feb" / "history.csv").rows) club.rows.push_back(row);
  for (const auto& [name, encoded] : {std::pair{"Short, Nigel", "Short%2C%20Nigel"}, std::pair{"A/B Team", "A%2FB%20Team"},
                                      std::pair{"O'Brien \"Ace\"", "O%27Brien%20%22Ace%22"}}) {
    const auto his = rows_of(club, name);
    const json games = server.get_json(std::string("/api/competitions/club/players/") + encoded + "/games");
    INFO(name);
    REQUIRE(games["games"].size() == his.size());
    CHECK(games["games"][0]["opponent"] == his.back().at("opponent"));
    CHECK(games["games"][0]["score"].get<double>() == number(his.back().at("score")));
    CHECK(server.get_json(std::string("/api/competitions/club/players/") + encoded + "/history")["player"] == name);
  }
  CHECK(server.get("/api/competitions/cup/players/Atlantis")->status == 404);
  CHECK(server.get("/api/competitions/cup/players/Atlantis/games")->status == 404);
}

TEST_CASE("serve: sorting, paging and a name search that ignores case and accents", "[serve]") {
  const test_server server(recorded().db());
  const auto names = [&](const std::string& query) {
    std::vector<std::string> out;
    const json list = server.get_json("/api/competitions/club/ratings?" + query);
    for (const auto& p : list["players"]) out.push_back(p["player"]);
    return out;
  };
  std::vector<std::string> all = names("sort=player");
  CHECK(std::is_sorted(all.begin(), all.end()));
  CHECK(all.size() == 5);
  std::vector<std::string> reversed = names("sort=player&order=desc");
  std::reverse(reversed.begin(), reversed.end());
  CHECK(reversed == all);
  CHECK(names("q=zo&sort=player") == std::vector<std::string>{"\u00c9mile Zola", "\u017dofia \u0106osi\u0107"});
  CHECK(names("q=ZOF") == std::vector<std::string>{"\u017dofia \u0106osi\u0107"});
  CHECK(names("q=%C4%87os") == std::vector<std::string>{"\u017dofia \u0106osi\u0107"});  // "ćos"
  CHECK(names("q=EMI") == std::vector<std::string>{"\u00c9mile Zola"});
  CHECK(names("q=nig") == std::vector<std::string>{"Short, Nigel"});
  CHECK(names("q=hort").empty());  // a prefix of a word, not any part of it
  // Pages of the cup's list are its ranks in turn; a page size past the cap is served at the cap.
  const json whole = server.get_json("/api/competitions/cup/ratings?per_page=500");
  const json second = server.get_json("/api/competitions/cup/ratings?per_page=5&page=2");
  CHECK(second["total"] == whole["total"]);
  for (size_t i = 0; i < 5; ++i) CHECK(second["players"][i] == whole["players"][5 + i]);
  const json capped = server.get_json("/api/competitions/cup/ratings?per_page=1000000000");
  CHECK(capped["per_page"] == 500);
  CHECK(server.get_json("/api/competitions/cup/ratings?page=1000")["players"].empty());
  const json by_games = server.get_json("/api/competitions/cup/ratings?sort=games&per_page=500")["players"];
  for (size_t i = 1; i < by_games.size(); ++i) CHECK(by_games[i - 1]["games"].get<double>() >= by_games[i]["games"].get<double>());
  const json few = server.get_json("/api/competitions/cup/ratings?min_games=50&per_page=500")["players"];
  CHECK(!few.empty());
  for (const auto& p : few) CHECK(p["games"].get<double>() >= 50);
  CHECK(server.get("/api/competitions/cup/ratings?sort=nothing")->status == 400);
  CHECK(server.get("/api/competitions/cup/ratings?order=up")->status == 400);
  CHECK(server.get("/api/competitions/cup/ratings?as_of=2024-02-30")->status == 400);
  CHECK(server.get("/api/competitions/cup/ratings?page=0")->status == 400);
}

TEST_CASE("serve: expect is the competition's plugin's expectation from the two current states", "[serve]") {
  const test_server server(recorded().db());
  const json brazil = server.get_json("/api/competitions/cup/players/Brazil");
  const json qatar = server.get_json("/api/competitions/cup/players/Qatar");
  const json e = server.get_json("/api/competitions/cup/expect?a=Brazil&b=Qatar");
  const json back = server.get_json("/api/competitions/cup/expect?a=Qatar&b=Brazil");
  CHECK(e["model"] == "glicko");
  CHECK(e["expected"].get<double>() + back["expected"].get<double>() == Approx(1).margin(1e-12));
  // The CLI's expect from the same whole states (rating:rd) prints the same number to its five decimals.
  const auto cli = run_cli("expect glicko --param c=50 " + brazil["rating"].dump() + ":" + brazil["rd"].dump() + " " +
                           qatar["rating"].dump() + ":" + qatar["rd"].dump());
  REQUIRE(cli.status == 0);
  CHECK(std::stod(cli.out) == Approx(e["expected"].get<double>()).margin(6e-6));
  CHECK(e["expected"].get<double>() > 0.8);
  CHECK(server.get("/api/competitions/cup/expect?a=Brazil")->status == 400);
  CHECK(server.get("/api/competitions/cup/expect?a=Brazil&b=Atlantis")->status == 404);
}

TEST_CASE("serve: answers carry ETag and Last-Modified, a current copy gets 304, gzip when asked", "[serve]") {
  const test_server server(recorded().db());
  const auto first = server.get("/api/competitions/cup/ratings");
  const std::string etag = first->get_header_value("ETag");
  CHECK(etag.size() > 2);
  CHECK(first->get_header_value("Last-Modified").find(" GMT") != std::string::npos);
  const auto again = server.get("/api/competitions/cup/ratings", {{"If-None-Match", etag}});
  CHECK(again->status == 304);
  CHECK(again->body.empty());
  CHECK(server.get("/api/competitions/cup/ratings", {{"If-None-Match", "\"other\""}})->status == 200);
  CHECK(server.get("/api/competitions/cup/ratings?page=2")->get_header_value("ETag") != etag);
  httplib::Client c = server.client();
  c.set_decompress(false);
  const auto zipped = c.Get("/api/competitions/cup/ratings?per_page=500", {{"Accept-Encoding", "gzip"}});
  REQUIRE(zipped);
  CHECK(zipped->get_header_value("Content-Encoding") == "gzip");
  const auto plain = server.get("/api/competitions/cup/ratings?per_page=500");
  CHECK(zipped->body.size() * 3 < plain->body.size());
}

}  // namespace test_serve_api
