// Each PlayerRatings argument docs/playerratings.md maps to a ratekit config,
// checked on what the config does: init as initial.rating and initial.state,
// gamma as home_advantage with home_side a, rdmax, and their bounds.
#include "test_support.hpp"

#include <catch2/catch.hpp>
#include <glicko/glicko_math.hpp>
#include <glicko2/glicko2_math.hpp>

#include <cmath>
#include <sstream>
#include <string>
#include <vector>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_playerratings_options {

using namespace ratekit::testing;

namespace {

// One month of games; a run of `model` with config lines `extra`; its output folder.
struct run {
  temp_dir dir;
  command_result result;
  run(const std::string& model, const std::string& extra,
      const std::string& games = "date,player_a,player_b,score_a\n2024-01-05,A,B,1\n2024-01-09,A,C,0.5\n") {
    write_text(dir / "g.csv", games);
    write_text(dir / "c.yaml", "competition: pr\nmodel: " + model + "\n" + extra +
                                   "input: { format: games-csv, path: g.csv, home_side: a }\nperiod: month\n"
                                   "output: { dir: out }\n");
    result = run_cli("-q run " + (dir / "c.yaml").string());
  }
  std::string ratings() const { return read_text(dir / "out/ratings.csv"); }
  // Field `column` (0-based) of history.csv's first row.
  double first_row(size_t column) const {
    std::istringstream rows(read_text(dir / "out/history.csv"));
    std::string line;
    std::getline(rows, line);
    std::getline(rows, line);
    std::vector<std::string> cells;
    for (size_t from = 0, comma = 0; comma != std::string::npos; from = comma + 1)
      cells.push_back(line.substr(from, (comma = line.find(',', from)) - from));
    return std::stod(cells.at(column));
  }
};

constexpr size_t expected_column = 4, rating_after_column = 9;

// ratings.csv of the same games rated by `model` from a ratings list `list` naming every player.
std::string from_list(const std::string& model, const std::string& list) {
  temp_dir dir;
  write_text(dir / "list.csv", list);
  write_text(dir / "g.csv", "date,player_a,player_b,score_a\n2024-01-05,A,B,1\n2024-01-09,A,C,0.5\n");
  write_text(dir / "c.yaml", "competition: pr\nmodel: " + model + "\ninitial: { ratings: list.csv }\n"
                             "input: { format: games-csv, path: g.csv }\nperiod: month\noutput: { dir: out }\n");
  REQUIRE(run_cli("-q run " + (dir / "c.yaml").string()).status == 0);
  return read_text(dir / "out/ratings.csv");
}

}  // namespace

TEST_CASE("init = c(2200, 300) is initial.rating and initial.state.rd: a new player's rating and RD", "[peers][glicko]") {
  const run r("glicko", "initial: { rating: 2200, state: { rd: 300 } }\n");
  REQUIRE(r.result.status == 0);
  // A beats B and draws C, all new at 2200 with RD 300.
  using namespace ratekit::plugins::glicko_math;
  const double e = expected(2200, 2200, 300), gr = g(300);
  const double information = 2 * gr * gr * e * (1 - e);
  const double rd = new_rd(300, information);
  CHECK(r.first_row(rating_after_column) == Approx(2200 + q * rd * rd * gr * ((1 - e) + (0.5 - e))).epsilon(1e-12));
  // Listing every player with that RD gives the same: initial.state is PlayerRatings' status for all newcomers.
  CHECK(from_list("glicko", "player,rating,rd\nA,2200,300\nB,2200,300\nC,2200,300\n") == r.ratings());
  // Without it, RD 350: other numbers.
  const run plain("glicko", "initial: 2200\n");
  CHECK(plain.ratings() != r.ratings());
}

TEST_CASE("init = c(2200, 300, 0.15) sets glicko2's rating, RD and volatility of new players", "[peers][glicko2]") {
  const run r("glicko2", "initial: { rating: 2200, state: { rd: 300, volatility: 0.15 } }\n");
  REQUIRE(r.result.status == 0);
  CHECK(from_list("glicko2", "player,rating,rd,volatility\nA,2200,300,0.15\nB,2200,300,0.15\nC,2200,300,0.15\n") ==
        r.ratings());
  const run rd_only("glicko2", "initial: { rating: 2200, state: { rd: 300 } }\n");  // volatility 0.06
  CHECK(rd_only.ratings() != r.ratings());
}

TEST_CASE("initial.state names the model's state fields only, with the place of a mistake", "[peers][config]") {
  const run typo("glicko2", "initial: { state: { RD: 300 } }\n");
  CHECK(typo.result.status == 1);
  CHECK_THAT(typo.result.out, Catch::Contains("c.yaml:3:21: unknown state field 'RD' in 'initial.state' of model "
                                              "'glicko2' (did you mean 'rd'?)"));
  const run rating("glicko", "initial: { state: { rating: 2200 } }\n");
  CHECK(rating.result.status == 1);
  CHECK_THAT(rating.result.out,
             Catch::Contains("c.yaml:3:21: the starting rating is 'initial.rating', not 'initial.state.rating'"));
  const run text("glicko", "initial: { state: { rd: wide } }\n");
  CHECK(text.result.status == 1);
  CHECK_THAT(text.result.out, Catch::Contains("c.yaml:3:25: expected a number for 'rd', got 'wide'"));
}

TEST_CASE("gamma is home_advantage with home_side a: player one's rating raised in both expectations", "[peers][glicko]") {
  using namespace ratekit::plugins::glicko_math;
  const run r("glicko", "home_advantage: 30\n");
  REQUIRE(r.result.status == 0);
  CHECK(r.first_row(expected_column) == Approx(expected(1530, 1500, 350)).epsilon(1e-12));
  const run none("glicko", "home_advantage: 0\n");
  CHECK(none.first_row(expected_column) == Approx(0.5).epsilon(1e-12));
  const run away("glicko", "home_advantage: -30\n");  // negative favours player two, as gamma does
  CHECK(away.first_row(expected_column) == Approx(expected(1470, 1500, 350)).epsilon(1e-12));
  // In B's row too: B's expectation against A's raised rating.
  std::istringstream rows(read_text(r.dir / "out/history.csv"));
  std::string line;
  for (int i = 0; i < 3; ++i) std::getline(rows, line);
  CHECK_THAT(line, Catch::StartsWith("2024-01,2024-01-05,B,A,"));
  CHECK(std::stod(line.substr(std::string("2024-01,2024-01-05,B,A,").size())) ==
        Approx(expected(1500, 1530, 350)).epsilon(1e-12));
}

TEST_CASE("gamma for glicko2: h / 173.7178 on mu", "[peers][glicko2]") {
  using namespace ratekit::plugins::glicko2_math;
  const run r("glicko2", "home_advantage: 30\n");
  REQUIRE(r.result.status == 0);
  CHECK(r.first_row(expected_column) == Approx(expected(30 / scale, 0, 350 / scale)).epsilon(1e-12));
}

TEST_CASE("rdmax caps glicko's RD growth, and a starting RD is at most rdmax", "[peers][glicko]") {
  // A last rated in December with RD 100, away one month: sqrt(100^2 + 300^2) = 316.2 grows past rdmax 200.
  const std::string games = "date,player_a,player_b,score_a\n2024-01-05,A,B,1\n";
  auto with = [&](const std::string& rdmax, const std::string& rd_a) {
    temp_dir dir;
    write_text(dir / "list.csv", "player,rating,rd,last_played\nA,1500," + rd_a + ",2023-12-31\nB,1500,100,2023-12-31\n");
    write_text(dir / "g.csv", games);
    write_text(dir / "c.yaml", "competition: pr\nmodel: glicko\nparams: { c: 300, rdmax: " + rdmax +
                                   " }\ninitial: { ratings: list.csv }\ninput: { format: games-csv, path: g.csv }\n"
                                   "period: month\noutput: { dir: out }\n");
    const auto result = run_cli("-q run " + (dir / "c.yaml").string());
    return result.status == 0 ? read_text(dir / "out/ratings.csv") : result.out;
  };
  using namespace ratekit::plugins::glicko_math;
  const double e = expected(1500, 1500, 200), rd = new_rd(200, g(200) * g(200) * e * (1 - e));
  const std::string capped = with("200", "100");
  REQUIRE_THAT(capped, Catch::StartsWith("player,rating,rd,games,peak,last_played\nA,"));  // A won: first
  const size_t at = capped.find("\nA,") + 3;
  CHECK(std::stod(capped.substr(at, capped.find(',', at) - at)) == Approx(1500 + q * rd * rd * g(200) * (1 - e)).epsilon(1e-12));
  CHECK(with("200", "200").find("error") == std::string::npos);  // at rdmax: accepted
  CHECK_THAT(with("200", "200.5"), Catch::Contains("a player's rd must be above 0 and at most rdmax (200)"));
  CHECK_THAT(with("350", "350.5"), Catch::Contains("at most rdmax (350)"));  // the default, as before
}

TEST_CASE("rdmax caps glicko2's RD at the start of a period, 0 caps nothing", "[peers][glicko2]") {
  // New players at RD 350 under rdmax 100 start their first period at 100, as if they had 100.
  const run capped("glicko2", "params: { rdmax: 100 }\n");
  const run started("glicko2", "initial: { state: { rd: 100 } }\n");
  REQUIRE(capped.result.status == 0);
  CHECK(capped.ratings() == started.ratings());
  const run at_350("glicko2", "params: { rdmax: 350 }\n");  // at the RD itself: no change
  const run uncapped("glicko2", "params: { rdmax: 0 }\n");
  const run plain("glicko2", "");
  CHECK(at_350.ratings() == plain.ratings());
  CHECK(uncapped.ratings() == plain.ratings());
  CHECK(capped.ratings() != plain.ratings());
}

TEST_CASE("predict starts a new player from initial.state too, from the config or the database", "[peers][predict]") {
  temp_dir dir;
  write_text(dir / "g.csv", "date,player_a,player_b,score_a\n2024-01-05,A,B,1\n");
  write_text(dir / "c.yaml", "competition: pr\nmodel: glicko\ninitial: { rating: 2200, state: { rd: 300 } }\n"
                             "input: { format: games-csv, path: g.csv }\nperiod: month\noutput: { dir: out, database: r.db }\n");
  write_text(dir / "f.csv", "player_a,player_b\nA,NEW\n");
  const auto from_config = run_cli("-q predict " + (dir / "c.yaml").string() + " " + (dir / "f.csv").string());
  REQUIRE(from_config.status == 0);
  CHECK_THAT(from_config.out, Catch::Contains(",NEW,") && Catch::Contains(",2200,300,1,"));  // rating_b, rd_b, new_b
  REQUIRE(run_cli("-q run " + (dir / "c.yaml").string()).status == 0);
  const auto from_database =
      run_cli("-q predict --database " + (dir / "r.db").string() + " --competition pr " + (dir / "f.csv").string());
  CHECK(from_database.out == from_config.out);
}

}  // namespace test_playerratings_options
