// ttt's tests' shared pieces: the model built from its parameters, loaded
// with a history of tests/whole_history_builder.hpp, read entry by entry.
#pragma once

#include "whole_history_builder.hpp"

#include <ttt/ttt.hpp>

#include <cstdint>
#include <vector>

namespace ratekit::testing {

struct ttt_settings {
  double mu = 0.0, sigma = 6.0, beta = 1.0, gamma = 0.03, p_draw = 0.0;
  double epsilon = 1e-6, iterations = 30;  // what the incremental schedule's window reads
};
// The published checks' scale: TrueSkill's defaults.
inline ttt_settings trueskill_scale(double p_draw = 0.0) { return {25.0, 25.0 / 3, 25.0 / 6, 25.0 / 300, p_draw}; }

inline plugins::ttt make_ttt(const ttt_settings& s = {}) {
  const double v[] = {s.mu, s.sigma, s.beta, s.gamma, s.p_draw, s.epsilon, s.iterations};
  return plugins::ttt(sdk::host(nullptr), sdk::params(v, 7));
}

using ttt_estimates = whole_history_estimates;

// Sweeps as the package's convergence(): until the step is at most epsilon,
// or `most` sweeps; returns the sweeps taken.
inline int converge(plugins::ttt& model, double epsilon = 1e-6, int most = 30) {
  int sweeps = 0;
  for (double step = INFINITY; step > epsilon && sweeps < most; ++sweeps) step = model.sweep();
  return sweeps;
}

}  // namespace ratekit::testing
