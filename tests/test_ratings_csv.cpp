// ratings.csv of a list long enough to be written in two halves and in many
// blocks of rows: each row is its player's, in rating order, as history.csv
// (written by another path, game by game) tells it.
#include "test_support.hpp"
#include "output/files/rating_order.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>
#include <string>
#include <vector>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_ratings_csv {

using namespace ratekit;

namespace {

std::vector<std::string> cells_of(const std::string& line) {
  std::vector<std::string> cells;
  std::istringstream row(line);
  for (std::string cell; std::getline(row, cell, ',');) cells.push_back(cell);
  return cells;
}

struct last_seen {
  std::string rating, rated;
  double peak = -1e300;
  int games = 0;
};

}  // namespace

TEST_CASE("ratings.csv lists every player of a long list once, in rating order, with his last rating, games and peak",
          "[ratings][output]") {
  // 150,000 games among 120,001 players: between none and several games each,
  // many equal ratings (ties go by name).
  constexpr int players = 120'001;
  std::string games = "date,player_a,player_b,score_a\n";
  for (long g = 0; g < 150'000; ++g) {
    const long a = g * 7919 % players, b = (g * 104'729 + 1) % players;
    if (a == b) continue;
    games += "2024-01-01,p" + std::to_string(a) + ",p" + std::to_string(b) + "," + std::string(g % 3 == 2 ? "0.5" : g % 3 ? "0" : "1") + "\n";
  }
  testing::temp_dir dir;
  testing::write_text(dir / "games.csv", games);
  testing::write_text(dir / "c.yaml", "competition: t\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\ninitial: 1500\n"
                                      "input: { format: games-csv, path: games.csv }\nperiod: game\n");
  REQUIRE(testing::run_cli("-q run " + (dir / "c.yaml").string() + " --out " + (dir / "out").string()).status == 0);

  std::map<std::string, last_seen> expected;
  std::istringstream history(testing::read_text(dir / "out" / "history.csv"));
  std::string line;
  std::getline(history, line);
  REQUIRE(line == "period,date,player,opponent,expected,score,k,change,rating_before,rating_after,rated_after");
  while (std::getline(history, line)) {
    const auto cells = cells_of(line);
    last_seen& p = expected[cells[2]];
    p.rating = cells[9];
    p.rated = cells[10];
    p.peak = std::max(p.peak, std::stod(cells[9]));
    ++p.games;
  }
  REQUIRE(expected.size() > 100'000);

  std::istringstream list(testing::read_text(dir / "out" / "ratings.csv"));
  std::getline(list, line);
  REQUIRE(line == "player,rating,rated,pool_games,pool_opponents,pool_score,pool_since,games,peak");
  size_t rows = 0, wrong = 0, out_of_order = 0;
  std::string previous_name;
  double previous_rating = 1e300;
  while (std::getline(list, line)) {
    const auto cells = cells_of(line);
    REQUIRE(cells.size() == 9);
    const auto seen = expected.find(cells[0]);
    REQUIRE(seen != expected.end());
    const last_seen& p = seen->second;
    wrong += cells[1] != p.rating || cells[2] != p.rated || cells[3] != "0" || cells[6] != "0" ||
             cells[7] != std::to_string(p.games) || std::stod(cells[8]) != p.peak;
    const double rating = std::stod(cells[1]);
    out_of_order += rating > previous_rating || (rating == previous_rating && cells[0] <= previous_name);
    previous_rating = rating;
    previous_name = cells[0];
    ++rows;
  }
  CHECK(rows == expected.size());  // each once: a name twice would be out of order
  CHECK(wrong == 0);
  CHECK(out_of_order == 0);
}

TEST_CASE("players are ordered by rating, highest first, equal ratings by name, short lists and long alike",
          "[ratings][output]") {
  // Ratings that share all high bytes and differ in the last bit, negative
  // ones, -0 beside 0, and many ties; names not in id order.
  const std::vector<double> kinds{1500, std::nextafter(1500.0, 2000.0), std::nextafter(1500.0, 0.0), 1499.75, 2850.5,
                                  -3.25, -1e-300, -0.0, 0.0, 1e-300, 0.5, -1500, 1e300, -1e300};
  for (const size_t n : {size_t(14), size_t(1023), size_t(1024), size_t(5000)}) {
    player_table players;
    std::vector<double> rating(n);
    std::vector<int32_t> ids;
    for (size_t i = 0; i < n; ++i) {
      players.intern("p" + std::to_string((i * 7919) % 10007));
      rating[i] = kinds[(i * 31 + i / 5) % kinds.size()];
      ids.push_back(int32_t(n - 1 - i));
    }
    std::vector<int32_t> expected = ids;
    std::sort(expected.begin(), expected.end(), [&](int32_t a, int32_t b) {
      return rating[size_t(a)] != rating[size_t(b)] ? rating[size_t(a)] > rating[size_t(b)]
                                                    : players.name(a) < players.name(b);
    });
    order_by_rating(ids, rating.data(), players);
    INFO(n << " players");
    CHECK(ids == expected);
  }
}

}  // namespace test_ratings_csv
