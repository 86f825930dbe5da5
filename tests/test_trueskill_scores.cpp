// trueskill's expected scores of a large match (team_scores.hpp: linear in
// the teams) against the pairs they replace, on random matches: the exact
// pairwise sums, computed here from the formula, and the plugin's own pairs
// (the references' approximate normal); and the matches that way does not
// take, which keep the pairs to the bit.
#include <catch2/catch.hpp>
#include <trueskill/trueskill.hpp>

#include "largest_gap.hpp"

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_trueskill_scores {

using ratekit::plugins::trueskill;
namespace ts = ratekit::plugins::trueskill_math;

namespace {

const double beta = 25.0 / 3 / 2;

trueskill make() {
  const double v[] = {25.0, 25.0 / 3, beta, 25.0 / 3 / 100, 0.1};
  return trueskill(ratekit::sdk::host(nullptr), ratekit::sdk::params(v, 5));
}

// A match of `teams` teams of 1 to `most` players (weights 1 or 0.5 past one),
// means drawn from [low, high], sigmas from [sigma_low, sigma_high].
ratekit::sdk::match random_match(std::mt19937_64& random, uint32_t teams, uint32_t most, double low, double high,
                                 double sigma_low = 1.0, double sigma_high = 25.0 / 3) {
  std::uniform_real_distribution<double> mu(low, high), sigma(sigma_low, sigma_high);
  std::uniform_int_distribution<uint32_t> size(1, most);
  ratekit::sdk::match m;
  m.clear(2);
  for (uint32_t t = 0; t < teams; ++t)
    for (uint32_t p = 0, n = size(random); p < n; ++p) {
      double* row = m.add(t, t + 1, p == 0 ? 1.0 : 0.5, -1);
      row[0] = mu(random), row[1] = sigma(random);
    }
  return m;
}

// Each team's expected score from every pair, with the exact normal
// distribution (the draw margin the model's: from the references' ppf).
std::vector<double> exact_pairs(const ratekit::sdk::match& m) {
  const double ppf = ts::reference_normal::ppf(0.55);
  std::vector<double> mean(m.teams()), variance(m.teams()), scores(m.teams(), 0.0);
  for (uint32_t t = 0; t < m.teams(); ++t)
    for (uint32_t p = m.first(t); p < m.first(t) + m.size(t); ++p) {
      mean[t] += m.weight(p) * m.state(p)[0];
      variance[t] += m.weight(p) * m.weight(p) * (m.state(p)[1] * m.state(p)[1] + beta * beta);
    }
  for (uint32_t i = 0; i < m.teams(); ++i)
    for (uint32_t j = 0; j < m.teams(); ++j) {
      if (i == j) continue;
      const double c = std::sqrt(variance[i] + variance[j]), e = ppf * std::sqrt(double(m.size(i) + m.size(j))) * beta;
      const double ahead = ts::exact_normal::cdf((mean[i] - mean[j] - e) / c);
      const double behind = ts::exact_normal::cdf((mean[j] - mean[i] - e) / c);
      scores[i] += ahead + 0.5 * (1 - ahead - behind);
    }
  for (double& s : scores) s /= double(m.teams() - 1);
  return scores;
}

}  // namespace

TEST_CASE("trueskill's expected scores of a large match agree with the pairs on random matches", "[trueskill][costs]") {
  std::mt19937_64 random(46);
  trueskill model = make();
  struct kind {
    uint32_t teams, most;
    double low, high;
  };
  // Single players close together and spread wide, teams of one to three, a match just past the threshold.
  for (const kind k : {kind{1500, 1, 20, 30}, kind{1500, 1, -300, 300}, kind{1200, 3, 0, 60},
                       kind{1024, 2, 15, 35}}) {
    INFO("teams " << k.teams << " of up to " << k.most << ", means in [" << k.low << ", " << k.high << "]");
    const ratekit::sdk::match m = random_match(random, k.teams, k.most, k.low, k.high);
    std::vector<double> quick, pairs, scratch;
    REQUIRE(model.expected_scores(m, quick));
    const std::vector<double> exact = exact_pairs(m);
    CHECK(largest_gap(quick, exact) < 1e-12);
    // The plugin's pairs, with the references' normal (good to 1.2e-7).
    model.expect_quickly_from(UINT32_MAX);
    ratekit::sdk::expected_scores(model, m, pairs, scratch);
    model.expect_quickly_from(trueskill::quick_teams);
    CHECK(largest_gap(quick, pairs) < 3e-7);
    CHECK(largest_gap(pairs, exact) > 1e-10);  // the two normals do differ: the quick way is the exact one
    // Not all a half: the scores spread with the skills.
    const auto [least, most] = std::minmax_element(quick.begin(), quick.end());
    CHECK(*most - *least > 0.2);
  }
}

TEST_CASE("trueskill takes the pairs below its threshold and for matches the quick way does not take", "[trueskill][costs]") {
  std::mt19937_64 random(7);
  trueskill model = make();
  std::vector<double> quick, pairs, scratch;
  const ratekit::sdk::match small = random_match(random, 1023, 1, 20, 30);  // the pairs up to 1,023 teams (README)
  CHECK_FALSE(model.expected_scores(small, quick));
  // Sigmas from 0 to 20: a variance (sigma^2 + beta^2) up to 24 times another's, past what the quadrature takes.
  const ratekit::sdk::match uneven = random_match(random, 1500, 1, 20, 30, 0.01, 20.0);
  CHECK_FALSE(model.expected_scores(uneven, quick));
  // Sigmas down to 2: variances within 5 of each other, taken.
  const ratekit::sdk::match even = random_match(random, 1500, 1, 20, 30, 2.0);
  CHECK(model.expected_scores(even, quick));
  // Means 200,000 points apart: more panels than 64 + 1,500 / 2.
  const ratekit::sdk::match far = random_match(random, 1500, 1, -1e5, 1e5);
  CHECK_FALSE(model.expected_scores(far, quick));
  const ratekit::sdk::match near = random_match(random, 1500, 1, -2000, 2000);
  CHECK(model.expected_scores(near, quick));
  // Nine team sizes: too many draw margins.
  const ratekit::sdk::match sizes = random_match(random, 1500, 9, 20, 30);
  CHECK_FALSE(model.expected_scores(sizes, quick));
  // The SDK then takes the pairs: the references' normal, not the exact one.
  ratekit::sdk::expected_scores(model, uneven, pairs, scratch);
  const std::vector<double> exact = exact_pairs(uneven);
  CHECK(largest_gap(pairs, exact) < 3e-7);
  CHECK(largest_gap(pairs, exact) > 1e-10);
}

}  // namespace test_trueskill_scores
