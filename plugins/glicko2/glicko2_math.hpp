// The formulas of Glickman's "Example of the Glicko-2 system" (2012), one
// function each, on the Glicko-2 scale: mu = (r - 1500) / 173.7178, phi = RD / 173.7178.
#pragma once

#include <cmath>
#include <numbers>

namespace ratekit::plugins::glicko2_math {

inline constexpr double scale = 173.7178;  // as the paper gives it (400 / ln 10, rounded)
inline constexpr double center = 1500.0;

inline double g(double phi) { return 1.0 / std::sqrt(1.0 + 3.0 * phi * phi / (std::numbers::pi * std::numbers::pi)); }

// Expected score of mu against mu_j with deviation phi_j (step 3).
inline double expected(double mu, double mu_j, double phi_j) { return 1.0 / (1.0 + std::exp(-g(phi_j) * (mu - mu_j))); }

// The new volatility (step 5): the root of f by the Illinois variant of
// regula falsi. `delta` is the estimated improvement, v the estimated variance.
// NaN when it has not converged within max_iterations: Illinois converges
// superlinearly, so that means bad input, and a run must stop, not hang.
inline constexpr int max_iterations = 100;
inline double new_volatility(double phi, double sigma, double delta, double v, double tau, double epsilon = 0.000001) {
  const double a = std::log(sigma * sigma);
  const double phi2 = phi * phi, delta2 = delta * delta;
  const auto f = [&](double x) {
    const double ex = std::exp(x);
    const double d = phi2 + v + ex;
    return ex * (delta2 - phi2 - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau);
  };
  double A = a, B;
  if (delta2 > phi2 + v) {
    B = std::log(delta2 - phi2 - v);
  } else {
    double k = 1;
    while (f(a - k * tau) < 0) k += 1;  // f grows past 0 within (a - ln(sigma'^2)) / tau steps
    B = a - k * tau;
  }
  double fA = f(A), fB = f(B);
  for (int i = 0; std::fabs(B - A) > epsilon; ++i) {
    if (i == max_iterations) return NAN;
    const double C = A + (A - B) * fA / (fB - fA);
    const double fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA /= 2;
    }
    B = C;
    fB = fC;
  }
  return std::exp(A / 2);
}

}  // namespace ratekit::plugins::glicko2_math
