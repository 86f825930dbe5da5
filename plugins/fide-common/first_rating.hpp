// The first rating of an unrated player (FIDE regulations 8.2): at least five
// games against rated opponents, pooled over periods; two hypothetical 1800
// opponents, both drawn, join the pool; the result is rounded, capped at 2200,
// and published only from 1400 up.
#pragma once

#include <fide-common/tables.hpp>

#include <algorithm>
#include <cmath>

namespace ratekit::plugins::fide {

inline constexpr double first_rating_min_games = 5;
inline constexpr double first_rating_cap = 2200;
inline constexpr double rating_floor = 1400;
inline constexpr double hypothetical_opponent = 1800;

// Ru = round(Ra + dp(p)) capped at 2200, with Ra = (sum + 3600) / (n + 2) and
// p = (score + 1) / (n + 2), for n games against rated opponents whose ratings add up to sum.
inline double first_rating(double games, double opponent_sum, double score) {
  const double n = games + 2;
  const double ra = (opponent_sum + 2 * hypothetical_opponent) / n;
  return std::min(std::round(ra + dp(score + 1, n)), first_rating_cap);
}

}  // namespace ratekit::plugins::fide
