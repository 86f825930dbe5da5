// Each team's expected score in a large match in time linear in its teams.
//
// The pairwise way (trueskill::each_chance) averages, for team i, over every
// other team j the chance that i finishes ahead, Phi((m_i - m_j - e) /
// sqrt(v_i + v_j)), plus half the chance of a tie: T^2 / 2 pairs, about 27 s
// of CPU for 30,000 teams. Here the same sums are taken from one function of
// one variable. With v0 the smallest variance and s_j = sqrt(v_j + v0),
//
//   Phi((m_i - m_j - e) / sqrt(v_i + v_j)) = E_z[ Phi((m_i - e + sqrt(v_i - v0) z - m_j) / s_j) ],  z ~ N(0, 1)
//
// (the variance split between the two sides), so summed over j it is
// E_z[F(m_i - e + sqrt(v_i - v0) z)] with F(x) = sum_j Phi((x - m_j) / s_j):
// F is built once on panels of width sqrt(2 v0), each a Chebyshev
// interpolant (a team touches the panels within 9 s_j of its mean, the
// others hold 0 or 1 of it), and each expectation is a Gauss-Hermite
// quadrature. The draw margin e depends on the two teams' sizes, so there is
// one F per team size.
//
// Both approximations are good to ~1e-15 while sqrt(v_i - v0) / s_j <= 2,
// i.e. the largest variance is at most 9 times the smallest (single players:
// sigma^2 + beta^2 with sigma at most the starting 25/3 and beta 25/6 is 5
// times at most). A match outside that, with more than 8 team sizes or with
// means spread over more than 64 panels plus one for every two teams, takes
// the pairwise way.
// The normal distribution is the exact one: the references' approximation
// (normal.hpp) differs from it by up to 1.2e-7.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <vector>

namespace ratekit::plugins::trueskill_math {

// A team's performance: N(mean, variance), and its number of players.
struct team_performance {
  double mean, variance;
  uint32_t players;
};

// The nodes and weights of Gauss-Hermite quadrature for E[f(z)], z ~ N(0, 1),
// exact for polynomials of degree < 2 * count.
struct hermite_rule {
  static constexpr int count = 96;
  double node[count], weight[count];

  hermite_rule() {
    // The roots of the orthonormal Hermite polynomial p_n (weight e^-x^2),
    // bracketed on a fine grid and polished by Newton; then x -> sqrt(2) x.
    const auto p = [](double x, double& previous) {
      double a = std::pow(std::numbers::pi, -0.25), b = 0.0;
      for (int k = 0; k < count; ++k) {
        const double next = x * std::sqrt(2.0 / (k + 1)) * a - std::sqrt(double(k) / (k + 1)) * b;
        b = a, a = next;
      }
      previous = b;
      return a;
    };
    int found = 0;
    double before = 0.0, last = p(-15.0, before);
    for (double x = -15.0; found < count && x < 15.0;) {
      const double next_x = x + 1e-3;
      const double value = p(next_x, before);
      if ((value < 0) != (last < 0)) {
        double root = next_x;
        for (int step = 0; step < 100; ++step) {
          const double moved = p(root, before) / (std::sqrt(2.0 * count) * before);
          root -= moved;
          if (std::fabs(moved) < 1e-16 * std::max(1.0, std::fabs(root))) break;
        }
        p(root, before);
        node[found] = std::numbers::sqrt2 * root;
        weight[found] = 1.0 / (count * before * before) / std::sqrt(std::numbers::pi);
        ++found;
      }
      x = next_x, last = value;
    }
  }
};

// F(x) = sum_j Phi((x - mean_j) / scale_j) over some teams, as Chebyshev
// interpolants on panels.
class cdf_sum {
 public:
  static constexpr int nodes = 16;   // a panel's interpolation nodes
  static constexpr double reach = 9;  // Phi(-9) ~ 1e-19: beyond 9 scales a term is 0 or 1

  // False when the panels would outnumber `max_panels`.
  bool build(const std::vector<double>& mean, const std::vector<double>& scale, double width, size_t max_panels);
  double operator()(double x) const;
  double count() const { return count_; }

 private:
  double left_ = 0, width_ = 1, count_ = 0;
  size_t panels_ = 0;
  std::vector<double> coefficients_;  // nodes per panel
};

inline double exact_cdf(double x) { return 0.5 * std::erfc(-x / std::numbers::sqrt2); }

inline bool cdf_sum::build(const std::vector<double>& mean, const std::vector<double>& scale, double width,
                           size_t max_panels) {
  double left = INFINITY, right = -INFINITY;
  for (size_t j = 0; j < mean.size(); ++j)
    left = std::min(left, mean[j] - reach * scale[j]), right = std::max(right, mean[j] + reach * scale[j]);
  const double panels = std::ceil((right - left) / width);
  if (!(panels >= 1 && panels <= double(max_panels))) return false;
  left_ = left, width_ = width, count_ = double(mean.size()), panels_ = size_t(panels);
  double x_of[nodes];  // the nodes on [-1, 1]
  for (int k = 0; k < nodes; ++k) x_of[k] = std::cos(std::numbers::pi * (k + 0.5) / nodes);
  std::vector<double> values(panels_ * nodes, 0.0), ones(panels_ + 1, 0.0);
  for (size_t j = 0; j < mean.size(); ++j) {
    const auto panel = [&](double x) { return size_t(std::clamp(std::floor((x - left_) / width_), 0.0, panels - 1)); };
    const size_t first = panel(mean[j] - reach * scale[j]), last = panel(mean[j] + reach * scale[j]);
    for (size_t p = first; p <= last; ++p)
      for (int k = 0; k < nodes; ++k) {
        const double x = left_ + width_ * (double(p) + (x_of[k] + 1) / 2);
        values[p * nodes + k] += exact_cdf((x - mean[j]) / scale[j]);
      }
    ones[last + 1] += 1.0;  // the panels to its right hold all of it
  }
  coefficients_.assign(panels_ * nodes, 0.0);
  double whole = 0.0;
  for (size_t p = 0; p < panels_; ++p) {
    whole += ones[p];
    for (int n = 0; n < nodes; ++n) {
      double c = 0.0;
      for (int k = 0; k < nodes; ++k)
        c += (values[p * nodes + k] + whole) * std::cos(std::numbers::pi * n * (k + 0.5) / nodes);
      coefficients_[p * nodes + n] = c * (n == 0 ? 1.0 : 2.0) / nodes;
    }
  }
  return true;
}

inline double cdf_sum::operator()(double x) const {
  const double at = (x - left_) / width_;
  if (!(at >= 0)) return 0.0;
  if (at >= double(panels_)) return count_;
  const size_t p = size_t(at);
  const double t = 2 * (at - double(p)) - 1;
  const double* c = coefficients_.data() + p * nodes;
  double b1 = 0.0, b2 = 0.0;  // Clenshaw
  for (int n = nodes - 1; n >= 1; --n) {
    const double b = 2 * t * b1 - b2 + c[n];
    b2 = b1, b1 = b;
  }
  return t * b1 - b2 + c[0];
}

// Each team's expected score against the others, averaged, a tie counting
// half, as trueskill::each_chance's pairs give it: scores[t]. margin(a, b) is
// the draw margin between teams of a and b players. False, writing nothing,
// for a match this way does not take (see the top of the file).
template <class Margin>
bool team_scores(const std::vector<team_performance>& teams, Margin&& margin, std::vector<double>& scores) {
  static const hermite_rule rule;
  const size_t count = teams.size();
  double least = INFINITY, most = 0.0;
  std::vector<uint32_t> sizes;
  for (const team_performance& t : teams) {
    if (!(std::isfinite(t.mean) && t.variance > 0 && std::isfinite(t.variance))) return false;
    least = std::min(least, t.variance), most = std::max(most, t.variance);
    if (std::find(sizes.begin(), sizes.end(), t.players) == sizes.end()) sizes.push_back(t.players);
  }
  if (count < 2 || most > 9 * least || sizes.size() > 8) return false;
  std::vector<cdf_sum> sums(sizes.size());
  std::vector<double> mean, scale;
  for (size_t g = 0; g < sizes.size(); ++g) {
    mean.clear(), scale.clear();
    for (const team_performance& t : teams)
      if (t.players == sizes[g]) mean.push_back(t.mean), scale.push_back(std::sqrt(t.variance + least));
    if (!sums[g].build(mean, scale, std::sqrt(2 * least), 64 + count / 2)) return false;  // 256 bytes a panel
  }
  scores.assign(count, 0.0);
  for (size_t i = 0; i < count; ++i) {
    const team_performance& t = teams[i];
    const double spread = std::sqrt(t.variance - least);
    double ahead = 0.0, behind = 0.0;  // summed over the other teams
    for (size_t g = 0; g < sizes.size(); ++g) {
      const double e = margin(t.players, sizes[g]);
      double below = 0.0, above = 0.0;  // E[F(m - e + spread z)], E[F(m + e + spread z)]
      for (int q = 0; q < hermite_rule::count; ++q) {
        below += rule.weight[q] * sums[g](t.mean - e + spread * rule.node[q]);
        above += rule.weight[q] * sums[g](t.mean + e + spread * rule.node[q]);
      }
      ahead += below, behind += sums[g].count() - above;
      if (sizes[g] == t.players) {  // less the team itself
        const double self = exact_cdf(-e / std::sqrt(2 * t.variance));
        ahead -= self, behind -= self;
      }
    }
    const double others = double(count - 1);
    scores[i] = (ahead + 0.5 * std::max(0.0, others - ahead - behind)) / others;
  }
  return true;
}

}  // namespace ratekit::plugins::trueskill_math
