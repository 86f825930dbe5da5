// whr's converged estimates on a random history with draws, advantages and
// gaps of months are the posterior's mode, and its deviations the diagonal of
// each player's inverse Hessian: both written again here from Coulom's paper,
// the Hessian inverted densely, independently of the plugin's linear-time
// tridiagonal algebra.
#include "whr_support.hpp"

#include <cmath>
#include <map>
#include <utility>
#include <vector>

// Named for the file: its helpers share names with other tests' in a unity batch.
namespace test_whr_fixed_point {

using namespace ratekit::testing;

namespace {

struct game {
  double time;
  int32_t a, b;
  double score, advantage;  // a's score and Elo
};

// Seeded: 24 players over four years, each away one season in three.
std::vector<game> random_history() {
  uint64_t seed = 48;
  auto next = [&seed] { return (seed = seed * 6364136223846793005ull + 1442695040888963407ull) >> 33; };
  std::vector<game> games;
  for (int g = 0; g < 900; ++g) {
    const double day = double(g * 1460 / 900);
    const int season = int(day) / 120;
    auto active = [season](int32_t p) { return (p + season) % 3 != 0; };
    int32_t a, b;
    do a = int32_t(next() % 24), b = int32_t(next() % 24);
    while (a == b || !active(a) || !active(b));
    games.push_back({day, a, b, double(next() % 5 == 0 ? 0.5 : next() % 2), double(next() % 3) * 35});
  }
  return games;
}

// A player-day: the estimate (natural units), the gradient of the log posterior
// in it and minus its second derivative.
struct day_terms {
  double r = 0, gradient = 0, curvature = 0;
};

// Inverts a small dense matrix by Gauss-Jordan elimination with partial pivoting.
std::vector<std::vector<double>> inverse(std::vector<std::vector<double>> m) {
  const size_t n = m.size();
  std::vector<std::vector<double>> inv(n, std::vector<double>(n, 0.0));
  for (size_t i = 0; i < n; ++i) inv[i][i] = 1;
  for (size_t c = 0; c < n; ++c) {
    size_t pivot = c;
    for (size_t r = c + 1; r < n; ++r)
      if (std::abs(m[r][c]) > std::abs(m[pivot][c])) pivot = r;
    std::swap(m[c], m[pivot]), std::swap(inv[c], inv[pivot]);
    const double scale = m[c][c];
    for (size_t k = 0; k < n; ++k) m[c][k] /= scale, inv[c][k] /= scale;
    for (size_t r = 0; r < n; ++r)
      if (r != c && m[r][c] != 0) {
        const double f = m[r][c];
        for (size_t k = 0; k < n; ++k) m[r][k] -= f * m[c][k], inv[r][k] -= f * inv[c][k];
      }
  }
  return inv;
}

}  // namespace

TEST_CASE("whr: converged estimates are the posterior's mode, deviations its inverse Hessian", "[whr]") {
  const double w2 = 300.0 / (elo_per_nat * elo_per_nat);  // natural units
  const std::vector<game> games = random_history();
  whole_history_builder b;
  for (const game& g : games) b.duel(g.time, g.a, g.b, g.score, g.advantage);
  const rk_wh_history& hist = b.build();
  const whr_estimates e = converged(hist);

  // Each player's days, in time order, with his estimate on each.
  std::map<int32_t, std::map<double, day_terms>> days;
  for (size_t i = 0; i < games.size(); ++i) {
    days[games[i].a][games[i].time].r = e.mean[2 * i] / elo_per_nat;
    days[games[i].b][games[i].time].r = e.mean[2 * i + 1] / elo_per_nat;
  }
  // The games' Bradley-Terry terms, a draw half a win and half a loss.
  for (const game& g : games) {
    day_terms &a = days[g.a][g.time], &b = days[g.b][g.time];
    const double p = logistic(a.r + g.advantage / elo_per_nat - b.r);
    a.gradient += g.score - p, b.gradient += (1 - g.score) - (1 - p);
    a.curvature += p * (1 - p), b.curvature += p * (1 - p);
  }
  double largest_gradient = 0, largest_sd_gap = 0;
  size_t checked = 0, gaps = 0;
  for (auto& [player, his] : days) {
    std::vector<double> times, r, gradient, curvature;
    for (const auto& [t, d] : his) times.push_back(t), r.push_back(d.r), gradient.push_back(d.gradient), curvature.push_back(d.curvature);
    const size_t n = r.size();
    const double q = logistic(r[0]);  // one virtual win and one loss against 0
    gradient[0] += 1 - 2 * q, curvature[0] += 2 * q * (1 - q);
    std::vector<std::vector<double>> minus_hessian(n, std::vector<double>(n, 0.0));
    for (size_t k = 0; k + 1 < n; ++k) {  // the Wiener process
      const double s2 = w2 * (times[k + 1] - times[k]);
      gaps += times[k + 1] - times[k] > 60;
      gradient[k] += (r[k + 1] - r[k]) / s2, gradient[k + 1] -= (r[k + 1] - r[k]) / s2;
      curvature[k] += 1 / s2, curvature[k + 1] += 1 / s2;
      minus_hessian[k][k + 1] = minus_hessian[k + 1][k] = -1 / s2;
    }
    for (size_t k = 0; k < n; ++k) minus_hessian[k][k] = curvature[k];
    const auto covariance = inverse(minus_hessian);
    size_t k = 0;
    for (auto& [t, d] : his) {
      largest_gradient = std::max(largest_gradient, std::abs(gradient[k]));
      // the entry of this player-day: any of its games
      for (size_t i = 0; i < games.size(); ++i)
        if (games[i].time == t && (games[i].a == player || games[i].b == player)) {
          const double sd = e.sd[2 * i + (games[i].a == player ? 0 : 1)];
          largest_sd_gap = std::max(largest_sd_gap, std::abs(sd - std::sqrt(covariance[k][k]) * elo_per_nat));
          ++checked;
          break;
        }
      ++k;
    }
  }
  CHECK(checked > 500);
  CHECK(gaps > 20);  // gaps of months between a player's days
  CHECK(largest_gradient < 1e-9);
  CHECK(largest_sd_gap < 1e-9);
}

}  // namespace test_whr_fixed_point
