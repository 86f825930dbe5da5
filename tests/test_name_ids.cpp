// The games-csv reader's fast name lookup: ids follow the file, repeated names
// (short, inline in the table, and long, compared through the player table)
// get their first id back across the table's growth, and players known before
// the file keep their ids.
#include <ratekit/host/input/dataset.hpp>
#include <ratekit/host/input/readers.hpp>

#include <catch2/catch.hpp>

#include "test_support.hpp"

#include <cmath>
#include <string>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_name_ids {

namespace {

// Player k's name: short for even k, longer than a table slot holds for odd k.
std::string name_of(int k) {
  std::string name = k % 2 ? "a player with a rather long name number " : "p";
  return name += std::to_string(k);
}

}  // namespace

TEST_CASE("games-csv gives each name one id, in order of first appearance", "[readers][perf]") {
  ratekit::testing::temp_dir dir;
  constexpr int players = 3000;  // several growths of a table that starts with 1024 slots
  std::string csv = "date,player_a,player_b,score_a\n";
  for (int k = 0; k + 1 < players; k += 2)  // first pass: every player appears, in order
    csv += "2020-01-01," + name_of(k) + "," + name_of(k + 1) + ",1\n";
  for (int k = players - 1; k > 0; --k)  // second pass: all again, backwards
    csv += "2020-01-02," + name_of(k) + "," + name_of(k - 1) + ",0\n";
  ratekit::testing::write_text(dir / "g.csv", csv);

  ratekit::dataset d;
  const int32_t known = d.players.intern(name_of(7));  // from a ratings list, say
  ratekit::read_games_csv(dir / "g.csv", {}, d);

  REQUIRE(d.players.size() == players);
  REQUIRE(known == 0);
  REQUIRE(d.games.size() == size_t(players / 2 + players - 1));
  // Ids by first appearance, player 7 keeping 0: players 0..6 come 1..7, then 8.. keep k.
  CHECK(d.games[0].a == 1);
  CHECK(d.games[0].b == 2);
  CHECK(d.games[3].a == 7);
  CHECK(d.games[3].b == 0);
  CHECK(d.games[4].a == 8);
  CHECK(d.games[4].b == 9);
  for (int k = 8; k < players; ++k) REQUIRE(d.players.find(name_of(k)) == k);
  // The second pass finds the same ids: game players/2 + j is (players-1-j) vs (players-2-j).
  for (int j = 0; j < players - 1; ++j) {
    const rk_game& g = d.games[size_t(players / 2 + j)];
    REQUIRE(d.players.name(g.a) == name_of(players - 1 - j));
    REQUIRE(d.players.name(g.b) == name_of(players - 2 - j));
  }
}

TEST_CASE("player table: every name keeps its id across the index's growth, unknown names are -1", "[readers]") {
  ratekit::player_table t;
  CHECK(t.find("anyone") == -1);  // before the first name
  constexpr int players = 200'000;  // the index starts at 1024 slots: eight growths
  for (int k = 0; k < players; ++k) REQUIRE(t.intern(name_of(k)) == k);
  REQUIRE(t.size() == players);
  for (int k = players - 1; k >= 0; --k) {
    REQUIRE(t.find(name_of(k)) == k);
    REQUIRE(t.intern(name_of(k)) == k);  // no second id
    REQUIRE(t.name(k) == name_of(k));
  }
  CHECK(t.size() == players);
  CHECK(t.find("p" + std::to_string(players)) == -1);
  CHECK(t.find("") == -1);
  CHECK(t.intern("") == players);  // an empty name is a name like any other here; readers refuse it
  CHECK(t.find("") == players);
  CHECK(t.birth_year.size() == size_t(players + 1));
  CHECK(std::isnan(t.declared_rating.back()));
  CHECK(t.federation[size_t(players)].empty());
  CHECK_FALSE(t.federation.any());
}

TEST_CASE("player table: players added as new join the index when find or intern next looks", "[readers]") {
  ratekit::player_table t;
  constexpr int players = 200'000;  // eight growths of the index, all at the first look
  for (int k = 0; k < players; ++k) REQUIRE(t.add_new(name_of(k)) == k);
  CHECK(t.find(name_of(players - 1)) == players - 1);
  for (int k = 0; k < players; ++k) REQUIRE(t.find(name_of(k)) == k);
  CHECK(t.intern(name_of(5)) == 5);  // no second id
  CHECK(t.add_new("later") == players);  // more after the index was built
  CHECK(t.intern("later") == players);
  CHECK(t.intern("new") == players + 1);
  CHECK(t.find("nobody") == -1);
  CHECK(t.size() == players + 2);
  CHECK(t.declared_rating.size() == size_t(players + 2));
}

TEST_CASE("games-csv keeps the ids of the players known before each file, over two files", "[readers]") {
  ratekit::testing::temp_dir dir;
  // Files of names 0..2999 in pairs, and of names 2000..4999 backwards.
  std::string first = "date,player_a,player_b,score_a\n", second = first;
  for (int k = 0; k + 1 < 3000; k += 2) first += "2020-01-01," + name_of(k) + "," + name_of(k + 1) + ",1\n";
  for (int k = 4999; k > 2000; --k) second += "2020-01-02," + name_of(k) + "," + name_of(k - 1) + ",0\n";
  ratekit::testing::write_text(dir / "first.csv", first);
  ratekit::testing::write_text(dir / "second.csv", second);

  ratekit::dataset d;
  // 1500 known players, short and long names (a ratings list, say): names 1000..2499.
  for (int k = 1000; k < 2500; ++k) REQUIRE(d.players.intern(name_of(k)) == k - 1000);
  ratekit::read_games_csv(dir / "first.csv", {}, d);
  REQUIRE(d.players.size() == 3000);
  CHECK(d.games[0].a == 1500);  // names 0..999 are new: 1500..2499
  CHECK(d.games[500].a == 0);   // name 1000 is known: id 0
  CHECK(d.games[1499].b == 2999);  // name 2999: new, after 0..999 took 1500..2499
  ratekit::read_games_csv(dir / "second.csv", {}, d);
  REQUIRE(d.players.size() == 5000);  // names 3000..4999 are new, the rest known
  const rk_game& opening = d.games[1500];  // name 4999 against 4998
  CHECK(opening.a == 3000);
  CHECK(opening.b == 3001);
  for (int k = 0; k < 5000; ++k) REQUIRE(d.players.name(d.players.find(name_of(k))) == name_of(k));
  CHECK(d.players.find(name_of(2500)) == 2500);  // first seen in the first file after the 1500 known and 1000 new
}

TEST_CASE("sparse texts: empty for every player until one is set, then only that one", "[readers]") {
  ratekit::sparse_texts texts;
  CHECK(texts[0].empty());
  CHECK(texts[1'000'000].empty());
  CHECK_FALSE(texts.any());
  texts.set(5, "IRL");
  CHECK(texts[5] == "IRL");
  CHECK(texts[4].empty());
  CHECK(texts[6].empty());
  CHECK(texts.any());
  texts.set(2, "ENG");
  CHECK(texts[2] == "ENG");
  CHECK(texts[5] == "IRL");
  texts.set(5, "");
  CHECK(texts[2] == "ENG");
  CHECK(texts[5].empty());
  texts.set(2, "");
  CHECK_FALSE(texts.any());
}

}  // namespace test_name_ids
