// The games-csv reader splits rows without a quote from one scan for separators
// and line ends, and parses dates, scores and names on fast paths; a row with a
// quote goes through the general splitter. Every row here is read twice, as
// `row,t` (fast) and as `row,"t"` (general: the quoted tag is the last field,
// so no other field moves), and both reads must give the same games or the
// same problems, which are also checked against hand-computed values.
#include <ratekit/host/input/dataset.hpp>
#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/input/readers.hpp>

#include <catch2/catch.hpp>

#include "test_support.hpp"

#include <cstdint>
#include <initializer_list>
#include <random>
#include <string>
#include <vector>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_reader_fast_path {

namespace {

using ratekit::testing::temp_dir;

struct game_seen {
  std::string a, b;
  double score;
  int32_t date, line;
  bool operator==(const game_seen&) const = default;
};

// What a read gives: the games, or the problems as "line:column: message".
struct outcome {
  std::vector<game_seen> games;
  std::vector<std::string> problems;
  bool operator==(const outcome&) const = default;
};

outcome read(const temp_dir& dir, const std::string& text) {
  const auto file = dir / "games.csv";
  ratekit::testing::write_text(file, text);
  ratekit::dataset d;
  outcome o;
  try {
    ratekit::read_games_csv(file, {}, d);
  } catch (const ratekit::user_error& e) {
    for (const auto& p : e.diagnostics())
      o.problems.push_back(std::to_string(p.line) + ":" + std::to_string(p.column) + ": " + p.message);
    return o;
  }
  for (size_t i = 0; i < d.games.size(); ++i)
    o.games.push_back({d.players.name(d.games[i].a), d.players.name(d.games[i].b), d.games[i].score_a,
                       d.facts.date[i], d.facts.line[i]});
  return o;
}

// Reads `rows` (one per line, `end` after each but the last, which gets
// `last_end`) on the fast path and on the general one; requires both agree.
outcome read_both(const std::vector<std::string>& rows, const std::string& end = "\n",
                  const std::string& last_end = "\n", const std::string& start = "") {
  temp_dir dir;
  std::string fast = start + "date,player_a,player_b,score_a,tag" + end, general = fast;
  for (size_t i = 0; i < rows.size(); ++i) {
    const std::string& e = i + 1 < rows.size() ? end : last_end;
    fast += rows[i] + (rows[i].empty() || rows[i].find_first_not_of(" \t") == std::string::npos ? "" : ",t") + e;
    general += rows[i] + (rows[i].empty() || rows[i].find_first_not_of(" \t") == std::string::npos ? "" : ",\"t\"") + e;
  }
  const outcome f = read(dir, fast), g = read(dir, general);
  INFO("fast path:\n" << fast);
  CHECK(f.problems == g.problems);
  CHECK(f.games == g.games);
  return f;
}

game_seen one_game(const std::string& row) {
  const outcome o = read_both({row});
  INFO(row);
  REQUIRE(o.problems.empty());
  REQUIRE(o.games.size() == 1);
  return o.games[0];
}

std::vector<std::string> problems_of(const std::string& row) { return read_both({row}).problems; }

}  // namespace

TEST_CASE("fast path: dates are YYYY-MM-DD with real months and days", "[readers][fast]") {
  CHECK(one_game("2024-02-29,p1,p2,1").date == 20240229);
  CHECK(one_game("2000-02-29,p1,p2,1").date == 20000229);
  CHECK(one_game("0001-01-01,p1,p2,1").date == 10101);
  CHECK(one_game("2023-12-31,p1,p2,1").date == 20231231);
  CHECK(one_game("2023-04-30,p1,p2,1").date == 20230430);
  CHECK(one_game("  2023-01-09 ,p1,p2,1").date == 20230109);
  for (const char* bad : {"1900-02-29", "2023-02-29", "0000-01-01", "2023-13-01", "2023-00-10", "2023-01-00",
                          "2023-01-32", "2023-04-31", "2023-1-011", "2023/01/01", "2023-01-0a", "2023-01-1",
                          "+023-01-01", "2023-01-011", "202a-01-01", "2023-\xC3\xA9-01"}) {
    INFO(bad);
    CHECK(problems_of(std::string(bad) + ",p1,p2,1") ==
          std::vector<std::string>{"2:1: expected date as a valid date YYYY-MM-DD, got '" + std::string(bad) + "'"});
  }
}

TEST_CASE("fast path: scores 0, 1 and 0.d are exact, others go to the number parser", "[readers][fast]") {
  CHECK(one_game("2024-01-01,p1,p2,0").score == 0.0);
  CHECK(one_game("2024-01-01,p1,p2,1").score == 1.0);
  CHECK(one_game("2024-01-01,p1,p2,0.5").score == 0.5);
  CHECK(one_game("2024-01-01,p1,p2,0.9").score == 0.9);
  CHECK(one_game("2024-01-01,p1,p2,0.1").score == 0.1);
  CHECK(one_game("2024-01-01,p1,p2,0.25").score == 0.25);
  CHECK(one_game("2024-01-01,p1,p2,1.0").score == 1.0);
  CHECK(one_game("2024-01-01,p1,p2,1e0").score == 1.0);
  CHECK(one_game("2024-01-01,p1,p2,.5").score == 0.5);
  CHECK(one_game("2024-01-01,p1,p2,0.").score == 0.0);
  CHECK(one_game("2024-01-01,p1,p2,0.50").score == 0.5);
  CHECK(one_game("2024-01-01,p1,p2,00.5").score == 0.5);
  CHECK(one_game("2024-01-01,p1,p2, 0.5\t").score == 0.5);
  for (const char* bad : {"2", "1.5", "0.5x", "nan", "inf", "", "x", "+1", "0:5"}) {
    INFO(bad);
    CHECK(problems_of(std::string("2024-01-01,p1,p2,") + bad) ==
          std::vector<std::string>{"2:18: expected score_a as a number from 0 to 1, got '" + std::string(bad) + "'"});
  }
}

TEST_CASE("fast path: names of every length compare byte for byte", "[readers][fast]") {
  auto row = [](const std::string& a, const std::string& b) {
    std::string r = "2024-01-01,";
    r.append(a).append(",").append(b).append(",1");
    return r;
  };
  for (size_t n = 1; n <= 40; ++n) {
    INFO("length " << n);
    const std::string a(n, 'x');
    for (size_t at = 0; at < n; ++at) {  // b differs from a in one byte only
      std::string b = a;
      b[at] = 'y';
      const game_seen g = one_game(row(a, b));
      CHECK(g.a == a);
      CHECK(g.b == b);
    }
    std::string message = "2:" + std::to_string(13 + n);
    message.append(": expected player_b as a different player than player_a, got '").append(a).append("'");
    CHECK(problems_of(row(a, a)) == std::vector<std::string>{message});
  }
  // Padding is not part of a name.
  CHECK(problems_of("2024-01-01, p1\t,p1 ,1") ==
        std::vector<std::string>{"2:17: expected player_b as a different player than player_a, got 'p1'"});
  CHECK(problems_of("2024-01-01,,p2,1") == std::vector<std::string>{"2:12: expected player_a as a player name, got ''"});
  CHECK(problems_of("2024-01-01,p1,  ,1") ==
        std::vector<std::string>{"2:17: expected player_b as a player name, got ''"});
}

TEST_CASE("fast path: a row reports all its problems at their columns", "[readers][fast]") {
  CHECK(problems_of("2023-02-30, p1,p1 ,7") ==
        std::vector<std::string>{"2:1: expected date as a valid date YYYY-MM-DD, got '2023-02-30'",
                                 "2:16: expected player_b as a different player than player_a, got 'p1'",
                                 "2:20: expected score_a as a number from 0 to 1, got '7'"});
  CHECK(problems_of("2024-01-01,p1,p2,1,x") ==
        std::vector<std::string>{"2:22: expected 5 fields as in the header, got 6"});
  // Too few fields: the problem is at the line's end, which the quotes move.
  temp_dir dir;
  CHECK(read(dir, "date,player_a,player_b,score_a,tag\n2024-01-01,p1,p2,t\n").problems ==
        std::vector<std::string>{"2:19: expected 5 fields as in the header, got 4"});
  CHECK(read(dir, "date,player_a,player_b,score_a,tag\n2024-01-01,p1,p2,\"t\"\n").problems ==
        std::vector<std::string>{"2:21: expected 5 fields as in the header, got 4"});
}

TEST_CASE("fast path: quoted fields, line ends, blank lines and a BOM read the same", "[readers][fast]") {
  const std::vector<std::string> rows = {"2024-01-01,\"Carlsen, Magnus\",p2,1",
                                         "",
                                         "  \t ",
                                         "2024-01-02,\"say \"\"hi\"\"\",  p2,0",
                                         "2024-01-03,p\xC3\xB6,p2,0.5",
                                         "2024-01-04,p1,p2,1"};
  for (const char* end : {"\n", "\r\n"}) {
    for (const char* last : {"\n", "\r\n", ""}) {
      for (const char* start : {"", "\xEF\xBB\xBF"}) {
        const outcome o = read_both(rows, end, last, start);
        REQUIRE(o.problems.empty());
        REQUIRE(o.games.size() == 4);
        CHECK(o.games[0] == game_seen{"Carlsen, Magnus", "p2", 1.0, 20240101, 2});
        CHECK(o.games[1] == game_seen{"say \"hi\"", "p2", 0.0, 20240102, 5});
        CHECK(o.games[2] == game_seen{"p\xC3\xB6", "p2", 0.5, 20240103, 6});
        CHECK(o.games[3] == game_seen{"p1", "p2", 1.0, 20240104, 7});
      }
    }
  }
}

TEST_CASE("fast path: long rows and many of them cross the scanner's blocks", "[readers][fast]") {
  std::mt19937 random(7);
  std::vector<std::string> rows;
  std::vector<game_seen> expected;
  const char* scores[] = {"0", "1", "0.5", "0.75", " 1 "};
  const double values[] = {0.0, 1.0, 0.5, 0.75, 1.0};
  for (int i = 0; i < 3000; ++i) {
    auto name = [&](char first) {
      std::string n(1, first);
      const size_t length = random() % 90;  // up to rows longer than 64 bytes
      for (size_t k = 0; k < length; ++k) n += char('a' + random() % 26);
      return n;
    };
    const std::string a = name('A'), b = name('B');
    const int day = 1 + int(random() % 28);
    const size_t s = random() % 5;
    std::string pad(random() % 3, ' ');
    rows.push_back("2024-03-" + std::string(day < 10 ? "0" : "") + std::to_string(day) + "," + pad + a + "," + b +
                   pad + "," + scores[s]);
    expected.push_back({a, b, values[s], 20240300 + day, i + 2});
  }
  const outcome o = read_both(rows);
  REQUIRE(o.problems.empty());
  CHECK(o.games == expected);
}

TEST_CASE("fast path: UTF-8 is checked beyond the first 64 bytes", "[readers][fast]") {
  const std::vector<std::string> rows = {"2024-01-01,a player with a long name,another player with a long name,1",
                                         "2024-01-02,\xC3\x96l\xC3\xA7" "er,p2,1"};
  const outcome o = read_both(rows, "\n", "\n", "\xEF\xBB\xBF");
  REQUIRE(o.games.size() == 2);
  CHECK(o.games[1].a == "\xC3\x96l\xC3\xA7" "er");
  CHECK(read_both({rows[0], rows[0], "2024-01-02,p\xFF,p2,1"}, "\n", "\n", "\xEF\xBB\xBF").problems ==
        std::vector<std::string>{"4:13: expected UTF-8 text, got byte 0xFF"});
}

}  // namespace test_reader_fast_path
