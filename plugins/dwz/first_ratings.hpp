// 3.4.4 and 3.6: the first DWZ of a tournament's new players by one iteration
// over all of them at once. Each new player's rating Ri is the theoretical DWZ at
// which his expected points equal his points (We = W) against his opponents of
// selection II: established players at their DWZ, the other new players at
// their Ri of the previous round, until no Ri moves.
#pragma once

#include "dwz_math.hpp"

#include <cmath>
#include <cstdint>
#include <vector>

namespace ratekit::plugins::dwz_rules {

// One rated game of a new player: his opponent (a new player's slot, or -1 for
// an established one) and the opponent's fixed rating when established.
struct new_player_game {
  int32_t opponent_slot;
  double opponent_rating;
};

struct new_player {
  std::vector<new_player_game> games;
  double points = 0;
};

// The rating R with sum over `games` of P(R - R_opponent) = points, where
// 0 < points < games: the sum rises with R, so bisection finds it.
inline double performance(const new_player& p, const std::vector<double>& slots) {
  const auto opponent = [&](const new_player_game& g) {
    return g.opponent_slot < 0 ? g.opponent_rating : slots[size_t(g.opponent_slot)];
  };
  double low = opponent(p.games.front()), high = low;
  for (const new_player_game& g : p.games) low = std::fmin(low, opponent(g)), high = std::fmax(high, opponent(g));
  low -= 4000, high += 4000;  // beyond 4000 points P is 1 - 1e-12: the root lies within
  for (int step = 0; step < 200 && high - low > 1e-10; ++step) {
    const double mid = 0.5 * (low + high);
    double expected = 0;
    for (const new_player_game& g : p.games) expected += normal_expectancy(mid - opponent(g));
    (expected < p.points ? low : high) = mid;
  }
  return 0.5 * (low + high);
}

// The simultaneous iteration: every new player's Ri from the others' Ri of the
// previous round, from `start` until the largest move is below 1e-9 points.
inline std::vector<double> iterate_first_ratings(const std::vector<new_player>& players, double start) {
  std::vector<double> ri(players.size(), start), next(players.size());
  for (int round = 0; round < 10000; ++round) {
    double moved = 0;
    for (size_t i = 0; i < players.size(); ++i) {
      next[i] = performance(players[i], ri);
      moved = std::fmax(moved, std::fabs(next[i] - ri[i]));
    }
    ri.swap(next);
    if (moved < 1e-9) break;
  }
  return ri;
}

}  // namespace ratekit::plugins::dwz_rules
