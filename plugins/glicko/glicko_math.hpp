// The formulas of Glickman's Glicko system ("Parameter estimation in large
// dynamic paired comparison experiments", Applied Statistics 48, 1999, and his
// summary "The Glicko system"), one function each.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>

namespace ratekit::plugins::glicko_math {

// q = ln(10) / 400: ratings are on Elo's base-10, 400-point scale.
inline constexpr double q = std::numbers::ln10 / 400.0;

// How much an opponent's uncertainty flattens the expectation against him.
inline double g(double rd) { return 1.0 / std::sqrt(1.0 + 3.0 * q * q * rd * rd / (std::numbers::pi * std::numbers::pi)); }

// A player rated r's expected score against an opponent rated rj with deviation rdj.
inline double expected(double r, double rj, double rdj) { return 1.0 / (1.0 + std::pow(10.0, -g(rdj) * (r - rj) / 400.0)); }

// The chance that a player (r, rd) beats one (rj, rdj) when both RDs are
// uncertain: the expectation flattened by the two deviations combined.
inline double predicted(double r, double rd, double rj, double rdj) { return expected(r, rj, std::hypot(rd, rdj)); }

// The RD at the start of a period, t periods after the player was last rated:
// uncertainty grows by c^2 per period, up to that of a new player.
inline double grown_rd(double rd, double c, int64_t t, double max_rd) {
  return std::min(std::sqrt(rd * rd + c * c * double(t)), max_rd);
}

// The new RD from the RD at the period's start and `information` = sum of
// g(RD_j)^2 E (1 - E) over the period's games (1 / d^2 = q^2 information).
inline double new_rd(double rd, double information) { return 1.0 / std::sqrt(1.0 / (rd * rd) + q * q * information); }

}  // namespace ratekit::plugins::glicko_math
