// The TRF reader on real tournaments (data/chess-trf, facts counted by hand
// from the files) and on broken copies of them.
#include <catch2/catch.hpp>
#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/input/readers.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_trf {

namespace fs = std::filesystem;
using ratekit::dataset;

namespace {

fs::path trf(const char* name) { return fs::path(RATEKIT_SOURCE_DIR) / "data" / "chess-trf" / name; }

dataset read(const fs::path& file) {
  dataset d;
  ratekit::read_trf(file, {}, d);
  return d;
}

int32_t id(const dataset& d, const std::string& name) {
  const int32_t p = d.players.find(name);
  INFO(name);
  REQUIRE(p >= 0);
  return p;
}

int games_of(const dataset& d, int32_t p) {
  int n = 0;
  for (const rk_game& g : d.games) n += g.a == p || g.b == p;
  return n;
}

double points_of(const dataset& d, int32_t p) {
  double s = 0;
  for (const rk_game& g : d.games) s += g.a == p ? g.score_a : g.b == p ? 1 - g.score_a : 0;
  return s;
}

// A copy of a data file with `from` replaced by `to` on its line `line` (1-based).
fs::path broken_copy(const char* name, int line, const std::string& from, const std::string& to) {
  std::ifstream in(trf(name), std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  size_t at = 0;
  for (int l = 1; l < line; ++l) at = text.find('\n', at) + 1;
  const size_t pos = text.find(from, at);
  REQUIRE(pos < text.find('\n', at));
  text.replace(pos, from.size(), to);
  const fs::path out = fs::temp_directory_path() /
                       ("ratekit_trf_" + std::to_string(std::hash<std::string>{}(to + from)) + "_" + name);
  std::ofstream(out, std::ios::binary) << text;
  return out;
}

ratekit::diagnostic first_problem(const fs::path& file) {
  try {
    read(file);
  } catch (const ratekit::user_error& e) {
    REQUIRE(!e.diagnostics().empty());
    return e.diagnostics().front();
  }
  FAIL("no error for " << file);
  return {};
}

}  // namespace

TEST_CASE("trf: Bunratty Masters 2011, 34 players, 6 rounds, 97 played games", "[trf]") {
  const dataset d = read(trf("bunratty_masters_2011.trf"));
  CHECK(d.players.size() == 34);
  CHECK(d.games.size() == 97);
  REQUIRE(d.period_names.size() == 1);
  CHECK(d.period_names[0] == "Bunratty 2011");
  for (size_t i = 0; i < d.games.size(); ++i) CHECK(d.facts.period[i] == 0);

  // Round 1, first pairing: Short (white) beats Moynihan, on 25 Feb 2011 (132 record "11.25.02").
  const int32_t shrt = id(d, "Short, Nigel"), jones = id(d, "Jones, Gawain");
  CHECK(d.games[0].a == shrt);
  CHECK(d.games[0].b == id(d, "Moynihan, Kieran"));
  CHECK(d.games[0].score_a == 1.0);
  CHECK(d.facts.date[0] == 20110225);
  CHECK(d.facts.line[0] == 14);

  // Round 4: Jones (white) beats Short, on 26 Feb; emitted once, from Short's line.
  int found = 0;
  for (size_t i = 0; i < d.games.size(); ++i)
    if ((d.games[i].a == shrt && d.games[i].b == jones) || (d.games[i].a == jones && d.games[i].b == shrt)) {
      ++found;
      CHECK(d.games[i].a == shrt);
      CHECK(d.games[i].score_a == 0.0);
      CHECK(d.facts.date[i] == 20110226);
    }
  CHECK(found == 1);
  CHECK(points_of(d, jones) == 5.0);  // his 001 points column
  CHECK(points_of(d, shrt) == 4.0);
  CHECK(d.facts.date.back() == 20110227);

  // Unpaired rounds are not games: O'Connor in rounds 4-5, Murray from round 3, Courtney in round 1.
  CHECK(games_of(d, id(d, "O'Connor, Jonathan")) == 4);
  CHECK(games_of(d, id(d, "Murray, David")) == 2);
  CHECK(games_of(d, id(d, "Courtney, John")) == 5);

  CHECK(d.players.declared_rating[size_t(shrt)] == 2658);
  CHECK(d.players.federation[size_t(shrt)] == "ENG");
  CHECK(d.players.federation[size_t(id(d, "Kosten, Tony"))].empty());
  CHECK(std::isnan(d.players.birth_year[size_t(shrt)]));
}

TEST_CASE("trf: ISO-8859-1 names become UTF-8 without shifting the columns", "[trf]") {
  const dataset d = read(trf("irish_junior_champs_2011.trf"));
  CHECK(d.players.size() == 34);
  CHECK(d.games.size() == 82);
  CHECK(d.period_names[0] == "e2e4 Irish Championship Juniors");
  const int32_t colm = id(d, "\xC3\x93 Muireag\xC3\xA1in, Colm");  // Ó Muireagáin
  CHECK(d.players.declared_rating[size_t(colm)] == 908);
  CHECK(d.players.federation[size_t(colm)] == "IRL");
  CHECK(d.players.external_id[size_t(colm)] == "12275");
  CHECK(d.players.birth_year[size_t(colm)] == 1966);
  CHECK(d.players.declared_rating[size_t(id(d, "Morgan, M\xC3\xAD" "che\xC3\xA1l"))] == 951);  // Mícheál
  // A rating of 0000 is unrated; a birth date of " .  ." is unknown.
  CHECK(std::isnan(d.players.declared_rating[size_t(id(d, "Collins, Kevin"))]));
  CHECK(std::isnan(d.players.birth_year[size_t(id(d, "Hall, Shane"))]));
  // 132 in the standard YY/MM/DD: rounds 1-3 on 2 July, 4-5 on 3 July.
  CHECK(d.facts.date.front() == 20110702);
  CHECK(d.facts.date.back() == 20110703);
  // Ogintas had a bye ("0000 -") in round 1.
  CHECK(games_of(d, id(d, "Ogintas, Aligmantas")) == 4);
}

TEST_CASE("trf: forfeits and byes are not games, the 042 date stands in for 132", "[trf]") {
  const dataset d = read(trf("gonzaga_classic_2008.trf"));
  CHECK(d.players.size() == 12);
  CHECK(d.games.size() == 24);
  const int32_t cafolla = id(d, "Cafolla,Peter"), barbosa = id(d, "Barbosa,Paulo");
  for (const rk_game& g : d.games) CHECK(!((g.a == cafolla && g.b == barbosa) || (g.a == barbosa && g.b == cafolla)));
  // McCabe: a draw, then two forfeit losses.
  CHECK(games_of(d, id(d, "McCabe,Darren")) == 1);
  for (int32_t date : d.facts.date) CHECK(date == 20080201);
  CHECK(std::isnan(d.players.declared_rating[size_t(cafolla)]));
  CHECK(d.players.external_id[size_t(cafolla)] == "2500884");
}

TEST_CASE("trf: the format is registered", "[trf]") {
  const ratekit::reader_entry* r = ratekit::find_reader("trf");
  REQUIRE(r != nullptr);
  CHECK(r->read == &ratekit::read_trf);
}

TEST_CASE("trf: a pairing the two lines disagree on names both lines", "[trf]") {
  // Line 14 (Short) says round 1 was against 18; line 30 (Moynihan, 17) says against 1.
  const auto p = first_problem(broken_copy("bunratty_masters_2011.trf", 14, "  17 w 1", "  18 w 1"));
  CHECK(p.line == 14);
  CHECK(p.column == 92);
  CHECK(p.message.find("line 31") != std::string::npos);  // Wynarczyk, start number 18
  CHECK(p.message.find("round 1") != std::string::npos);
}

TEST_CASE("trf: results that do not mirror each other are an error", "[trf]") {
  // Moynihan (line 30) claims a win against Short, who also claims one.
  const auto p = first_problem(broken_copy("bunratty_masters_2011.trf", 30, "   1 b 0", "   1 b 1"));
  CHECK(p.line == 14);
  CHECK(p.column == 92);
  CHECK(p.message.find("line 30") != std::string::npos);
}

TEST_CASE("trf: a malformed record names line and column", "[trf]") {
  SECTION("tournament name with a control character: it names the period in every output") {
    const auto p = first_problem(broken_copy("bunratty_masters_2011.trf", 1, "Bunratty 2011", "Bunratty\x1b[2J 2011"));
    CHECK(p.line == 1);
    CHECK(p.column == 5);
    CHECK(p.message == "expected a tournament name without control characters, got 'Bunratty\\x1B[2J 2011'");
  }
  SECTION("start number") {
    const auto p = first_problem(broken_copy("bunratty_masters_2011.trf", 15, "001    2 M", "001   x2 M"));
    CHECK(p.line == 15);
    CHECK(p.column == 5);
    CHECK(p.message.find("start number") != std::string::npos);
  }
  SECTION("rating") {
    const auto p = first_problem(broken_copy("bunratty_masters_2011.trf", 15, "2529", "25x9"));
    CHECK(p.line == 15);
    CHECK(p.column == 49);
  }
  SECTION("result") {
    const auto p = first_problem(broken_copy("bunratty_masters_2011.trf", 15, "  18 b 1", "  18 b 7"));
    CHECK(p.line == 15);
    CHECK(p.column == 99);
    CHECK(p.message.find("round 1") != std::string::npos);
  }
  SECTION("an opponent that is not in the file") {
    const auto p = first_problem(broken_copy("bunratty_masters_2011.trf", 15, "  18 b 1", "  99 b 1"));
    CHECK(p.line == 15);
    CHECK(p.column == 92);
  }
}

TEST_CASE("trf: a birth date is a possible date, 00 marks an unknown month or day", "[trf][readers]") {
  const auto birth_year = [](const std::string& date) {
    const dataset d = read(broken_copy("irish_junior_champs_2011.trf", 23, "1994/01/21", date));
    return d.players.birth_year[size_t(id(d, "Cormican, Ruth E"))];
  };
  CHECK(birth_year("1994/00/00") == 1994);
  CHECK(birth_year("1994/02/00") == 1994);
  CHECK(birth_year("1996/02/29") == 1996);
  CHECK(birth_year("1994      ") == 1994);
  CHECK(std::isnan(birth_year("          ")));
  for (const std::string bad : {"0000/00/00", "9999/99/99", "1994/13/01", "1994/00/05", "1995/02/29", "1994/01/32",
                                "19940121  ", "1994-01-21", "0000      "}) {
    const auto p = first_problem(broken_copy("irish_junior_champs_2011.trf", 23, "1994/01/21", bad));
    CHECK(p.line == 23);
    CHECK(p.column == 70);
    CHECK_THAT(p.message, Catch::Contains("expected the birth date in columns 70-79 as a date YYYY/MM/DD (00 for an "
                                          "unknown month or day)"));
  }
}

}  // namespace test_trf
