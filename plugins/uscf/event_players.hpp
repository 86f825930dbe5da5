// The players of one US Chess event (a rating period) and their games: each
// player's score, wins, losses and opponents, read by the steps of uscf.hpp,
// and the per-game outputs once his rating for the event is known.
#pragma once

#include <ratekit/period_roster.hpp>
#include <ratekit/sdk.hpp>

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

namespace ratekit::plugins::uscf_event {

// One player's numbers in one event.
struct scratch {
  // His state before the event (Steps 1 and 2).
  double prior = 0, n = 0, n_effective = 0;
  double wins_before = 0, losses_before = 0, events_before = 0, highest = 0;
  bool all_wins = false, all_losses = false, special = false;
  // His games in the event.
  double m = 0, score = 0, wins = 0, losses = 0;
  bool met_more_than_twice = false;
  bool fixed = false;  // flagged fixed in one of his games: not rated (RK_GAME_FIXED_A, _B)
  // Steps 3 to 5.
  double estimate = 0, intermediate = 0, final_rating = 0;
  double factor = 1;  // the outputs carry whole changes (period_roster::apply_changes)
  uint32_t slot = 0;  // his place in the event's list of players
};

class players {
 public:
  // Reads the games of period p into the roster's scratch of each player.
  void gather(const rk_game_batch& b, const sdk::period& p, sdk::period_roster<scratch>& roster) {
    roster_ = &roster;
    order_.clear();
    for (uint64_t i = p.begin; i < p.end; ++i) {
      const rk_game& g = b.games[i];
      add(g.a, g.score_a);
      add(g.b, 1.0 - g.score_a);
      if (g.flags & RK_GAME_FIXED_A) roster[g.a].fixed = true;
      if (g.flags & RK_GAME_FIXED_B) roster[g.b].fixed = true;
    }
    offsets_.assign(order_.size() + 1, 0);
    for (size_t k = 0; k < order_.size(); ++k) offsets_[k + 1] = offsets_[k] + uint64_t(roster[order_[k]].m);
    opponents_.resize(offsets_.back());
    std::vector<uint64_t> next(offsets_.begin(), offsets_.end() - 1);
    for (uint64_t i = p.begin; i < p.end; ++i) {
      const rk_game& g = b.games[i];
      opponents_[next[roster[g.a].slot]++] = g.b;
      opponents_[next[roster[g.b].slot]++] = g.a;
    }
    for (const int32_t who : order_) roster[who].met_more_than_twice = met_more_than_twice(who);
  }

  // fn(who, scratch) for every player of the event, fixed ones too.
  template <class Fn>
  void for_each(Fn&& fn) {
    for (const int32_t who : order_) fn(who, (*roster_)[who]);
  }

  // The ratings of who's opponents in the event, game by game, as `rating(id)` gives them.
  template <class Rating>
  std::span<const double> opponent_ratings(int32_t who, Rating&& rating) {
    const std::span<const int32_t> ids = of((*roster_)[who]);
    ratings_.resize(ids.size());
    for (size_t k = 0; k < ids.size(); ++k) ratings_[k] = rating(ids[k]);
    return ratings_;
  }

  // Each game's expectation (`expect(who, opponent's prior)`) and each side's
  // share of his change, final_rating - rating[who] spread evenly over his games
  // (none for a fixed player, whom period_roster leaves as he was).
  template <class Expect>
  void write_outputs(const rk_game_batch& b, const sdk::period& p, rk_game_out* out, const double* rating,
                     Expect&& expect) const {
    const auto share = [&](int32_t who) {
      const scratch& x = (*roster_)[who];
      return x.fixed ? 0.0 : (x.final_rating - rating[who]) / x.m;
    };
    for (uint64_t i = p.begin; i < p.end; ++i) {
      const rk_game& g = b.games[i];
      const double ea = expect(g.a, (*roster_)[g.b].prior);
      out[i] = {ea, share(g.a), share(g.b), 1.0 - ea};
    }
  }

 private:
  void add(int32_t who, double score) {
    scratch& x = (*roster_)[who];
    if (x.m == 0) {
      x.slot = uint32_t(order_.size());
      order_.push_back(who);
    }
    x.m += 1;
    x.score += score;
    x.wins += score == 1.0;
    x.losses += score == 0.0;
  }

  std::span<const int32_t> of(const scratch& x) const {
    return {opponents_.data() + offsets_[x.slot], opponents_.data() + offsets_[x.slot + 1]};
  }

  // The bonus needs no opponent met more than twice in the event.
  bool met_more_than_twice(int32_t who) {
    const std::span<const int32_t> ids = of((*roster_)[who]);
    sorted_.assign(ids.begin(), ids.end());
    std::sort(sorted_.begin(), sorted_.end());
    for (size_t k = 2; k < sorted_.size(); ++k)
      if (sorted_[k] == sorted_[k - 2]) return true;
    return false;
  }

  sdk::period_roster<scratch>* roster_ = nullptr;
  std::vector<int32_t> order_;     // the event's players in order of first game
  std::vector<uint64_t> offsets_;  // order_'s k-th player's opponents: [offsets_[k], offsets_[k + 1])
  std::vector<int32_t> opponents_;
  std::vector<double> ratings_;
  std::vector<int32_t> sorted_;
};

}  // namespace ratekit::plugins::uscf_event
