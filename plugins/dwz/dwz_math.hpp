// The formulas of the Wertungsordnung des Deutschen Schachbundes (in force
// since 2013; docs/plugins/dwz.md quotes them): the win expectancy P(D), the
// development coefficient E, the follow-up DWZ and the first DWZ's floor.
#pragma once

#include <algorithm>
#include <cmath>

namespace ratekit::plugins::dwz_rules {

// Age classes (Anhang 1.2): J = 5 up to 20 years, 10 from 21 to 25, 15 over 25.
inline constexpr double j_youth = 5, j_junior = 10, j_senior = 15;

// P(D) on the continuous difference x: Phi(x / (200 sqrt 2)) = erfc(-x / 400) / 2.
inline double normal_expectancy(double x) { return 0.5 * std::erfc(-x / 400.0); }

// 3.3.1: P(D) of the whole difference D = DWZ(1) - DWZ(2), a normal
// distribution with sigma = 200 sqrt 2; a fractional difference counts as the
// nearest whole one (half away from zero, so P(-D) = 1 - P(D)).
inline double win_expectancy(double d) { return normal_expectancy(std::round(d)); }

// What E is built from (Anhang 1.2), for one established player in one tournament.
struct coefficient_facts {
  double r0;     // DWZ before the tournament
  double j;      // age class: 5, 10 or 15
  double w, we;  // points scored and expected
  double index;  // evaluations so far; 0 counts as 1 (a rating of another system)
};

// Anhang 1.2: E = E0 fB + SBr, E0 = (R0 / 1000)^4 + J; fB = R0 / 2000 within
// [0.5, 1] for a youth (J = 5) with W >= We, else 1; SBr = e^((1300 - R0) / 150) - 1
// for R0 < 1300 and W < We, else 0. E is rounded to a whole number, at least 5, at
// most 5 index (index <= 5) or 30 when SBr = 0, at most 150 when SBr > 0.
inline double development_coefficient(const coefficient_facts& f) {
  const double e0 = std::pow(f.r0 / 1000.0, 4) + f.j;
  const double fb = f.j == j_youth && f.w >= f.we ? std::clamp(f.r0 / 2000.0, 0.5, 1.0) : 1.0;
  const double sbr = f.r0 < 1300 && f.w < f.we ? std::exp((1300 - f.r0) / 150.0) - 1 : 0.0;
  const double index = std::max(f.index, 1.0);
  const double most = sbr > 0 ? 150.0 : std::min(30.0, 5 * index);
  return std::clamp(std::round(e0 * fb + sbr), 5.0, most);
}

// 3.5.2: Rn = R0 + 800 (W - We) / (E + n), published as a whole number.
inline double follow_up(double r0, double w, double we, double e, double n) {
  return std::round(r0 + 800 * (w - we) / (e + n));
}

// A first DWZ below 800 is raised to 700 + R / 8, then published as a whole number.
inline double first_dwz(double performance) {
  return std::round(performance < 800 ? 700 + performance / 8 : performance);
}

}  // namespace ratekit::plugins::dwz_rules
