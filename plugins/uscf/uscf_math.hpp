// The formulas of the US Chess rating system (Glickman and Doan, "The US Chess
// Rating System", revised 2017; US Chess, "Approximating Formulas for the US
// Chess Rating System", April 2017) that act on one player: the effective
// number of games, K, the winning expectancy, the bonus and the floors.
// plugins/uscf/README.md quotes the rules each function follows; N*'s constants
// and the floors are as two public implementations give them (the README says which).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace ratekit::plugins::uscf_math {

inline constexpr double established_games = 25;  // a rating based on more games is established
inline constexpr double special_games = 8;       // ratings based on at most this many use the special formula
inline constexpr double full_n_from = 2355;      // N* is 50 above this rating
inline constexpr double absolute_floor = 100;
inline constexpr double adult_initial = 1300;    // Step 1's rating of an unrated player over 26 or of unknown age

// Step 1's rating of an unrated player from his age: 50 a year, at least 100,
// 1300 from 26 on (US Chess, from September 2005; plugins/uscf/README.md quotes it).
inline double initial_from_age(double age) { return std::clamp(50 * age, 100.0, adult_initial); }

// N*: the number of games a rating R0 is worth, 50 above 2355.
inline double effective_cap(double r0) {
  if (r0 > full_n_from) return 50.0;
  const double d = 2569.0 - r0;
  return 50.0 / std::sqrt(0.662 + 0.00000739 * d * d);
}
// N' = min(N, N*): a rating based on N games counts as N' games in K.
inline double effective_games(double r0, double n) { return std::min(n, effective_cap(r0)); }

// K = 800 / (N' + m) for m games in the event.
inline double k_factor(double n_effective, double m) { return 800.0 / (n_effective + m); }

// The standard winning expectancy of a player rated r against one rated r_i.
inline double winning_expectancy(double r, double r_i) { return 1.0 / (1.0 + std::pow(10.0, -(r - r_i) / 400.0)); }

// The provisional winning expectancy of the special formula: linear within 400 points.
inline double provisional_expectancy(double r, double r_i) {
  if (r <= r_i - 400) return 0.0;
  if (r >= r_i + 400) return 1.0;
  return 0.5 + (r - r_i) / 800.0;
}

// B as US Chess announced its changes (plugins/uscf/README.md quotes them), by
// the event's last day (yyyymmdd): 12, 14 for events ending from 1 May 2017, 12
// again for those ending from 1 February 2023; an undated event 14, the 2017 revision's.
inline double bonus_threshold_on(int32_t last_day) {
  if (last_day == 0) return 14.0;
  return last_day < 20170501 || last_day >= 20230201 ? 12.0 : 14.0;
}

// The bonus of the standard formula: what K (S - E) exceeds B sqrt(max(m, 4))
// by, for 3 or more games against no opponent met more than twice; else 0.
inline double bonus(double gain, double m, double threshold_b, bool met_more_than_twice) {
  if (m < 3 || met_more_than_twice) return 0.0;
  return std::max(0.0, gain - threshold_b * std::sqrt(std::max(m, 4.0)));
}

// The absolute floor: 100 + 4 wins + 2 draws + the events of 3 or more games, at most 150.
inline double absolute_floor_of(double wins, double draws, double events) {
  return std::min(150.0, absolute_floor + 4 * wins + 2 * draws + events);
}
// An established player's floor: 200 below his highest established rating, in
// whole hundreds, from 1200 to 2100; 0 when that is below 1200.
inline double established_floor(double highest) {
  const double floor = std::floor((highest - 200) / 100) * 100;
  return floor >= 1200 ? std::min(floor, 2100.0) : 0.0;
}

// The Approximating Formulas' special formula: (N R_pre + m R_avg + 400 (W - L)) / (N + m),
// with N = 0 for an unrated player.
inline double approximate_special(double r_pre, double n, double m, double opponents_sum, double wins, double losses) {
  return (n * r_pre + opponents_sum + 400 * (wins - losses)) / (n + m);
}

}  // namespace ratekit::plugins::uscf_math
