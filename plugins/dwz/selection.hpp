// 3.4.1: which players of a tournament take part in its evaluation. The
// established players (a DWZ before it), the first stage (no DWZ, at least 5
// opponents with a DWZ and neither 0% nor 100% against them) and the second
// stage (no DWZ, at least 5 games against the established and the first stage,
// neither 0% nor 100% in them) form selection II, whose games are rated; the rest wait.
#pragma once

#include <ratekit/abi.h>

#include <algorithm>
#include <cstdint>
#include <vector>

namespace ratekit::plugins::dwz_rules {

enum class standing : unsigned char { rest, established, first_stage, second_stage };

inline constexpr double least_opponents = 5;

// 3.4.2: a game of a player who got no DWZ yet against selection I of an
// earlier tournament, kept for his next evaluations ("Restpartie").
struct rest_game {
  int32_t opponent;
  double opponent_rating;  // the opponent's DWZ (or first DWZ) in that tournament
  double score;
  int32_t date;  // the tournament's last day (yyyymmdd), 0 when undated
};
using rest_games = std::vector<std::vector<rest_game>>;  // per player of the state

// The players of one tournament by their index in the state.
class selection {
 public:
  // The games [begin, end); `rated` is the state's column (non-zero: a DWZ);
  // `rest` each player's games kept from earlier tournaments.
  void choose(const rk_game* games, uint64_t begin, uint64_t end, const double* rated, uint64_t players,
              const rest_games& rest) {
    if (slot_.size() < players) slot_.resize(players, -1), standing_.resize(players, standing::rest);
    for (int32_t p : players_) slot_[size_t(p)] = -1, standing_[size_t(p)] = standing::rest;
    players_.clear();
    for (uint64_t k = begin; k < end; ++k)
      for (const int32_t p : {games[k].a, games[k].b}) {
        if (slot_[size_t(p)] < 0) {
          slot_[size_t(p)] = int32_t(players_.size());
          players_.push_back(p);
          if (games_of_.size() < players_.size()) games_of_.emplace_back();
          games_of_[players_.size() - 1].clear();
        }
        games_of_[size_t(slot_[size_t(p)])].push_back(k);
      }
    for (int32_t p : players_)
      if (rated[p] != 0) standing_[size_t(p)] = standing::established;
    promote(games, rest, standing::first_stage, true);
    promote(games, rest, standing::second_stage, false);
  }

  standing of(int32_t p) const { return standing_[size_t(p)]; }
  bool selected(int32_t p) const { return standing_[size_t(p)] != standing::rest; }
  bool is_new(int32_t p) const { return of(p) == standing::first_stage || of(p) == standing::second_stage; }
  // A game of selection II, rated in this evaluation.
  bool counts(const rk_game& g) const { return selected(g.a) && selected(g.b); }
  const std::vector<int32_t>& players() const { return players_; }
  const std::vector<uint64_t>& games_of(int32_t p) const { return games_of_[size_t(slot_[size_t(p)])]; }

 private:
  // The players without a DWZ who qualify against the players selected so far,
  // their kept games included (the first stage: distinct opponents with a DWZ; the second: games).
  void promote(const rk_game* games, const rest_games& rest, standing stage, bool distinct) {
    std::vector<int32_t> qualified, opponents;
    for (size_t slot = 0; slot < players_.size(); ++slot) {
      const int32_t p = players_[slot];
      if (standing_[size_t(p)] != standing::rest) continue;
      double played = 0, points = 0;
      opponents.clear();
      for (const uint64_t k : games_of_[slot]) {
        const rk_game& g = games[k];
        const int32_t opponent = g.a == p ? g.b : g.a;
        if (standing_[size_t(opponent)] == standing::rest) continue;
        played += 1;
        points += g.a == p ? g.score_a : 1 - g.score_a;
        opponents.push_back(opponent);
      }
      const double played_here = played;  // a first DWZ needs a game of this tournament to show on
      if (size_t(p) < rest.size())
        for (const rest_game& g : rest[size_t(p)]) played += 1, points += g.score, opponents.push_back(g.opponent);
      std::sort(opponents.begin(), opponents.end());
      const auto different = std::unique(opponents.begin(), opponents.end()) - opponents.begin();
      const double count = distinct ? double(different) : played;
      if (played_here > 0 && count >= least_opponents && points > 0 && points < played) qualified.push_back(p);
    }
    for (int32_t p : qualified) standing_[size_t(p)] = stage;
  }

  std::vector<standing> standing_;  // per player of the state
  std::vector<int32_t> slot_;        // his place in players_, -1 when not in the tournament
  std::vector<int32_t> players_;
  std::vector<std::vector<uint64_t>> games_of_;  // per slot, his games in the batch
};

}  // namespace ratekit::plugins::dwz_rules
