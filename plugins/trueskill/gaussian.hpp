// Gaussians in precision form and the two ways a factor changes a variable,
// as in the references' factor graphs (Python trueskill, ts-trueskill): a
// variable holds the product of the messages its factors last sent it.
#pragma once

#include <algorithm>
#include <cmath>

namespace ratekit::plugins::trueskill_math {

// N(mu, sigma^2) as pi = 1 / sigma^2 and tau = pi mu: products and quotients
// of Gaussians (messages combining, a message taken back out) add and subtract.
struct gaussian {
  double pi = 0.0, tau = 0.0;

  double mu() const { return pi != 0.0 ? tau / pi : 0.0; }  // 0 for the flat "no message yet"
  double sigma() const { return pi != 0.0 ? std::sqrt(1 / pi) : INFINITY; }
  // pi is computed as sigma^-2, as the references do (not 1 / (sigma sigma)).
  static gaussian from_moments(double mu, double sigma) {
    const double pi = std::pow(sigma, -2.0);
    return {pi, pi * mu};
  }
};

inline gaussian operator*(const gaussian& a, const gaussian& b) { return {a.pi + b.pi, a.tau + b.tau}; }
inline gaussian operator/(const gaussian& a, const gaussian& b) { return {a.pi - b.pi, a.tau - b.tau}; }

// How far a variable moved: the larger of the change of tau and the square
// root of the change of pi. The schedule stops when every move is small.
inline double delta(const gaussian& from, const gaussian& to) {
  const double pi_delta = std::fabs(from.pi - to.pi);
  if (pi_delta == INFINITY) return 0.0;
  return std::max(std::fabs(from.tau - to.tau), std::sqrt(pi_delta));
}

// A factor sends `message` to `var` over the edge whose last message is
// `edge`: the variable drops the old message and takes the new one.
inline double send_message(gaussian& var, gaussian& edge, const gaussian& message) {
  const gaussian old = edge;
  edge = message;
  const gaussian next = (var / old) * message;
  const double moved = delta(var, next);
  var = next;
  return moved;
}

// A factor sets `var`'s whole marginal to `value` (a prior, a truncation):
// the edge keeps the message that makes the product come out as `value`.
inline double set_value(gaussian& var, gaussian& edge, const gaussian& value) {
  edge = (value * edge) / var;
  const double moved = delta(var, value);
  var = value;
  return moved;
}

// A weighted sum factor's message to one of its variables, from the others:
// sum_i c_i x_i for means and sum_i c_i^2 / pi_i for the variance, each x_i
// the variable without this factor's own message (as the references add them,
// once the variance is infinite it stays so).
class sum_message {
 public:
  void add(double coefficient, const gaussian& var, const gaussian& edge) {
    const gaussian others = var / edge;
    mu_ += coefficient * others.mu();
    if (std::isfinite(pi_inverse_)) pi_inverse_ += coefficient * coefficient / others.pi;
  }
  gaussian message() const {
    const double pi = 1.0 / pi_inverse_;
    return {pi, pi * mu_};
  }

 private:
  double mu_ = 0.0, pi_inverse_ = 0.0;
};

}  // namespace ratekit::plugins::trueskill_math
