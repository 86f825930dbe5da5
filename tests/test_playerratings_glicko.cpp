// glicko and glicko2 against PlayerRatings' glicko(), glicko2() and predict()
// themselves (data/playerratings/, scripts/playerratings-reference.R): gamma as
// home_advantage, init as initial.state with its first period's growth, and
// predict's tng and trat as `ratekit predict --min-games --new-rating --new-state`.
#include "playerratings_support.hpp"

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_playerratings_glicko {

using namespace ratekit::testing;

namespace {

// PlayerRatings grows every RD in a player's first period, init c(1800, 250) and cval 20 included:
// ratekit's glicko starts him there (docs/playerratings.md).
std::string full_precision(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", x);
  return text;
}

const std::string glicko_config =
    "model: glicko\nparams: { c: 20 }\ninitial: { rating: 1800, state: { rd: " +
    full_precision(std::sqrt(250.0 * 250 + 20 * 20)) + " } }\nhome_advantage: 30\n"
    "input: { format: games-csv, path: " + data_path("random_games.csv") + ", home_side: a }\nperiod: month\n";

// Column `name` of every row of a predictions CSV.
std::vector<std::string> column(const std::string& csv, const std::string& name) {
  std::istringstream in(csv);
  std::string line, cell;
  std::getline(in, line);
  size_t index = 0;
  for (std::istringstream cells(line); std::getline(cells, cell, ',') && cell != name;) ++index;
  std::vector<std::string> out;
  while (std::getline(in, line)) {
    std::istringstream cells(line);
    for (size_t i = 0; i <= index; ++i) std::getline(cells, cell, ',');
    out.push_back(cell);
  }
  return out;
}

// `ratekit predict` of PlayerRatings' new games with `options`.
std::string predict(const temp_dir& dir, const std::string& options) {
  write_text(dir / "c.yaml", "competition: pr\n" + glicko_config + "output: { dir: out }\n");
  const auto r = run_cli("-q predict '" + (dir / "c.yaml").string() + "' " + data_path("glicko_predict.csv") + " " +
                         options + " -o '" + (dir / "p.csv").string() + "'");
  INFO(r.out);
  REQUIRE(r.status == 0);
  return read_text(dir / "p.csv");
}

}  // namespace

TEST_CASE("glicko with gamma equals PlayerRatings' glicko() on a random stream", "[peers][glicko]") {
  const auto reference = read_player_table(source_path("data/playerratings/glicko_random_gamma.csv"));
  temp_dir dir;
  const auto ours = run_ratings(dir, glicko_config);
  CHECK(largest_difference(reference, "rating", ours, "rating") < 1e-9);
  CHECK(largest_difference(reference, "deviation", ours, "rd") < 1e-9);
}

TEST_CASE("glicko2 with gamma agrees with PlayerRatings' glicko2() to its optimizer's tolerance", "[peers][glicko2]") {
  const auto reference = read_player_table(source_path("data/playerratings/glicko2_random_gamma.csv"));
  const auto config = [](const std::string& home) {
    return "model: glicko2\nparams: { tau: 0.5, rdmax: 350 }\ninitial: { rating: 1800, state: { rd: 250, volatility: "
           "0.1 } }\n" + home + "input: { format: games-csv, path: " + data_path("random_games.csv") +
           ", home_side: a }\nperiod: month\n";
  };
  temp_dir dir;
  const auto ours = run_ratings(dir, config("home_advantage: 30\n"));
  // glicko2() finds the volatility with R's optimize(), ratekit with Glickman's iteration: 0.0025 points apart.
  CHECK(largest_difference(reference, "rating", ours, "rating") < 0.01);
  CHECK(largest_difference(reference, "deviation", ours, "rd") < 0.01);
  CHECK(largest_difference(reference, "volatility", ours, "volatility") < 1e-4);
  temp_dir other;
  CHECK(largest_difference(reference, "rating", run_ratings(other, config("")), "rating") > 1.0);
}

TEST_CASE("predict --min-games 20 --new-rating 1700 --new-state rd=300 is predict(tng = 20, trat = c(1700, 300))",
          "[peers][glicko][predict]") {
  temp_dir dir;
  const std::string csv = predict(dir, "--min-games 20 --new-rating 1700 --new-state rd=300");
  const auto theirs = column(csv, "glicko"), ours = column(csv, "expected_a"), fresh = column(csv, "new_b");
  REQUIRE(ours.size() == 42);
  double largest = 0;
  for (size_t i = 0; i < ours.size(); ++i) largest = std::max(largest, std::abs(std::stod(ours[i]) - std::stod(theirs[i])));
  CHECK(largest < 1e-9);
  CHECK(std::count(fresh.begin(), fresh.end(), "1") > 5);  // the late joiners and X01 count
  // Without the options the late joiners are predicted from their own state: other numbers, none marked new but X01.
  temp_dir plain_dir;
  const std::string plain = predict(plain_dir, "");
  CHECK(plain != csv);
  const auto plain_fresh = column(plain, "new_b");
  CHECK(std::count(plain_fresh.begin(), plain_fresh.end(), "1") == 1);
}

TEST_CASE("predict --min-games: a player with exactly N games is rated, with one fewer new", "[peers][predict]") {
  // P23 has 11 games in the stream (row 18 of the new games, P23 against P18, is his).
  for (const auto& [min_games, expected_new] : {std::pair{"11", "0"}, std::pair{"12", "1"}}) {
    INFO("--min-games " << min_games);
    temp_dir dir;
    const std::string csv = predict(dir, std::string("--min-games ") + min_games);
    const auto players = column(csv, "player_a"), fresh = column(csv, "new_a");
    const size_t row = size_t(std::find(players.begin(), players.end(), "P23") - players.begin());
    REQUIRE(row < players.size());
    CHECK(fresh[row] == expected_new);
  }
}

TEST_CASE("predict --database takes --min-games, --new-rating and --new-state as predict CONFIG does",
          "[peers][predict]") {
  temp_dir dir;
  const std::string options = " --min-games 20 --new-rating 1700 --new-state rd=300";
  const std::string from_config = predict(dir, options);
  write_text(dir / "d.yaml", "competition: pr\n" + glicko_config + "output: { dir: out, database: ratings.db }\n");
  REQUIRE(run_cli("-q run '" + (dir / "d.yaml").string() + "'").status == 0);
  const auto r = run_cli("-q predict --database '" + (dir / "ratings.db").string() + "' --competition pr " +
                         data_path("glicko_predict.csv") + options + " -o '" + (dir / "db.csv").string() + "'");
  INFO(r.out);
  REQUIRE(r.status == 0);
  CHECK(read_text(dir / "db.csv") == from_config);
}

TEST_CASE("predict --new-state refuses a field the model does not keep", "[peers][predict]") {
  temp_dir dir;
  write_text(dir / "c.yaml", "competition: pr\n" + glicko_config + "output: { dir: out }\n");
  const auto r = run_cli("-q predict '" + (dir / "c.yaml").string() + "' " + data_path("glicko_predict.csv") +
                         " --new-state volatility=0.06");
  CHECK(r.status != 0);
  CHECK(r.out.find("'volatility' is no state field of glicko") != std::string::npos);
  const auto bad = run_cli("-q predict '" + (dir / "c.yaml").string() + "' " + data_path("glicko_predict.csv") +
                           " --new-state rd");
  CHECK(bad.status != 0);
  CHECK(bad.out.find("expected name=value") != std::string::npos);
}

}  // namespace test_playerratings_glicko
