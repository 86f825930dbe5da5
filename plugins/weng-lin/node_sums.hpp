// A sum over some teams of a smooth function of another team's x = mu and v = sigma^2, kept as its values at
// Chebyshev nodes (2-D, on panels of x) and read anywhere between them by the barycentric formula: the
// interpolant of the exact sums that the large matches' forecasts (team_scores.hpp) and full-pair updates
// (full_pairs.hpp) take in time linear in the teams.
//
// Each panel of x is `width` wide: three times the smallest spread of a pair's difference (sqrt(2 beta^2 +
// 2 v_least)), on which scale or slower the pair terms change; `nodes` nodes a panel in x, `nodes_v` over the
// range of log(shift + v) (shift 2 beta^2): v enters through sqrt(shift + v + v_j), so in the log the nearest
// singularity lies pi off the real line, however wide the range of v.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <numbers>
#include <vector>

namespace ratekit::plugins::wl {

// Value: double, or any sum of doubles with `+=` and a product by a double (team_update).
template <class Value>
class node_sums {
 public:
  static constexpr int nodes = 24;    // a panel's nodes in x
  static constexpr int nodes_v = 12;  // the nodes in v

  // The panels over [x_lo, x_hi] and the nodes over [v_lo, v_hi]: how many nodes in all.
  static double node_count(double x_lo, double x_hi, double v_lo, double v_hi, double width) {
    return std::max(1.0, std::ceil((x_hi - x_lo) / width)) * nodes * (v_hi > v_lo ? nodes_v : 1);
  }

  // The nodes for x in [x_lo, x_hi], v in [v_lo, v_hi], every sum zero.
  void cover(double x_lo, double x_hi, double v_lo, double v_hi, double shift, double width) {
    x_lo_ = x_lo, width_ = width, shift_ = shift;
    v_lo_ = std::log(shift + v_lo), v_span_ = std::log(shift + v_hi) - v_lo_;
    panels_ = size_t(std::max(1.0, std::ceil((x_hi - x_lo) / width)));
    v_nodes_ = v_span_ > 0 ? nodes_v : 1;
    values_.assign(panels_ * size_t(nodes) * size_t(v_nodes_), Value{});
    x_at_.resize(panels_ * size_t(nodes)), v_at_.resize(size_t(v_nodes_));
    for (size_t p = 0; p < panels_; ++p)
      for (int a = 0; a < nodes; ++a) x_at_[p * size_t(nodes) + size_t(a)] = x_lo_ + width_ * (double(p) + (node(a, nodes) + 1) / 2);
    for (int b = 0; b < v_nodes_; ++b) v_at_[size_t(b)] = std::exp(v_lo_ + v_span_ * (node(b, v_nodes_) + 1) / 2) - shift_;
  }

  // One more term of the sum: term(x, v) added at every node.
  template <class Term>
  void add(Term&& term) {
    Value* value = values_.data();
    for (const double x : x_at_)
      for (const double v : v_at_) *value++ += term(x, v);
  }

  // The sum's interpolant at (x, v).
  Value operator()(double x, double v) const {
    const double at = std::clamp((x - x_lo_) / width_, 0.0, double(panels_));
    const size_t p = std::min(size_t(at), panels_ - 1);
    double wx[nodes], wv[nodes_v];
    weights(2 * (at - double(p)) - 1, nodes, wx);
    weights(v_span_ > 0 ? std::clamp(2 * (std::log(shift_ + v) - v_lo_) / v_span_ - 1, -1.0, 1.0) : 0.0, v_nodes_, wv);
    const Value* value = values_.data() + p * size_t(nodes) * size_t(v_nodes_);
    Value sum{};
    for (int a = 0; a < nodes; ++a)
      for (int b = 0; b < v_nodes_; ++b) sum += (wx[a] * wv[b]) * value[a * v_nodes_ + b];
    return sum;
  }

 private:
  static double node(int k, int count) { return count == 1 ? 0.0 : std::cos(std::numbers::pi * (k + 0.5) / count); }
  // The barycentric weights at t of the nodes of the first kind (their own weights (-1)^k sin((k + 1/2) pi /
  // count)), normalised to add up to 1: the interpolant at t is sum weight_k value_k.
  static void weights(double t, int count, double* out) {
    double total = 0.0;
    for (int k = 0; k < count; ++k) {
      const double gap = t - node(k, count);
      if (gap == 0.0) {  // on a node: its value
        std::fill(out, out + count, 0.0);
        out[k] = 1.0;
        return;
      }
      out[k] = (k % 2 ? -1.0 : 1.0) * std::sin(std::numbers::pi * (k + 0.5) / count) / gap;
      total += out[k];
    }
    for (int k = 0; k < count; ++k) out[k] /= total;
  }

  double x_lo_ = 0, width_ = 1, shift_ = 0, v_lo_ = 0, v_span_ = 0;  // v_lo_, v_span_: of log(shift + v)
  size_t panels_ = 1;
  int v_nodes_ = 1;
  std::vector<double> x_at_, v_at_;  // the nodes' x (panel by panel) and v
  std::vector<Value> values_;
};

}  // namespace ratekit::plugins::wl
