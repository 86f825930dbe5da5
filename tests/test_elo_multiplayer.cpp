// elo-multiplayer against the R package PlayerRatings' elom() itself: its
// final ratings and game counts of random 3- and 4-player games with ties
// (defaults and options) and of its own riichi mahjong games, stored by
// scripts/playerratings-reference.R in data/playerratings/; and its rules one
// at a time (base values of short tables, ties, Tenhou's K on both sides of 400).
#include "playerratings_support.hpp"
#include "split_runs_support.hpp"

#include <elo-multiplayer/base_values.hpp>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_elo_multiplayer {

using namespace ratekit::testing;
namespace elom = ratekit::plugins::elom;

namespace {

std::string tables(const std::string& file, const std::string& more = "") {
  return "model: elo-multiplayer\n" + more + "input: { format: standings-csv, path: " + file + " }\n";
}

void check_equal(const std::string& reference_file, const player_table& ours) {
  const auto reference = read_player_table(source_path("data/playerratings/" + reference_file));
  CHECK(largest_difference(reference, "rating", ours, "rating") < 1e-9);
  CHECK(largest_difference(reference, "games", ours, "played") == 0);
}

}  // namespace

TEST_CASE("elo-multiplayer equals PlayerRatings' elom() with its defaults on random tables with ties",
          "[elo-multiplayer][peers]") {
  temp_dir dir;
  check_equal("elom_random_default.csv", run_ratings(dir, tables(data_path("random_tables.csv"))));
}

TEST_CASE("elo-multiplayer equals elom() with other base values and K (kriichi's gv and kv)",
          "[elo-multiplayer][peers]") {
  temp_dir dir;
  const auto ours = run_ratings(dir, tables(data_path("random_tables.csv"),
                                            "params: { base_1: 40, base_2: 15, base_3: -5, base_4: -50, k: 0.3, "
                                            "k_games: 50 }\n"));
  check_equal("elom_random_options.csv", ours);
  // The defaults give other numbers.
  const auto reference = read_player_table(source_path("data/playerratings/elom_random_default.csv"));
  CHECK(largest_difference(reference, "rating", ours, "rating") > 1.0);
}

TEST_CASE("elo-multiplayer equals elom() on PlayerRatings' 540 riichi mahjong games", "[elo-multiplayer][peers]") {
  temp_dir dir;
  check_equal("elom_riichi_default.csv", run_ratings(dir, tables(data_path("riichi_2019.csv"))));
}

TEST_CASE("elo-multiplayer: placings give what the scores give, however the ties are numbered",
          "[elo-multiplayer][peers]") {
  // The random tables with each score replaced by a dense place (40, 20, 20, 0: 1, 2, 2, 3), which
  // elom(placing = TRUE) ranks as 1, 2, 2, 4: the places the scores give.
  std::istringstream in(read_text(source_path("data/playerratings/random_tables.csv")));
  std::string line, out = "event,date,player,rank\n";
  std::getline(in, line);
  std::vector<std::vector<std::string>> game;
  const auto flush = [&] {
    std::vector<double> scores;
    for (const auto& row : game) scores.push_back(std::stod(row[3]));
    std::vector<double> distinct = scores;
    std::sort(distinct.rbegin(), distinct.rend());
    distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
    for (size_t i = 0; i < game.size(); ++i) {
      const auto place = std::find(distinct.begin(), distinct.end(), scores[i]) - distinct.begin() + 1;
      out += game[i][0] + "," + game[i][1] + "," + game[i][2] + "," + std::to_string(place) + "\n";
    }
    game.clear();
  };
  while (std::getline(in, line)) {
    std::vector<std::string> row;
    for (std::istringstream cells(line); std::getline(cells, line, ',');) row.push_back(line);
    if (!game.empty() && game.front()[0] != row[0]) flush();
    game.push_back(row);
  }
  flush();
  temp_dir dir;
  write_text(dir / "places.csv", out);
  check_equal("elom_random_default.csv", run_ratings(dir, tables("places.csv")));
}

TEST_CASE("elom's base values of a short table: the centre removed or averaged, one seat at a time",
          "[elo-multiplayer]") {
  CHECK(elom::for_players({30, 10, -10, -30}, 4) == std::vector<double>{30, 10, -10, -30});
  CHECK(elom::for_players({30, 10, -10, -30}, 3) == std::vector<double>{30, 0, -30});
  CHECK(elom::for_players({30, 10, -10, -30}, 2) == std::vector<double>{30, -30});
  CHECK(elom::for_players({40, 20, 0, -20, -40}, 4) == std::vector<double>{40, 20, -20, -40});
  CHECK(elom::for_players({40, 20, 0, -20, -40}, 3) == std::vector<double>{40, 0, -40});
}

TEST_CASE("elom's places: tied entries share the best place they cover", "[elo-multiplayer]") {
  std::vector<size_t> places;
  const double ranks[] = {2, 1, 2, 4};
  elom::places(ranks, 4, places);
  CHECK(places == std::vector<size_t>{2, 1, 2, 4});
  const double dense[] = {1, 1, 2, 3};  // numbered without gaps: the same places as 1, 1, 3, 4
  elom::places(dense, 4, places);
  CHECK(places == std::vector<size_t>{1, 1, 3, 4});
}

TEST_CASE("Tenhou's K: from 1 at the first game down to k at k_games, k from there on", "[elo-multiplayer]") {
  CHECK(elom::k_factor(0, 0.2, 400) == 1.0);
  CHECK(elom::k_factor(200, 0.2, 400) == Approx(0.6).epsilon(1e-15));
  CHECK(elom::k_factor(399, 0.2, 400) == Approx(1 - 0.8 * 399 / 400).epsilon(1e-15));
  CHECK(elom::k_factor(399, 0.2, 400) > 0.2);
  CHECK(elom::k_factor(400, 0.2, 400) == 0.2);
  CHECK(elom::k_factor(5000, 0.2, 400) == 0.2);
  CHECK(elom::k_factor(0, 0.3, 0) == 0.3);  // k_games 0: a constant K
}

TEST_CASE("elo-multiplayer: one game by hand, and a table larger than its seats refused", "[elo-multiplayer]") {
  temp_dir dir;
  // Four new players at 1500, scores 40, 20, 20, 0: places 1, 2, 2, 4, base 30, 10, 10, -30, K 1.
  write_text(dir / "g.csv",
             "event,date,player,score\ng1,2024-01-01,A,40\ng1,2024-01-01,B,20\ng1,2024-01-01,C,20\ng1,2024-01-01,D,0\n");
  const auto ours = run_ratings(dir, tables("g.csv"));
  CHECK(ours.at("A").at("rating") == 1530);
  CHECK(ours.at("B").at("rating") == 1510);
  CHECK(ours.at("C").at("rating") == 1510);
  CHECK(ours.at("D").at("rating") == 1470);
  CHECK(ours.at("A").at("played") == 1);
  write_text(dir / "c.yaml", "competition: pr\n" + tables("g.csv", "params: { seats: 3 }\n") + "output: { dir: out2 }\n");
  const auto refused = run_cli("-q run '" + (dir / "c.yaml").string() + "'");
  CHECK(refused.status != 0);
  CHECK(refused.out.find("a game of 4 players: this model rates 2 to seats (3) players") != std::string::npos);
}

TEST_CASE("elo-multiplayer through the history database: the riichi games in two runs end as one run",
          "[elo-multiplayer][cli]") {
  // Each player's games played, which Tenhou's K falls with, cross from the first run to the second.
  const auto runs = ratekit::testing::rate_in_one_and_two_runs("data/playerratings/riichi_2019.csv", "g271,",
                                                               "model: elo-multiplayer\nperiod: event\n", "standings-csv");
  REQUIRE(runs.rated);
  CHECK(runs.second_run == runs.one_run);
}

}  // namespace test_elo_multiplayer
