// The special rating formula of the US Chess rating system (section "Special
// rating formula" of the rules): the rating R at which the player's adjusted
// score equals his provisional winning expectancies,
//   f(R) = N' PWe(R, R0') + sum_i PWe(R, R_i) - S' = 0,
// found by the rules' iteration over the breakpoints R_i +- 400 and R0' +- 400.
#pragma once

#include "uscf_math.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>
#include <stdexcept>
#include <vector>

namespace ratekit::plugins::uscf_special {

// What the special formula reads of one player in one event.
struct player {
  double prior;            // R0: the pre-event (or Step 1) rating
  double n_effective;      // N'
  bool all_wins, all_losses;  // every earlier game of his (N > 0) a win, or a loss
  double score;            // S, over the event's m games
};

inline constexpr double epsilon = 1e-7;  // the rules' tolerance on f

class solver {
 public:
  // The special rating of `p` against opponents rated `opponents` (m = their count).
  double solve(const player& p, std::span<const double> opponents) {
    set_up(p, opponents);
    double m_value = first_estimate(p);
    double f_m = f(m_value);
    approach(m_value, f_m, -1);  // step 2: while f(M) > epsilon, down towards the root
    approach(m_value, f_m, +1);  // step 3: while f(M) < -epsilon, up towards it
    return std::fabs(f_m) <= epsilon ? settle(p, m_value) : m_value;
  }

 private:
  // Steps 2 and 3 (`direction` -1: down while f(M) > epsilon; +1: up while
  // f(M) < -epsilon): to the next breakpoint z that way, or to the secant's
  // root M* when it lies between M and z; stops where M* would go back.
  void approach(double& m_value, double& f_m, int direction) {
    for (int guard = 0; -direction * f_m > epsilon; ++guard) {
      check(guard);
      const double z = direction < 0 ? below(m_value) : above(m_value);
      const double f_z = f(z);
      if (std::fabs(f_z - f_m) < epsilon) {
        m_value = z, f_m = f_z;
        continue;
      }
      const double m_star = m_value - f_m * (z - m_value) / (f_z - f_m);
      if (direction * (m_star - z) > 0) {
        m_value = z, f_m = f_z;
      } else if (direction * (m_star - m_value) > 0) {
        m_value = m_star, f_m = f(m_star);
      } else {
        return;
      }
    }
  }

  // R0' and S': an all-win record counts as N' more wins 400 points below the
  // prior, an all-loss one as N' losses 400 above; any other as N' draws at it.
  void set_up(const player& p, std::span<const double> opponents) {
    opponents_ = opponents;
    n_ = p.n_effective;
    if (p.all_wins) {
      adjusted_prior_ = p.prior - 400, adjusted_score_ = p.score + n_;
    } else if (p.all_losses) {
      adjusted_prior_ = p.prior + 400, adjusted_score_ = p.score;
    } else {
      adjusted_prior_ = p.prior, adjusted_score_ = p.score + n_ / 2;
    }
    breakpoints_.clear();
    for (const double r : opponents) breakpoints_.push_back(r - 400), breakpoints_.push_back(r + 400);
    breakpoints_.push_back(adjusted_prior_ - 400);
    breakpoints_.push_back(adjusted_prior_ + 400);
  }

  // Step 1: M = (N' R0' + sum R_i + 400 (2S - m)) / (N' + m), the old provisional formula.
  double first_estimate(const player& p) const {
    double sum = 0;
    for (const double r : opponents_) sum += r;
    const double m = double(opponents_.size());
    return (n_ * adjusted_prior_ + sum + 400 * (2 * p.score - m)) / (n_ + m);
  }

  double f(double r) const {
    double sum = n_ * uscf_math::provisional_expectancy(r, adjusted_prior_) - adjusted_score_;
    for (const double r_i : opponents_) sum += uscf_math::provisional_expectancy(r, r_i);
    return sum;
  }

  // za: the largest breakpoint below r; zb: the smallest above it (infinite when none).
  double below(double r) const {
    double z = -std::numeric_limits<double>::infinity();
    for (const double b : breakpoints_)
      if (b < r) z = std::max(z, b);
    return z;
  }
  double above(double r) const {
    double z = std::numeric_limits<double>::infinity();
    for (const double b : breakpoints_)
      if (b > r) z = std::min(z, b);
    return z;
  }

  // Step 4: a root where f is flat (no opponent, nor the prior, within 400
  // points) is one of many: the one nearest the prior rating is taken.
  double settle(const player& p, double root) const {
    bool near = std::fabs(root - adjusted_prior_) <= 400;
    for (const double r_i : opponents_) near = near || std::fabs(root - r_i) <= 400;
    if (near) return root;
    return std::clamp(p.prior, below(root), above(root));
  }

  // Each step passes a breakpoint or lands on the root: more steps than breakpoints is a fault.
  void check(int steps) const {
    if (size_t(steps) > 2 * breakpoints_.size() + 4) throw std::runtime_error("the special rating did not converge");
  }

  std::span<const double> opponents_;
  double n_ = 0, adjusted_prior_ = 0, adjusted_score_ = 0;
  std::vector<double> breakpoints_;
};

}  // namespace ratekit::plugins::uscf_special
