// The two expectations of a model on Glicko's state (rating, rd), glicko's and
// stephenson's: a base class, which the SDK finds as the model's own.
#pragma once

#include "glicko_math.hpp"

namespace ratekit::plugins {

struct glicko_expectations {
  // Without the players' RDs the host asks for the plain logistic expectation (g(0) = 1).
  double expect(double ra, double rb, double advantage) const { return glicko_math::expected(ra + advantage, rb, 0); }
  // From both players' state: their RDs combined (Glickman, "The Glicko system"; PlayerRatings' predict()).
  double expect(const double* a, const double* b, double advantage) const {
    return glicko_math::predicted(a[0] + advantage, a[1], b[0], b[1]);
  }
};

}  // namespace ratekit::plugins
