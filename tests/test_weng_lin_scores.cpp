// weng-lin's large matches in time linear in their teams, against the pairs
// they replace: the expected scores (team_scores.hpp) within 1e-9 of the
// plugin's own pair sums, the Plackett-Luce update (plackett_luce_linear)
// within 1e-12 of openskill's pairs; below quick_teams teams, the pairs to
// the bit.
#include <catch2/catch.hpp>
#include <weng-lin/weng_lin.hpp>

#include "largest_gap.hpp"

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_weng_lin_scores {

using ratekit::plugins::weng_lin;
namespace sdk = ratekit::sdk;
namespace wl = ratekit::plugins::wl;

namespace {

const double beta = 25.0 / 6;

weng_lin make() {
  const double values[] = {0, 25.0, 25.0 / 3, beta, 1e-4, 25.0 / 300, 0.1};  // plackett-luce
  return weng_lin(sdk::host(nullptr), sdk::params(values, 7));
}

// A match of `teams` teams of 1 to `most` players (weights 1 or 0.5 past one), each player's mu
// drawn from 25 +- spread / 2 and his sigma from [sigma_low, 25/3].
sdk::match random_match(std::mt19937_64& random, uint32_t teams, uint32_t most, double spread, double sigma_low) {
  std::uniform_real_distribution<double> mu(25 - spread / 2, 25 + spread / 2), sigma(sigma_low, 25.0 / 3);
  std::uniform_int_distribution<uint32_t> size(1, most);
  sdk::match m;
  m.clear(2);
  for (uint32_t t = 0; t < teams; ++t)
    for (uint32_t p = 0, n = size(random); p < n; ++p) {
      double* row = m.add(t, t + 1, p == 0 ? 1.0 : 0.5, -1);
      row[weng_lin::f_mu] = mu(random), row[weng_lin::f_sigma] = sigma(random);
    }
  return m;
}

// The plugin's own pair sums (sdk/teams.hpp), the quick way turned off.
std::vector<double> pair_sums(weng_lin& model, const sdk::match& m) {
  std::vector<double> scores, scratch;
  model.expect_quickly_from(UINT32_MAX);
  sdk::expected_scores(model, m, scores, scratch);
  model.expect_quickly_from(wl::quick_teams);
  return scores;
}

}  // namespace

TEST_CASE("weng-lin's expected scores take the quick way from quick_teams teams on, within 1e-9", "[weng-lin][costs]") {
  std::mt19937_64 random(46);
  weng_lin model = make();
  // Sigmas all 25/3 and means within 6 beta: one panel of nodes, cheap from a hundred teams on.
  for (const uint32_t teams : {wl::quick_teams - 1, wl::quick_teams, wl::quick_teams + 1}) {
    INFO(teams << " teams");
    const sdk::match m = random_match(random, teams, 1, 6 * beta, 25.0 / 3);
    const std::vector<double> pairs = pair_sums(model, m);
    std::vector<double> quick;
    if (teams < wl::quick_teams) {
      CHECK_FALSE(model.expected_scores(m, quick));  // the pairs, openskill's numbers to the bit
      continue;
    }
    REQUIRE(model.expected_scores(m, quick));
    CHECK(largest_gap(quick, pairs) < 1e-9);
    const auto [least, most] = std::minmax_element(pairs.begin(), pairs.end());
    CHECK(*least < 0.35);  // scores that differ: a gap of 1e-9 means something
    CHECK(*most > 0.65);
  }
}

TEST_CASE("weng-lin's quick expected scores agree with the pairs on wide matches", "[weng-lin][costs]") {
  std::mt19937_64 random(47);
  weng_lin model = make();
  const double beta_sq = beta * beta;
  const auto chance = [&](const wl::team_forecast& a, const wl::team_forecast& b) {
    const wl::pair_chances c = wl::chances(a, b, beta_sq, wl::draw_margin(a.players + b.players, beta));
    return c.a_ahead + 0.5 * c.draw;
  };
  struct kind {
    uint32_t most;
    double spread, sigma_low;
  };
  // Single players spread over 20 beta with sigmas from 0; teams of one to three spread over 40 beta.
  for (const kind k : {kind{1, 20 * beta, 0.0}, kind{3, 40 * beta, 1.0}}) {
    const sdk::match m = random_match(random, 1500, k.most, k.spread, k.sigma_low);
    std::vector<wl::team_forecast> teams(m.teams());
    for (uint32_t t = 0; t < m.teams(); ++t)
      for (uint32_t p = m.first(t); p < m.first(t) + m.size(t); ++p) {
        const double w = m.weight(p), sigma = m.state(p)[weng_lin::f_sigma];
        teams[t].mu += w * m.state(p)[weng_lin::f_mu], teams[t].sigma_sq += w * w * sigma * sigma, teams[t].players += 1;
      }
    std::vector<double> quick;
    REQUIRE(wl::team_scores(teams, beta_sq, chance, quick, INFINITY));  // whatever the nodes cost
    CHECK(largest_gap(quick, pair_sums(model, m)) < 1e-9);
  }
  // Past the budget, or past 8 team sizes, the pairs.
  const sdk::match wide = random_match(random, 1500, 1, 20 * beta, 0.0);
  std::vector<double> quick;
  CHECK_FALSE(model.expected_scores(wide, quick));  // its nodes would cost more than half its pairs
}

TEST_CASE("weng-lin's Plackett-Luce update is linear from quick_teams teams on, the pairs' to 1e-12", "[weng-lin][costs]") {
  std::mt19937_64 random(48);
  std::uniform_real_distribution<double> mu(-15, 65), sigma(0, 25.0 / 3);
  for (const uint32_t count : {wl::quick_teams - 1, wl::quick_teams, wl::quick_teams + 1}) {
    INFO(count << " teams");
    std::vector<wl::team_rating> teams(count);
    for (uint32_t i = 0; i < count; ++i) {  // every third team tied with the one before
      const double s = sigma(random);
      teams[i] = {mu(random), s * s, i % 3 == 2 ? teams[i - 1].rank : i};
    }
    std::vector<wl::team_update> used(count), pairs(count), linear(count);
    std::vector<double> scratch;
    wl::plackett_luce(teams, beta * beta, used, scratch);
    wl::plackett_luce_pairs(teams, beta * beta, pairs, scratch);
    wl::plackett_luce_linear(teams, beta * beta, linear, scratch);
    const std::vector<wl::team_update>& expected = count < wl::quick_teams ? pairs : linear;
    double omega_gap = 0, delta_gap = 0, omega_most = 0, delta_most = 0;
    for (uint32_t i = 0; i < count; ++i) {
      CHECK(used[i].omega == expected[i].omega);  // the pairs below the threshold, to the bit
      CHECK(used[i].delta == expected[i].delta);
      omega_gap = std::max(omega_gap, std::fabs(linear[i].omega - pairs[i].omega));
      delta_gap = std::max(delta_gap, std::fabs(linear[i].delta - pairs[i].delta));
      omega_most = std::max(omega_most, std::fabs(pairs[i].omega));
      delta_most = std::max(delta_most, std::fabs(pairs[i].delta));
    }
    CHECK(omega_gap < 1e-12 * omega_most);
    CHECK(delta_gap < 1e-12 * delta_most);
    CHECK(omega_most > 0.1);  // updates that move: a gap of 1e-12 means something
  }
}

}  // namespace test_weng_lin_scores
