// The egd reader (EGD tournament tables) and go grades.
#include <catch2/catch.hpp>
#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/input/readers.hpp>

#include "input/go_grade.hpp"
#include "test_support.hpp"

#include <cmath>
#include <filesystem>
#include <string>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_egd {

namespace {

namespace fs = std::filesystem;

// Writes `content` to a file in a temporary directory removed at exit.
fs::path write_table(const std::string& name, const std::string& content) {
  static const ratekit::testing::temp_dir dir;
  ratekit::testing::write_text(dir / name, content);
  return dir / name;
}

// The message of reading `content`, or "" when it reads.
std::string read_error(const std::string& name, const std::string& content) {
  const fs::path file = write_table(name, content);
  ratekit::dataset d;
  try {
    ratekit::read_egd(file, {}, d);
  } catch (const ratekit::user_error& e) {
    const std::string what = e.what();
    CHECK(what.find(file.string()) == 0);
    return what.substr(file.string().size());
  }
  return "";
}

}  // namespace

TEST_CASE("go grades are GoR, 100 points a grade", "[egd]") {
  using ratekit::parse_go_grade;
  CHECK(parse_go_grade("20k") == 100.0);
  CHECK(parse_go_grade("1k") == 2000.0);
  CHECK(parse_go_grade("4k") == 1700.0);
  CHECK(parse_go_grade("1d") == 2100.0);
  CHECK(parse_go_grade("9d") == 2900.0);
  CHECK(parse_go_grade("30k") == -900.0);
  CHECK(parse_go_grade("5 kyu") == 1600.0);
  CHECK(parse_go_grade("3 dan") == 2300.0);
  CHECK(parse_go_grade("5K") == 1600.0);
  CHECK(parse_go_grade("2D") == 2200.0);
  CHECK(parse_go_grade("3 DAN") == 2300.0);
  CHECK(parse_go_grade("12Kyu") == 900.0);
  for (const char* bad : {"", "k", "0k", "31k", "0d", "10d", "100k", "-1k", "5x", "5 k u", "1p", "5kk", " 5k", "1.5k"}) {
    INFO(bad);
    CHECK_FALSE(parse_go_grade(bad).has_value());
  }
}

TEST_CASE("egd reads the seed's tournament", "[egd]") {
  ratekit::dataset d;
  ratekit::read_egd(fs::path(RATEKIT_SOURCE_DIR) / "data/go/seed_example.egd", {}, d);
  REQUIRE(d.players.size() == 5);
  const char* names[] = {"Author", "Monique", "Philippe", "Óscar", "Carles"};
  const double ratings[] = {1721, 2073, 1724, 1600, 1617};
  for (int32_t i = 0; i < 5; ++i) {
    CHECK(d.players.name(i) == names[i]);
    CHECK(d.players.declared_rating[size_t(i)] == ratings[i]);
    CHECK(d.players.federation[size_t(i)].empty());
  }
  REQUIRE(d.games.size() == 4);
  const int32_t opponent[] = {1, 2, 3, 4};
  const double score[] = {0, 1, 0, 1};
  for (size_t i = 0; i < 4; ++i) {
    CHECK(d.games[i].a == 0);
    CHECK(d.games[i].b == opponent[i]);
    CHECK(d.games[i].score_a == score[i]);
    CHECK(d.games[i].handicap == 0.0);
    CHECK(std::isnan(d.games[i].points_a));
    CHECK(d.facts.period[i] == 0);
    CHECK(d.facts.line[i] == 7);
    CHECK(d.facts.date[i] == 0);
  }
  CHECK(d.facts.home.size() == 4);
  CHECK(d.facts.week.size() == 4);
  CHECK(d.facts.tag.size() == 4);
  REQUIRE(d.period_names.size() == 1);
  CHECK(d.period_names[0] == "EGF GoR worked example");
}

TEST_CASE("egd reads names with spaces, colours, handicaps, jigo and dates", "[egd]") {
  const fs::path file = write_table("colours.egd",
                                    "; EV[ Spring Cup ]\r\n"
                                    "; DT[2009-05-16,2009-05-17]\r\n"
                                    "1 Garcia Lopez Oscar  ES  2d   3+/w0  2=/b\r\n"
                                    "2 Vidal Jordi         Bcn 3k     0      1=/w\r\n"
                                    "\r\n"
                                    "3 Ro Anna             FR  1850 1-/b0  0+\r\n");
  ratekit::dataset d;
  ratekit::read_egd(file, {}, d);
  REQUIRE(d.players.size() == 3);
  CHECK(d.players.name(0) == "Garcia Lopez Oscar");
  CHECK(d.players.name(1) == "Vidal Jordi");
  CHECK(d.players.declared_rating[0] == 2200.0);
  CHECK(d.players.declared_rating[1] == 1800.0);
  CHECK(d.players.declared_rating[2] == 1850.0);
  CHECK(d.players.federation[0] == "ES");
  CHECK(d.players.federation[1] == "Bcn");
  REQUIRE(d.games.size() == 2);
  CHECK(d.games[0].a == 0);
  CHECK(d.games[0].b == 2);
  CHECK(d.games[0].score_a == 1.0);
  CHECK(d.games[1].a == 0);
  CHECK(d.games[1].b == 1);
  CHECK(d.games[1].score_a == 0.5);
  CHECK(d.facts.date[0] == 20090516);
  CHECK(d.facts.line[1] == 3);
  CHECK(d.period_names[0] == "Spring Cup");

  // Black receives the stones: seen from A, positive when A had black.
  const fs::path hc = write_table("handicap.egd",
                                  "1 White Player - 2d 2+/w3 2-/b2\n"
                                  "2 Black Player - 1k 1-/b3 1+/w2\n");
  ratekit::dataset h;
  ratekit::read_egd(hc, {}, h);
  REQUIRE(h.games.size() == 2);
  CHECK(h.games[0].handicap == -3.0);
  CHECK(h.games[1].handicap == 2.0);

  // A second file is a second tournament; players carry over by name.
  ratekit::read_egd(file, {}, h);
  CHECK(h.players.size() == 5);
  CHECK(h.period_names.size() == 2);
  CHECK(h.facts.period.back() == 1);
  CHECK(h.period_names[1] == "Spring Cup");
}

TEST_CASE("egd tournaments without a name take the file's", "[egd]") {
  const fs::path file = write_table("autumn.egd", "1 A - 5k 2+\n2 B - 6k 1-\n");
  ratekit::dataset d;
  ratekit::read_egd(file, {}, d);
  CHECK(d.period_names[0] == "autumn");
}

TEST_CASE("egd errors name the line, the column and the round", "[egd]") {
  CHECK(read_error("cell.egd", "1 A - 5k 2+ 2x\n2 B - 6k 1- 1+\n") ==
        ":1:13: round 2: expected <opponent place><+|-|=>[/<w|b>[<handicap>]] or 0, got '2x'");
  CHECK(read_error("colour.egd", "1 A - 5k 2+/g\n2 B - 6k 1-\n") ==
        ":1:10: round 1: expected <opponent place><+|-|=>[/<w|b>[<handicap>]] or 0, got '2+/g'");
  CHECK(read_error("disagree.egd", "1 A - 5k 2+ 0\n2 B - 6k 1+ 0\n") ==
        ":1:10: round 1: line 2 (place 2) has '1+', expected the opposite result and colour and the same "
        "handicap as '2+'");
  CHECK(read_error("handicap.egd", "1 A - 5k 2+/w2\n2 B - 6k 1-/b3\n") ==
        ":1:10: round 1: line 2 (place 2) has '1-/b3', expected the opposite result and colour and the same "
        "handicap as '2+/w2'");
  CHECK(read_error("other.egd", "1 A - 5k 2+\n2 B - 6k 3-\n3 C - 6k 2+\n") ==
        ":1:10: round 1: line 2 (place 2) has '3-', expected a game against place 1");
  CHECK(read_error("unknown.egd", "1 A - 5k 2+\n2 B - 6k 7-\n") ==
        ":2:10: round 1: expected the place of a player in the table, got 7");
  CHECK(read_error("self.egd", "1 A - 5k 1+\n2 B - 6k 0\n") == ":1:10: round 1: a player cannot play himself");
  CHECK(read_error("place.egd", "1 A - 5k 2+\nx B - 6k 1-\n") == ":2:1: expected the place as a whole number from 1, got 'x'");
  CHECK(read_error("twice.egd", "1 A - 5k 2+\n1 B - 6k 1-\n") == ":2:1: place 1 is already used on line 1");
  CHECK(read_error("player.egd", "1 A - 5k 2+\n2 A - 6k 1-\n") == ":2:3: player 'A' is already on line 1");
  CHECK(read_error("rounds.egd", "1 A - 5k 2+ 0\n2 B - 6k 1-\n") == ":2:7: expected 2 rounds as on line 1, got 1");
  CHECK(read_error("grade.egd", "1 A B - 5x 2+\n2 C - 6k 1-\n") ==
        ":1:7: expected <place> <name> <club or country> <grade like 5k or 2d, or a GoR> <rounds...>");
  CHECK(read_error("date.egd", "; DT[2009-13-01]\n1 A - 5k 2+\n2 B - 6k 1-\n") ==
        ":1:6: expected DT[YYYY-MM-DD...], got '2009-13-01'");
  // The EGD's own export layout (grade before country and club, score columns) is refused.
  CHECK(read_error("export.egd", "1 Schaufler Jonas 4d DE Darm 29 2+/w0\n2 Mayer Hans 3d DE Darm 28 1-/b0\n")
            .find(":1:22: round 1: expected <opponent place>") == 0);
  CHECK(read_error("empty.egd", "; nothing\n") == ": no players: expected one line per player");
  CHECK(read_error("byes.egd", "1 A - 5k 0\n2 B - 6k 0-\n") == ": no games: every round cell is 0");
}

TEST_CASE("egd reports every problem of a file together", "[egd]") {
  const std::string message = read_error("many.egd", "1 A - 5k 2x\n2 B - 6k 1y\n");
  CHECK(message.find(":1:10: round 1:") != std::string::npos);
  CHECK(message.find(":2:10: round 1:") != std::string::npos);
}

}  // namespace test_egd
