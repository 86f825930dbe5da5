// The base values of multiplayer Elo (PlayerRatings' elom): what each place
// of a game is worth, for a full table and for a game with empty seats.
#pragma once

#include <cstddef>
#include <vector>

namespace ratekit::plugins::elom {

// The base values of a game of `players` from those of a full table: one seat
// at a time, the centre value is removed (odd length) or the two centre values
// become their mean (even length), so with 30, 10, -10, -30 three players get
// 30, 0, -30 (elom's manual, "Details").
inline std::vector<double> for_players(std::vector<double> base, size_t players) {
  while (base.size() > players) {
    const size_t m = base.size(), half = m / 2;
    if (m % 2 == 1) {
      base.erase(base.begin() + std::ptrdiff_t(half));
    } else {
      base[half - 1] = (base[half - 1] + base[half]) / 2;
      base.erase(base.begin() + std::ptrdiff_t(half));
    }
  }
  return base;
}

// Each entry's place from the ranks of its game (1 is best): 1 + the number of
// entries ranked strictly better, so tied entries share the best place they
// cover and get its base value ("the largest available base value").
inline void places(const double* ranks, size_t n, std::vector<size_t>& out) {
  out.assign(n, 1);
  for (size_t i = 0; i < n; ++i)
    for (size_t j = 0; j < n; ++j)
      if (ranks[j] < ranks[i]) ++out[i];
}

// Tenhou's K (PlayerRatings' kriichi): k after `full` games, before that
// falling in a straight line from 1 at the first game.
inline double k_factor(double games, double k, double full) { return games >= full ? k : 1 - (1 - k) * games / full; }

}  // namespace ratekit::plugins::elom
