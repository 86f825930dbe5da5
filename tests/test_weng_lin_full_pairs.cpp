// weng-lin's Bradley-Terry and Thurstone-Mosteller full-pair updates of a large match in time linear in its
// teams (full_pairs.hpp), against the pairs they replace: below quick_teams teams the pairs to the bit; from
// there within 1e-9 of the match's largest Omega and Delta (Thurstone-Mosteller: while no pair's difference passes
// some 7 of its spreads, where openskill's V and W lose their digits, and no tie group takes an interpolant;
// within 1e-4 otherwise).
#include <catch2/catch.hpp>
#include <weng-lin/bradley_terry.hpp>
#include <weng-lin/thurstone_mosteller.hpp>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_weng_lin_full_pairs {

namespace wl = ratekit::plugins::wl;

namespace {

const double full_pairs_beta = 25.0 / 6, full_pairs_two_beta_sq = 2 * full_pairs_beta * full_pairs_beta;

// `count` teams in finishing order, means within 25 +- spread / 2, sigmas from [sigma_low, sigma_high], every
// `tie_every`-th tied with the one before (0: none), the last `tied_last` all tied.
std::vector<wl::team_rating> full_pairs_match(std::mt19937_64& random, uint32_t count, double spread, double sigma_low,
                                              double sigma_high, uint32_t tie_every, uint32_t tied_last = 0) {
  std::uniform_real_distribution<double> mu(25 - spread / 2, 25 + spread / 2), sigma(sigma_low, sigma_high);
  std::vector<wl::team_rating> teams(count);
  for (uint32_t i = 0; i < count; ++i) {
    const double s = sigma(random);
    const bool tied = i > 0 && ((tie_every && i % tie_every == 0) || i > count - std::min(count, tied_last));
    teams[i] = {mu(random), s * s, tied ? teams[i - 1].rank : i};
  }
  return teams;
}

struct full_pairs_gap { double omega = 0, delta = 0, omega_most = 0, delta_most = 0; };

full_pairs_gap gap_between(const std::vector<wl::team_update>& quick, const std::vector<wl::team_update>& pairs) {
  full_pairs_gap g;
  for (size_t i = 0; i < pairs.size(); ++i) {
    g.omega = std::max(g.omega, std::fabs(quick[i].omega - pairs[i].omega));
    g.delta = std::max(g.delta, std::fabs(quick[i].delta - pairs[i].delta));
    g.omega_most = std::max(g.omega_most, std::fabs(pairs[i].omega));
    g.delta_most = std::max(g.delta_most, std::fabs(pairs[i].delta));
  }
  return g;
}

// Each model's pairs and quick sums of `teams`, the update the model itself gives, and whether the quick way took it.
struct full_pairs_run { std::vector<wl::team_update> used, pairs, quick; bool took = false; };

full_pairs_run bradley_terry_both(const std::vector<wl::team_rating>& teams) {
  full_pairs_run r{std::vector<wl::team_update>(teams.size()), std::vector<wl::team_update>(teams.size()),
                   std::vector<wl::team_update>(teams.size())};
  const auto share = [](const wl::team_rating& i, const wl::team_rating& q) {
    return wl::bradley_terry_share(i, q, full_pairs_two_beta_sq);
  };
  wl::bradley_terry(teams, full_pairs_two_beta_sq, false, r.used);
  wl::sum_over_opponents(teams, false, r.pairs, share);
  r.took = wl::sum_over_all_quickly(teams, full_pairs_two_beta_sq, r.quick, share);
  return r;
}

full_pairs_run thurstone_mosteller_both(const std::vector<wl::team_rating>& teams) {
  full_pairs_run r{std::vector<wl::team_update>(teams.size()), std::vector<wl::team_update>(teams.size()),
                   std::vector<wl::team_update>(teams.size())};
  const auto share = [](const wl::team_rating& i, const wl::team_rating& q) {
    return wl::thurstone_mosteller_share(i, q, full_pairs_two_beta_sq, 0.1, false);
  };
  wl::thurstone_mosteller(teams, full_pairs_two_beta_sq, 0.1, false, r.used);
  wl::sum_over_opponents(teams, false, r.pairs, share);
  r.took = wl::sum_over_all_quickly(teams, full_pairs_two_beta_sq, r.quick, share);
  return r;
}

void check_close(const full_pairs_run& r, double bound = 1e-9) {
  REQUIRE(r.took);
  const full_pairs_gap g = gap_between(r.quick, r.pairs);
  INFO("Omega gap " << g.omega << " of " << g.omega_most << ", Delta gap " << g.delta << " of " << g.delta_most);
  CHECK(g.omega < bound * g.omega_most);
  CHECK(g.delta < bound * g.delta_most);
  CHECK(g.omega_most > 1);  // updates that move: a gap of `bound` of them means something
  CHECK(g.delta_most > 1e-3);
}

}  // namespace

TEST_CASE("weng-lin's full-pair updates take the quick way from quick_teams teams on, the pairs' below to the bit",
          "[weng-lin][costs]") {
  std::mt19937_64 random(52);
  // One sigma and means within 5 beta: one panel of 24 nodes, cheap enough from 1,024 teams on.
  for (const uint32_t count : {wl::quick_teams - 1, wl::quick_teams, wl::quick_teams + 1}) {
    INFO(count << " teams");
    const auto teams = full_pairs_match(random, count, 5 * full_pairs_beta, 25.0 / 3, 25.0 / 3, 3);
    for (const full_pairs_run& r : {bradley_terry_both(teams), thurstone_mosteller_both(teams)}) {
      const std::vector<wl::team_update>& expected = count < wl::quick_teams ? r.pairs : r.quick;
      size_t differ = 0;
      for (size_t i = 0; i < count; ++i) differ += r.used[i].omega != expected[i].omega || r.used[i].delta != expected[i].delta;
      CHECK(differ == 0);
      check_close(r);
    }
  }
}

TEST_CASE("weng-lin's quick full-pair updates stay within 1e-9 of the pairs on random matches", "[weng-lin][costs]") {
  std::mt19937_64 random(53);
  // Sigmas from 1 to 25/3 (panels of 288 nodes), ties every 3rd; one with a tie group of 2,500 at the end (its
  // own interpolant); one without ties. Bradley-Terry's means over 10 beta (3 panels), Thurstone-Mosteller's
  // over 7.5 beta (2 panels): no pair's difference past 5.6 of its spreads.
  for (const auto& [tie_every, tied_last] : {std::pair{3u, 0u}, std::pair{0u, 2500u}, std::pair{0u, 0u}}) {
    INFO("ties every " << tie_every << ", the last " << tied_last << " tied");
    check_close(bradley_terry_both(full_pairs_match(random, 6000, 10 * full_pairs_beta, 1, 25.0 / 3, tie_every, tied_last)));
    if (tied_last == 0)
      check_close(thurstone_mosteller_both(full_pairs_match(random, 6000, 7.5 * full_pairs_beta, 1, 25.0 / 3, tie_every)));
  }
}

TEST_CASE("weng-lin's quick Thurstone-Mosteller update stays within 1e-4 where openskill's V and W lose their digits",
          "[weng-lin][costs]") {
  // Means over 10 beta: pairs 7 spreads apart, where Phi from erf keeps 4 digits and below DBL_EPSILON V and W are
  // cut off to their limits; and a tie group of 2,500 summed through an interpolant, whose pairs' V~ and W~ are
  // cut off to their limits where a tie's chance falls below 1e-5 (from some 3.4 spreads apart). The pairs are
  // piecewise there, and the interpolant smooths over the cuts.
  std::mt19937_64 random(54);
  check_close(thurstone_mosteller_both(full_pairs_match(random, 6000, 10 * full_pairs_beta, 1, 25.0 / 3, 3)), 1e-4);
  check_close(thurstone_mosteller_both(full_pairs_match(random, 6000, 7.5 * full_pairs_beta, 1, 25.0 / 3, 0, 2500)), 1e-4);
}

}  // namespace test_weng_lin_full_pairs
