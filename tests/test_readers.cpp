// Readers: games-csv and standings-csv on small fixtures, every error with its place.
#include <ratekit/host/input/dataset.hpp>
#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/input/input_text.hpp>
#include <ratekit/host/input/readers.hpp>

#include <catch2/catch.hpp>

#include "test_support.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_readers {

namespace {

using ratekit::dataset;
using ratekit::diagnostic;
using ratekit::reader_options;

reader_options encoding(const char* name) {
  reader_options o;
  o.encoding = name;
  return o;
}

std::filesystem::path fixture(const char* name) {
  return std::filesystem::path(RATEKIT_SOURCE_DIR) / "tests/data/readers" / name;
}

struct expected_problem {
  int line, column;
  const char* message;
};

// Reads `name` expecting it to fail, and checks every diagnostic in order.
void require_problems(ratekit::reader_fn read, const char* name, std::vector<expected_problem> expected,
                      const reader_options& options = {}) {
  dataset d;
  std::vector<diagnostic> got;
  try {
    read(fixture(name), options, d);
  } catch (const ratekit::user_error& e) {
    got = e.diagnostics();
  }
  REQUIRE(got.size() == expected.size());
  for (size_t i = 0; i < got.size(); ++i) {
    INFO("problem " << i << ": " << got[i].str());
    CHECK(got[i].file == fixture(name).string());
    CHECK(got[i].line == expected[i].line);
    CHECK(got[i].column == expected[i].column);
    CHECK(got[i].message == expected[i].message);
  }
}

}  // namespace

TEST_CASE("player table interns names and grows the fact columns", "[readers]") {
  ratekit::player_table t;
  CHECK(t.intern("Ann") == 0);
  CHECK(t.intern("Ben") == 1);
  CHECK(t.intern(std::string("Ann")) == 0);
  CHECK(t.find("Ben") == 1);
  CHECK(t.find("Cy") == -1);
  REQUIRE(t.size() == 2);
  CHECK(t.name(1) == "Ben");
  REQUIRE(t.birth_year.size() == 2);
  REQUIRE(t.declared_rating.size() == 2);
  CHECK(std::isnan(t.birth_year[1]));
  CHECK(std::isnan(t.declared_rating[0]));
  CHECK(t.federation[0].empty());
  CHECK(t.external_id[1].empty());
}

TEST_CASE("game facts intern tags with 0 for none", "[readers]") {
  ratekit::game_facts f;
  CHECK(f.intern_tag("") == 0);
  CHECK(f.intern_tag("league") == 1);
  f.tag.push_back(1);
  CHECK(f.intern_tag("cup") == 2);
  CHECK(f.intern_tag("league") == 1);
  CHECK(f.tags == std::vector<std::string>{"", "league", "cup"});
}

TEST_CASE("reader registry finds formats by name", "[readers]") {
  const auto& all = ratekit::readers();
  CHECK(std::is_sorted(all.begin(), all.end(),
                       [](const auto& x, const auto& y) { return std::strcmp(x.format, y.format) < 0; }));
  REQUIRE(ratekit::find_reader("games-csv") != nullptr);
  CHECK(ratekit::find_reader("games-csv")->read == &ratekit::read_games_csv);
  REQUIRE(ratekit::find_reader("standings-csv") != nullptr);
  CHECK(ratekit::find_reader("standings-csv")->read == &ratekit::read_standings_csv);
  CHECK(ratekit::find_reader("games.csv") == nullptr);
}

TEST_CASE("games-csv reads every column in any order", "[readers]") {
  dataset d;
  ratekit::read_games_csv(fixture("games_ok.csv"), {}, d);
  CHECK(d.source == fixture("games_ok.csv").string());
  REQUIRE(d.players.size() == 4);
  CHECK(d.players.name(0) == "Alice");
  CHECK(d.players.name(1) == "Smith, John");
  CHECK(d.players.name(2) == "Bob");
  CHECK(d.players.name(3) == "The \"Rock\"");

  REQUIRE(d.games.size() == 4);
  const auto& g = d.games;
  CHECK((g[0].a == 0 && g[0].b == 1 && g[0].score_a == 1.0 && g[0].points_a == 3.0 && g[0].points_b == 1.0));
  CHECK((g[0].handicap == 0.0 && g[0].flags == 0u));
  CHECK((g[1].a == 1 && g[1].b == 2 && g[1].score_a == 0.5 && g[1].points_a == 2.0 && g[1].points_b == 2.0));
  CHECK(g[1].flags == RK_GAME_NEUTRAL);
  CHECK((g[2].a == 0 && g[2].b == 3 && g[2].score_a == 0.0 && g[2].points_a == 0.0 && g[2].points_b == 1.0));
  CHECK((g[2].handicap == 1.5 && g[2].flags == RK_GAME_PLAYOFF));
  CHECK((g[3].a == 3 && g[3].b == 2 && g[3].score_a == 1.0));
  CHECK((std::isnan(g[3].points_a) && std::isnan(g[3].points_b)));
  CHECK((g[3].handicap == -2.0 && g[3].flags == RK_GAME_PLAYOFF));
  for (const auto& x : g)
    CHECK((x.k_a == 0.0 && x.k_b == 0.0 && x.adv_predict == 0.0 && x.adv_update == 0.0));

  const auto& f = d.facts;
  CHECK(f.date == std::vector<int32_t>{20240105, 20240105, 20240112, 20240229});
  CHECK(f.period == std::vector<int32_t>{0, 0, 1, 2});
  CHECK(d.period_names == std::vector<std::string>{"R1", "R2", "R1"});
  CHECK(f.week == std::vector<int16_t>{1, 1, 2, 0});
  CHECK(f.home == std::vector<int8_t>{1, 0, -1, 0});
  CHECK(f.tag == std::vector<uint16_t>{1, 1, 2, 0});
  CHECK(f.tags == std::vector<std::string>{"", "league", "cup"});
  CHECK(f.line == std::vector<int32_t>{2, 3, 4, 6});
}

TEST_CASE("games-csv strips a BOM, accepts CRLF and appends to a dataset", "[readers]") {
  dataset d;
  ratekit::read_games_csv(fixture("games_bom_crlf.csv"), {}, d);
  REQUIRE(d.games.size() == 2);
  CHECK(d.players.name(0) == "Ann");
  CHECK(d.players.name(1) == "Ben");
  CHECK((d.games[1].a == 1 && d.games[1].b == 0 && d.games[1].score_a == 0.5));
  CHECK(std::isnan(d.games[0].points_a));
  CHECK(d.facts.date == std::vector<int32_t>{20230501, 20230502});
  CHECK(d.facts.period == std::vector<int32_t>{-1, -1});
  CHECK(d.facts.home == std::vector<int8_t>{0, 0});
  CHECK(d.facts.tag == std::vector<uint16_t>{0, 0});

  ratekit::read_games_csv(fixture("games_latin1.csv"), {}, d);
  REQUIRE(d.games.size() == 3);
  CHECK(d.source == fixture("games_bom_crlf.csv").string());
  CHECK(d.players.size() == 4);
  CHECK(d.facts.line == std::vector<int32_t>{2, 3, 2});
  CHECK(d.facts.week.size() == 3);
}

TEST_CASE("games-csv converts ISO-8859-1 names to UTF-8", "[readers]") {
  dataset d;
  ratekit::read_games_csv(fixture("games_latin1.csv"), {}, d);
  REQUIRE(d.players.size() == 2);
  CHECK(d.players.name(0) == "\xC3\x93 Briain");  // Ó Briain
  CHECK(d.players.name(1) == "M\xC3\xBCller");    // Müller

  dataset forced;
  ratekit::read_games_csv(fixture("games_latin1.csv"), encoding("latin1"), forced);
  CHECK(forced.players.name(0) == "\xC3\x93 Briain");

  require_problems(ratekit::read_games_csv, "games_latin1.csv",
                   {{2, 12, "expected UTF-8 text, got byte 0xD3"}}, encoding("utf-8"));
  require_problems(ratekit::read_games_csv, "err_bom_latin1.csv",
                   {{2, 12, "expected UTF-8 text, got byte 0xD3"}});
  require_problems(ratekit::read_games_csv, "games_latin1.csv",
                   {{0, 0, "expected input encoding utf-8 or latin1, got 'ebcdic'"}},
                   encoding("ebcdic"));
}

TEST_CASE("games-csv names a missing column", "[readers]") {
  require_problems(ratekit::read_games_csv, "err_missing_column.csv",
                   {{1, 1,
                     "expected a column named 'score_a' (or points_a and points_b), got header "
                     "'date,player_a,player_b'"}});
}

TEST_CASE("games-csv refuses unknown columns with a suggestion", "[readers]") {
  require_problems(ratekit::read_games_csv, "err_unknown_column.csv",
                   {{1, 32, "expected a known column, got 'hom' (did you mean 'home'?)"},
                    {1, 36,
                     "expected one of date, player_a, player_b, score_a, period, points_a, points_b, home, "
                     "neutral, week, playoff, tag, handicap, season, rating_a, rating_b, shootout; got 'xyzzy'"}});
}

TEST_CASE("games-csv reports every bad value with line and column", "[readers]") {
  require_problems(ratekit::read_games_csv, "err_values.csv",
                   {{2, 16, "expected score_a as a number from 0 to 1, got 'abc'"},
                    {3, 16, "expected score_a as a number from 0 to 1, got 'nan'"},
                    {4, 16, "expected score_a as a number from 0 to 1, got '1.5'"},
                    {5, 18, "expected points_a as a number >= 0 or empty, got '-3'"},
                    {6, 14, "expected player_b as a different player than player_a, got 'A'"},
                    {7, 1, "expected date as a valid date YYYY-MM-DD, got '2024-02-30'"},
                    {8, 19, "expected 6 fields as in the header, got 5"},
                    {9, 22, "expected 6 fields as in the header, got 7"},
                    {10, 1, "expected date as a valid date YYYY-MM-DD, got '2023-13-01'"},
                    {11, 12, "expected a closing quote for the field starting here, got the end of the line"},
                    {12, 15, "expected ',' after the closing quote, got 'x'"},
                    {13, 16, "expected score_a as a number from 0 to 1, got 'inf'"},
                    {14, 20, "expected points_b as a number, since points_a is given, got ''"}});
}

TEST_CASE("games-csv needs a header and at least one game", "[readers]") {
  require_problems(ratekit::read_games_csv, "err_no_games.csv",
                   {{0, 0, "no games: expected at least one row after the header"}});
  require_problems(ratekit::read_games_csv, "err_empty.csv",
                   {{1, 1, "expected a header line naming the columns, got an empty file"}});
  require_problems(ratekit::read_games_csv, "no_such_file.csv",
                   {{0, 0, "cannot open input file: No such file or directory"}});
}

TEST_CASE("games-csv stops after 20 problems", "[readers]") {
  const auto file = std::filesystem::temp_directory_path() / "ratekit_readers_many_problems.csv";
  {
    std::ofstream out(file);
    out << "date,player_a,player_b,score_a\n";
    for (int i = 0; i < 30; ++i) out << "2024-01-01,A,B,2\n";
  }
  dataset d;
  std::vector<diagnostic> got;
  try {
    ratekit::read_games_csv(file, {}, d);
  } catch (const ratekit::user_error& e) {
    got = e.diagnostics();
  }
  std::filesystem::remove(file);
  REQUIRE(got.size() == 21);
  CHECK(got[19].line == 21);
  CHECK(got[19].message == "expected score_a as a number from 0 to 1, got '2'");
  CHECK(got[20].message == "stopped after 20 problems");
}

TEST_CASE("standings-csv sorts each event by rank, ties kept in file order", "[readers]") {
  dataset d;
  ratekit::read_standings_csv(fixture("standings_ranks.csv"), {}, d);
  REQUIRE(d.players.size() == 4);
  CHECK(d.players.name(0) == "Carol");
  CHECK(d.players.name(3) == "Frank");
  REQUIRE(d.entries.size() == 6);
  const int32_t players[] = {1, 0, 2, 3, 1, 0};
  const double ranks[] = {1, 2, 2, 4, 1, 1};
  for (size_t i = 0; i < 6; ++i) {
    CHECK(d.entries[i].player == players[i]);
    CHECK(d.entries[i].rank == ranks[i]);
  }
  REQUIRE(d.events.size() == 2);
  CHECK((d.events[0].begin == 0 && d.events[0].end == 4 && d.events[0].rounds == 5.0));
  CHECK((d.events[1].begin == 4 && d.events[1].end == 6 && std::isnan(d.events[1].rounds)));
  REQUIRE(d.event_infos.size() == 2);
  CHECK(
      (d.event_infos[0].name == "Open A" && d.event_infos[0].date == 20240301 && d.event_infos[0].line == 2));
  CHECK(
      (d.event_infos[1].name == "Cup, B" && d.event_infos[1].date == 20240308 && d.event_infos[1].line == 6));
  CHECK(d.ranked());
  CHECK(d.games.empty());
}

TEST_CASE("standings-csv turns scores into ranks with shared ties", "[readers]") {
  dataset d;
  ratekit::read_standings_csv(fixture("standings_scores.csv"), {}, d);
  REQUIRE(d.entries.size() == 5);
  // Gus 10.5, Hal 12, Ivy 10.5, Jo 7, Kim 12 -> Hal 1, Kim 1, Gus 3, Ivy 3, Jo 5.
  const int32_t players[] = {1, 4, 0, 2, 3};
  const double ranks[] = {1, 1, 3, 3, 5};
  for (size_t i = 0; i < 5; ++i) {
    CHECK(d.entries[i].player == players[i]);
    CHECK(d.entries[i].rank == ranks[i]);
  }
  REQUIRE(d.events.size() == 1);
  CHECK(std::isnan(d.events[0].rounds));
  CHECK(
      (d.event_infos[0].name == "Quiz 1" && d.event_infos[0].date == 20240401 && d.event_infos[0].line == 2));
}

TEST_CASE("standings-csv reports duplicates, split and one-player events, bad ranks", "[readers]") {
  require_problems(
      ratekit::read_standings_csv, "err_standings.csv",
      {{4, 15, "expected each player once per event, got 'P' again in event 'E1' (first at line 2)"},
       {5, 1, "expected at least 2 players in event 'E2', got 1"},
       {6, 1, "expected the rows of event 'E1' together, got it again (its rows began at line 2)"},
       {7, 17, "expected rank as a whole number >= 1, got '0'"},
       {8, 17, "expected rank as a whole number >= 1, got '2.5'"},
       {9, 4, "expected date as '2024-01-01' like the event's first row, got '2024-01-02'"}});
}

TEST_CASE("standings-csv needs exactly one of rank and score", "[readers]") {
  require_problems(
      ratekit::read_standings_csv, "err_standings_header.csv",
      {{1, 19, "expected one of event, date, rounds, player, rank, score; got 'points'"},
       {1, 1, "expected a column named 'rank' or 'score', got header 'event,date,player,points'"}});
  require_problems(ratekit::read_standings_csv, "err_standings_both.csv",
                   {{1, 24, "expected either rank or score, got both"}});
}

// The Python module's frames of standings and team matches: their CSV text read from memory as from a file.
TEST_CASE("standings-csv and team-csv read a text in memory as its file, problems naming the text", "[readers]") {
  for (const char* name : {"standings_ranks.csv", "standings_scores.csv"}) {
    std::ifstream file(fixture(name), std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    dataset from_file, from_text;
    ratekit::read_standings_csv(fixture(name), {}, from_file);
    ratekit::read_standings_csv_text({"games", text}, {}, from_text);
    CHECK(from_text.source == "games");
    REQUIRE(from_text.entries.size() == from_file.entries.size());
    for (size_t i = 0; i < from_file.entries.size(); ++i) {
      CHECK(from_text.players.name(from_text.entries[i].player) == from_file.players.name(from_file.entries[i].player));
      CHECK(from_text.entries[i].rank == from_file.entries[i].rank);
    }
    REQUIRE(from_text.event_infos.size() == from_file.event_infos.size());
    for (size_t e = 0; e < from_file.event_infos.size(); ++e)
      CHECK((from_text.event_infos[e].name == from_file.event_infos[e].name &&
             from_text.event_infos[e].date == from_file.event_infos[e].date &&
             from_text.event_infos[e].line == from_file.event_infos[e].line));
  }
  dataset d;
  try {
    ratekit::read_team_csv_text(
        {"games", "match,date,team,player,rank\nm1,2024-01-01,a,Ann,1\nm1,2024-01-01,b,Bob,first\n"}, {}, d);
    FAIL("a rank 'first' was read");
  } catch (const ratekit::user_error& e) {
    REQUIRE(e.diagnostics().size() == 1);
    const ratekit::diagnostic& problem = e.diagnostics().front();
    CHECK((problem.file == "games" && problem.line == 3 && problem.column == 21));
    CHECK(problem.message.starts_with("expected rank as a positive number"));
  }
}

TEST_CASE("a long games file is checked for UTF-8 in two halves: a bad byte in either is found, the first one named",
          "[readers]") {
  // 600,000 rows of 29 bytes: 17.4 MB, past the 16 MB from which the halves are checked at once.
  constexpr int rows = 600'000;
  std::string text = "date,player_a,player_b,score_a\n";
  for (int i = 0; i < rows; ++i) text += "2024-01-01,p" + std::to_string(100'000 + i % 1000) + ",q" + std::to_string(100'000 + i % 997) + ",1\n";
  REQUIRE(text.size() > (size_t(16) << 20));
  const size_t row_bytes = 29, header = 31;
  // The 1-based line of row r is r + 2; its player_a starts at column 12.
  auto with_name = [&](std::string name, int row) {
    std::string t = text;
    return t.replace(header + size_t(row) * row_bytes + 11, 7, name);
  };
  ratekit::testing::temp_dir dir;
  auto read = [&](const std::string& content, const reader_options& options, dataset& d) {
    ratekit::testing::write_text(dir / "games.csv", content);
    std::vector<diagnostic> got;
    try {
      ratekit::read_games_csv(dir / "games.csv", options, d);
    } catch (const ratekit::user_error& e) {
      got = e.diagnostics();
    }
    return got;
  };
  const int early = 1000, late = rows - 1000;  // rows in the first and the second half
  {
    dataset d;  // valid UTF-8 on both sides of the middle: kept as it is
    const std::string utf8 = with_name("M\xC3\xBCller", late).replace(header + size_t(early) * row_bytes + 11, 7, "\xC3\x89mile");
    REQUIRE(read(utf8, {}, d).empty());
    CHECK(d.games.size() == rows);
    CHECK(d.players.name(d.games[size_t(early)].a) == "\xC3\x89mile");
    CHECK(d.players.name(d.games[size_t(late)].a) == "M\xC3\xBCller");
  }
  {
    dataset d;  // one ISO-8859-1 byte late in the file: the whole file is taken as ISO-8859-1
    REQUIRE(read(with_name("M\xFCller", late), {}, d).empty());
    CHECK(d.players.name(d.games[size_t(late)].a) == "M\xC3\xBCller");
  }
  struct bad_case {
    std::string content;
    int line, column;
  };
  const std::vector<bad_case> cases{
      {with_name("M\xFCller", late), late + 2, 13},   // in the second half only
      {with_name("M\xFCller", early), early + 2, 13},  // in the first half only
      {with_name("M\xFCller", late).replace(header + size_t(early) * row_bytes + 11, 7, "\xC9mile"), early + 2, 12}};
  for (const bad_case& c : cases) {
    dataset d;
    const std::vector<diagnostic> got = read(c.content, encoding("utf-8"), d);
    INFO("line " << c.line);
    REQUIRE(got.size() == 1);
    CHECK(got[0].line == c.line);
    CHECK(got[0].column == c.column);
    CHECK(got[0].message.rfind("expected UTF-8 text, got byte 0x", 0) == 0);
  }
}

}  // namespace test_readers
