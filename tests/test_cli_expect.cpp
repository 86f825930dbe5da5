// ratekit expect with each player's whole state, and its refusals.
#include "test_support.hpp"

#include <catch2/catch.hpp>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_cli_expect {

using ratekit::testing::run_cli;

// Glicko by "The Glicko system" (derivation in test_expect_states.cpp):
// (1500, RD 200) against (1400, RD 30) is 0.618797; two new players (RD 350
// each) 100 points apart: RD = 350 sqrt 2 = 494.975, g = 0.537003,
// E = 1 / (1 + 10^(-0.537003 * 100 / 400)) = 0.576671.
TEST_CASE("ratekit expect reads RATING:FIELD... and --state-a name=value", "[cli][expect]") {
  CHECK(run_cli("expect glicko 1500:200 1400:30").out == "0.61880\n");
  CHECK(run_cli("expect glicko 1400:30 1500:200 --digits 6").out == "0.381203\n");
  CHECK(run_cli("expect glicko 1500 1400:30 --state-a rd=200").out == "0.61880\n");
  CHECK(run_cli("expect glicko 1500 1400 --state-a rd=200 --state-b rd=30").out == "0.61880\n");
  // A field given both ways: the name wins, as it is the more explicit.
  CHECK(run_cli("expect glicko 1500:350 1400:30 --state-a rd=200").out == "0.61880\n");
  // Missing fields take the descriptor's initial values (RD 350).
  CHECK(run_cli("expect glicko 1500 1400 --digits 6").out == "0.576671\n");
  CHECK(run_cli("expect glicko2 1500:200:0.06 1700:300 --digits 6").out == "0.319169\n");
  // Advantage on A's side: (1450 + 50) against (1400, 30) is the first line again.
  CHECK(run_cli("expect glicko 1450:200 1400:30 --advantage 50").out == "0.61880\n");
}

// fide-logistic: E = 1 / (1 + 10^(-d/400)) with d capped at 400: 1 / 1.1 = 0.90909;
// uncapped, 500 points give 1 / (1 + 10^-1.25) = 0.94676.
TEST_CASE("ratekit expect caps fide differences at 400, advantage included, and says so", "[cli][expect]") {
  CHECK(run_cli("expect fide-logistic 2000 1500").out == "0.90909\n");
  CHECK(run_cli("expect fide-logistic 1500 2000").out == "0.09091\n");
  CHECK(run_cli("expect fide-logistic --advantage 300 1800 1600").out == "0.90909\n");
  CHECK(run_cli("expect fide-logistic --param cap=0 2000 1500").out == "0.94676\n");
  CHECK(run_cli("expect fide-logistic 1899 1500").out == "0.90861\n");  // 399 points: below the cap
  // The other state fields of fide (rated, pools) do not enter its expectation.
  CHECK(run_cli("expect fide-logistic 1900:1:3 1500 --state-b pool_games=4").out == "0.90909\n");
  const auto help = run_cli("expect --help");
  CHECK(help.status == 0);
  CHECK_THAT(help.out, Catch::Contains("beyond 400 points") && Catch::Contains("as 400") &&
                           Catch::Contains("--param cap=0 lifts it"));
}

// Exit 2 (a usage error) with `message`.
void check_refused(const std::string& args, const std::string& message) {
  INFO(args);
  const auto r = run_cli(args);
  CHECK(r.status == 2);
  CHECK_THAT(r.out, Catch::Contains(message));
}

TEST_CASE("ratekit expect refuses a state it cannot read, listing the model's fields", "[cli][expect]") {
  check_refused("expect glicko 1500:200:3 1400", "'1500:200:3' has more than the 2 state fields of glicko (rating, rd)");
  check_refused("expect glicko 1500 1400 --state-b sigma=3", "'sigma' of B is no state field of glicko (rating, rd)");
  check_refused("expect glicko2 1500:abc 1400", "expected a finite number, got 'abc'");
  check_refused("expect glicko 1500 1400:nan", "got 'nan'");
  check_refused("expect glicko 1500: 1400", "got ''");
  check_refused("expect glicko 1500 1400 --state-a rd", "expected name=value, got 'rd'");
  check_refused("expect glicko 1500 1400 --advantage inf", "expected a finite number, got 'inf'");
  check_refused("expect glicko 1500", "B is required");
  // A name given twice: which one was meant? (A name over a position is the explicit one, above.)
  check_refused("expect glicko 1500 1400 --state-b rd=200 --state-b rd=100", "'rd' of B is named twice; give it once");
}

}  // namespace test_cli_expect
