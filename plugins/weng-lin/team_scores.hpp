// Each team's expected score in a large match in time linear in its teams.
//
// The pairwise way (weng_lin::each_chance) averages, for team i, over every
// other team j the chance c(i, j) that i finishes ahead plus half the chance
// that they tie (predict.hpp): T^2 / 2 pairs, some 20 s of CPU for 30,000
// teams. c(i, j) reads team i only through its sums x = mu_i and v =
// sigma_i^2 and its size, so over the teams j of one size
//
//   H(x, v) = sum_j c((x, v), j)
//
// is one smooth function of two variables (for each size of the team
// asking, which sets the draw margin). It is computed exactly, pair by pair,
// at Chebyshev nodes only: 24 a panel in x, each panel three times as wide
// as the smallest spread of a pair's difference (sqrt(2 beta^2 + 2 v_least):
// c changes on that scale or slower), and 12 over the range of log(2 beta^2
// + v); each team's sum is then read from the interpolant, less its pair
// with itself.
// A match of more than 8 team sizes, or one whose nodes would cost more than
// half its pairs, takes the pairs (weng_lin::expected_scores).
//
// The error against the exact pair sums is below 1e-9 of an expected score
// (tests/test_weng_lin_scores.cpp: about 3e-11 for means spread over 20 beta
// and sigmas from 0 to the starting 25/3; 8 nodes in v gave 2e-8, 16 gave
// 8e-14 at a third more cost).
#pragma once

#include "predict.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <vector>

namespace ratekit::plugins::wl {

// A team as the forecasts see it: its players' mu and sigma^2, weighed by
// their shares, and its size.
using team_forecast = team_sums;

// The chance sums H(x, v) over some teams, as 2-D Chebyshev interpolants on
// panels of x.
class chance_sum {
 public:
  static constexpr int nodes = 24;    // a panel's nodes in x
  static constexpr int nodes_v = 12;  // the nodes in v

  // Interpolates sum_j chance(x, v, teams[j]) for x in [x_lo, x_hi], v in [v_lo, v_hi], in x and
  // in log(shift + v): v enters through sqrt(shift + v + v_j) (shift 2 beta^2), so in the log the
  // nearest singularity lies pi off the real line, however wide the range of v.
  template <class Chance>
  void build(const std::vector<team_forecast>& teams, double x_lo, double x_hi, double v_lo, double v_hi,
             double shift, double width, Chance&& chance) {
    x_lo_ = x_lo, width_ = width, shift_ = shift;
    v_lo_ = std::log(shift + v_lo), v_span_ = std::log(shift + v_hi) - v_lo_;
    panels_ = size_t(std::max(1.0, std::ceil((x_hi - x_lo) / width)));
    v_nodes_ = v_span_ > 0 ? nodes_v : 1;
    std::vector<double> values(size_t(nodes) * size_t(v_nodes_));
    coefficients_.assign(panels_ * values.size(), 0.0);
    for (size_t p = 0; p < panels_; ++p) {
      for (int a = 0; a < nodes; ++a)
        for (int b = 0; b < v_nodes_; ++b) {
          const double x = x_lo_ + width_ * (double(p) + (node(a, nodes) + 1) / 2);
          const double v = std::exp(v_lo_ + v_span_ * (node(b, v_nodes_) + 1) / 2) - shift_;
          double sum = 0.0;
          for (const team_forecast& t : teams) sum += chance(x, v, t);
          values[size_t(a) * size_t(v_nodes_) + size_t(b)] = sum;
        }
      to_coefficients(values, coefficients_.data() + p * values.size());
    }
  }

  double operator()(double x, double v) const {
    const double at = std::clamp((x - x_lo_) / width_, 0.0, double(panels_));
    const size_t p = std::min(size_t(at), panels_ - 1);
    const double* c = coefficients_.data() + p * size_t(nodes) * size_t(v_nodes_);
    double tx[nodes], tv[nodes_v];
    chebyshev(2 * (at - double(p)) - 1, nodes, tx);
    chebyshev(v_span_ > 0 ? 2 * (std::log(shift_ + v) - v_lo_) / v_span_ - 1 : 0.0, v_nodes_, tv);
    double sum = 0.0;
    for (int n = 0; n < nodes; ++n) {
      double row = 0.0;
      for (int m = 0; m < v_nodes_; ++m) row += c[n * v_nodes_ + m] * tv[m];
      sum += tx[n] * row;
    }
    return sum;
  }

 private:
  static double node(int k, int count) { return count == 1 ? 0.0 : std::cos(std::numbers::pi * (k + 0.5) / count); }
  static void chebyshev(double t, int count, double* out) {
    out[0] = 1.0;
    if (count > 1) out[1] = t;
    for (int n = 2; n < count; ++n) out[n] = 2 * t * out[n - 1] - out[n - 2];
  }
  // The values at the nodes into the coefficients of sum c[n][m] T_n(x) T_m(v).
  void to_coefficients(const std::vector<double>& values, double* c) const {
    const int mv = v_nodes_;
    for (int n = 0; n < nodes; ++n)
      for (int m = 0; m < mv; ++m) {
        double s = 0.0;
        for (int a = 0; a < nodes; ++a)
          for (int b = 0; b < mv; ++b)
            s += values[size_t(a) * size_t(mv) + size_t(b)] * std::cos(std::numbers::pi * n * (a + 0.5) / nodes) *
                 std::cos(std::numbers::pi * m * (b + 0.5) / mv);
        c[n * mv + m] = s * (n == 0 ? 1.0 : 2.0) / nodes * (m == 0 ? 1.0 : 2.0) / mv;
      }
  }

  double x_lo_ = 0, width_ = 1, shift_ = 0, v_lo_ = 0, v_span_ = 0;  // v_lo_, v_span_: of log(shift + v)
  size_t panels_ = 1;
  int v_nodes_ = 1;
  std::vector<double> coefficients_;
};

// Each team's expected score against the others, averaged, a tie counting
// half, as weng_lin::each_chance's pairs give it: scores[t]. chance(a, b) is
// c(a, b) for two teams' forecasts. False, writing nothing, for a match of
// more than 8 team sizes or whose nodes would ask for more than `budget`
// pairs (the plugin's: half the match's pairs).
template <class Chance>
bool team_scores(const std::vector<team_forecast>& teams, double beta_sq, Chance&& chance,
                 std::vector<double>& scores, double budget) {
  const size_t count = teams.size();
  std::vector<double> sizes;
  double least_v = INFINITY, x_lo = INFINITY, x_hi = -INFINITY, v_hi = -INFINITY;
  for (const team_forecast& t : teams) {
    if (!(std::isfinite(t.mu) && std::isfinite(t.sigma_sq) && t.sigma_sq >= 0)) return false;
    least_v = std::min(least_v, t.sigma_sq), v_hi = std::max(v_hi, t.sigma_sq);
    x_lo = std::min(x_lo, t.mu), x_hi = std::max(x_hi, t.mu);
    if (std::find(sizes.begin(), sizes.end(), t.players) == sizes.end()) sizes.push_back(t.players);
  }
  if (count < 2 || sizes.size() > 8 || !(beta_sq > 0)) return false;
  const double width = 3 * std::sqrt(2 * beta_sq + 2 * least_v);
  const double panels = std::max(1.0, std::ceil((x_hi - x_lo) / width));
  // Each size of the team asking asks every team at each of its nodes.
  const double v_nodes = v_hi > least_v ? chance_sum::nodes_v : 1;
  if (panels * chance_sum::nodes * v_nodes * double(count) * double(sizes.size()) > budget) return false;

  // One interpolant per size of the teams summed over (h) and size of the team asking (g): a
  // pair's draw margin and spread depend on both sizes.
  const size_t kinds = sizes.size();
  std::vector<chance_sum> sums(kinds * kinds);
  std::vector<team_forecast> group;
  for (size_t h = 0; h < kinds; ++h) {
    group.clear();
    for (const team_forecast& t : teams)
      if (t.players == sizes[h]) group.push_back(t);
    for (size_t g = 0; g < kinds; ++g)
      sums[g * kinds + h].build(group, x_lo, x_hi, least_v, v_hi, 2 * beta_sq, width,
                                [&](double x, double v, const team_forecast& other) {
                                  return chance(team_forecast{x, v, sizes[g]}, other);
                                });
  }
  scores.assign(count, 0.0);
  for (size_t i = 0; i < count; ++i) {
    const size_t g = size_t(std::find(sizes.begin(), sizes.end(), teams[i].players) - sizes.begin());
    double sum = -chance(teams[i], teams[i]);  // less the pair with itself
    for (size_t h = 0; h < kinds; ++h) sum += sums[g * kinds + h](teams[i].mu, teams[i].sigma_sq);
    scores[i] = sum / double(count - 1);
  }
  return true;
}

}  // namespace ratekit::plugins::wl
