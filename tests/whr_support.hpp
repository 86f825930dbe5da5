// The whr plugin's model as its tests drive it: made with given parameters,
// loaded with a history from tests/whole_history_builder.hpp, swept until it
// converges, read back per entry.
#pragma once

#include "whole_history_builder.hpp"

#include <catch2/catch.hpp>
#include <whr/whr.hpp>

#include <cmath>
#include <vector>

namespace ratekit::testing {

inline plugins::whr make_whr(double w2 = 300.0) {
  const double v[] = {w2, 1e-6, 1000};
  return plugins::whr(sdk::host(nullptr), sdk::params(v, 3));
}

using whr_estimates = whole_history_estimates;

// Sweeps until no mean moves by more than `epsilon` Elo; the sweeps taken.
inline int converge(plugins::whr& model, double epsilon = 1e-11, int most = 20000) {
  for (int sweeps = 1; sweeps <= most; ++sweeps)
    if (model.sweep() <= epsilon) return sweeps;
  FAIL("whr did not converge in " << most << " sweeps");
  return most;
}

// A model of `w2` loaded with the history and converged.
inline plugins::whr fitted(const rk_wh_history& h, double w2 = 300.0) {
  plugins::whr model = make_whr(w2);
  model.load(sdk::history(h));
  converge(model);
  return model;
}
inline whr_estimates converged(const rk_wh_history& h, double w2 = 300.0) { return estimates_of(fitted(h, w2), h); }

inline double logistic(double x) { return 1.0 / (1.0 + std::exp(-x)); }
constexpr double elo_per_nat = 400.0 / 2.302585092994045684;

}  // namespace ratekit::testing
