// elo-multiplayer: Elo for games of three or more players whose result is a
// placing or a score (mahjong, poker), as the R package PlayerRatings' elom()
// defines it, with Tenhou's riichi mahjong rules as the defaults. Each game is
// a rating period of its own.
#pragma once

#include "base_values.hpp"

#include <ratekit/sdk.hpp>

#include <cmath>
#include <string>
#include <vector>

namespace ratekit::plugins {

class elo_multiplayer {
 public:
  static const rk_descriptor descriptor;
  static constexpr uint32_t max_seats = 8;
  static constexpr double points_per_base = 40;  // elom: a player's expected base is (r - table mean) / 40
  enum field : uint32_t { f_rating, f_played };
  enum param : uint32_t { p_seats, p_k, p_k_games, p_base_1 };

  elo_multiplayer(const sdk::host&, sdk::params p) : k_(p[p_k]), k_games_(p[p_k_games]) {
    const size_t seats = size_t(p[p_seats]);
    for (uint32_t i = 0; i < seats; ++i) base_.push_back(p[p_base_1 + i]);
    by_players_.resize(seats + 1);
    for (size_t n = 2; n <= seats; ++n) by_players_[n] = elom::for_players(base_, n);
  }

  // PlayerRatings gives elom no chance of finishing ahead; ratekit's pairwise
  // expectation (metrics, predict's expected_rank) is Elo's logistic curve.
  double expect(double ra, double rb, double advantage) const {
    return 1.0 / (1.0 + std::pow(10.0, -(ra + advantage - rb) / 400.0));
  }

  void rate_events(const sdk::state& s, const rk_event_batch& batch, rk_entry_out* out) {
    for (uint64_t e = 0; e < batch.event_count; ++e) rate_game(s, batch, batch.events[e], out);
  }

 private:
  void check(const sdk::state& s, const rk_event_batch& batch, const rk_event& ev) {
    if (ev.begin > ev.end || ev.end > batch.entry_count)
      throw sdk::failure(RK_ERR_INVALID_ARGUMENT, "the event's entries lie outside the batch");
    const size_t n = size_t(ev.end - ev.begin);
    if (n < 2 || n > base_.size())
      throw sdk::failure(RK_ERR_DOMAIN, "a game of " + std::to_string(n) + " players: this model rates 2 to seats (" +
                                            std::to_string(base_.size()) + ") players",
                         int64_t(ev.begin));
    if (seen_.size() < s.players()) seen_.resize(s.players(), 0);
    ++stamp_;
    for (uint64_t i = ev.begin; i < ev.end; ++i) {
      const rk_entry& entry = batch.entries[i];
      if (entry.player < 0 || uint64_t(entry.player) >= s.players())
        throw sdk::failure(RK_ERR_INVALID_ARGUMENT, "player id out of range", int64_t(i));
      if (!std::isfinite(entry.rank)) throw sdk::failure(RK_ERR_DOMAIN, "rank must be a finite number", int64_t(i));
      if (seen_[size_t(entry.player)] == stamp_)
        throw sdk::failure(RK_ERR_DOMAIN, "a player appears twice in one game", int64_t(i));
      seen_[size_t(entry.player)] = stamp_;
    }
  }

  // r' = r + K(games) (base(place) - (r - table mean) / 40), everyone on the ratings before the game.
  void rate_game(const sdk::state& s, const rk_event_batch& batch, const rk_event& ev, rk_entry_out* out) {
    check(s, batch, ev);
    const size_t n = size_t(ev.end - ev.begin);
    double* rating = s.column(f_rating);
    double* played = s.column(f_played);
    ranks_.resize(n);
    double mean = 0;
    for (size_t k = 0; k < n; ++k) {
      const rk_entry& entry = batch.entries[ev.begin + k];
      ranks_[k] = entry.rank;
      mean += rating[entry.player];
    }
    mean /= double(n);
    elom::places(ranks_.data(), n, places_);
    const std::vector<double>& base = by_players_[n];
    for (size_t k = 0; k < n; ++k) {
      const size_t p = size_t(batch.entries[ev.begin + k].player);
      const double expected = (rating[p] - mean) / points_per_base;
      const double k_factor = elom::k_factor(played[p], k_, k_games_);
      const double delta = k_factor * (base[places_[k] - 1] - expected);
      if (out) out[ev.begin + k] = {expected, NAN, delta, k_factor, played[p] == 0 ? RK_ENTRY_NEW : 0u, 0};
      changes_.push_back(delta);
    }
    for (size_t k = 0; k < n; ++k) {
      const size_t p = size_t(batch.entries[ev.begin + k].player);
      rating[p] += changes_[k];
      played[p] += 1;
    }
    changes_.clear();
  }

  double k_, k_games_;
  std::vector<double> base_;                     // the full table's base values, best place first
  std::vector<std::vector<double>> by_players_;  // the base values of a game of n players
  std::vector<double> ranks_, changes_;
  std::vector<size_t> places_;
  std::vector<uint64_t> seen_;  // the game a player was last seen in, against duplicates
  uint64_t stamp_ = 0;
};

}  // namespace ratekit::plugins
