// The two linear-time operations whr needs on a player's Hessian, a symmetric
// tridiagonal matrix (the Wiener process links only consecutive days): solving
// a system for Newton's step, and the diagonal of its inverse for the
// uncertainty (Coulom 2008, appendix). `diag` has n values, `off` n - 1.
#pragma once

#include <cstddef>

namespace ratekit::plugins::whr_model {

// Solves H x = b in place (b becomes x) by Gaussian elimination without
// pivoting, which is stable here: -H is diagonally dominant. `scratch` holds n.
inline void solve_tridiagonal(const double* diag, const double* off, double* b, double* scratch, size_t n) {
  double pivot = diag[0];
  b[0] /= pivot;
  for (size_t i = 1; i < n; ++i) {
    scratch[i - 1] = off[i - 1] / pivot;  // the eliminated row's multiplier
    pivot = diag[i] - off[i - 1] * scratch[i - 1];
    b[i] = (b[i] - off[i - 1] * b[i - 1]) / pivot;
  }
  for (size_t i = n - 1; i-- > 0;) b[i] -= scratch[i] * b[i + 1];
}

// The diagonal of H's inverse: with the pivots f of the elimination from the
// first row and g of the elimination from the last, (H^-1)_ii = 1 / (f_i + g_i - H_ii).
// `out` and `scratch` hold n each.
inline void inverse_diagonal(const double* diag, const double* off, double* out, double* scratch, size_t n) {
  scratch[0] = diag[0];
  for (size_t i = 1; i < n; ++i) scratch[i] = diag[i] - off[i - 1] * off[i - 1] / scratch[i - 1];
  double backward = diag[n - 1];
  out[n - 1] = 1.0 / scratch[n - 1];
  for (size_t i = n - 1; i-- > 0;) {
    backward = diag[i] - off[i] * off[i] / backward;
    out[i] = 1.0 / (scratch[i] + backward - diag[i]);
  }
}

}  // namespace ratekit::plugins::whr_model
