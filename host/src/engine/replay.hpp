// Replaying games from their outputs: the rating each game was evaluated on
// and the rating at the end of its period, for peaks, metrics and history.
#pragma once

#include <ratekit/abi.h>
#include <ratekit/host/engine/engine.hpp>

#include <cstdint>
#include <span>
#include <vector>

namespace ratekit {

class game_replay {
 public:
  explicit game_replay(std::vector<double> start) : rating_(std::move(start)), pending_(rating_.size(), 0.0) {}

  // Players who joined after the start, with their starting ratings.
  void add_players(const double* start, size_t count) {
    rating_.insert(rating_.end(), start + rating_.size(), start + count);
    pending_.resize(rating_.size(), 0.0);
  }

  // Games [0, n) in whole periods: `ends` relative to games[0], none for a
  // period per game. fn(i, before_a, before_b, after_a, after_b). The
  // adjustments (by game) apply at their period's end with its games'
  // changes; each gets the player's rating at the period's start and end.
  template <class Visit>
  void run(const rk_game* games, size_t n, const uint64_t* ends, size_t count, const rk_game_out* out, Visit&& fn,
           std::span<rated_adjustment> adjustments = {}) {
    rated_adjustment* adj = adjustments.data();
    rated_adjustment* const adj_end = adj + adjustments.size();
    if (!ends) {
      for (size_t i = 0; i < n; ++i) {
        if (i + ahead < n) {  // the ratings are read at random: fetch them early
          __builtin_prefetch(&rating_[size_t(games[i + ahead].a)], 1);
          __builtin_prefetch(&rating_[size_t(games[i + ahead].b)], 1);
        }
        double& a = rating_[size_t(games[i].a)];
        double& b = rating_[size_t(games[i].b)];
        const double before_a = a, before_b = b;
        a += out[i].delta_a;
        b += out[i].delta_b;
        if (adj != adj_end && adj->game == i) adj = adjust(adj, adj_end, games[i], out[i], before_a, before_b);
        fn(i, before_a, before_b, a, b);
      }
      return;
    }
    size_t begin = 0;
    for (size_t p = 0; p < count; ++p) {
      const size_t end = size_t(ends[p]);
      for (size_t i = begin; i < end; ++i) {
        fetch(games, i, end, false);
        pending_[size_t(games[i].a)] += out[i].delta_a;
        pending_[size_t(games[i].b)] += out[i].delta_b;
      }
      rated_adjustment* const period_adj = adj;
      for (; adj != adj_end && adj->game < end; ++adj) pending_[size_t(adj->player)] += adj->delta;
      for (size_t i = begin; i < end; ++i) {
        fetch(games, i, end, true);
        const size_t a = size_t(games[i].a), b = size_t(games[i].b);
        fn(i, rating_[a], rating_[b], rating_[a] + pending_[a], rating_[b] + pending_[b]);
      }
      for (rated_adjustment* x = period_adj; x != adj; ++x)
        x->before = rating_[size_t(x->player)], x->after = x->before + pending_[size_t(x->player)];
      for (size_t i = begin; i < end; ++i) {
        fetch(games, i, end, true);
        for (const int32_t q : {games[i].a, games[i].b}) commit(q);
      }
      for (rated_adjustment* x = period_adj; x != adj; ++x) commit(x->player);
      begin = end;
    }
  }

  // Each player's rating as the changes the games reported add up, after the games replayed.
  const std::vector<double>& ratings() const noexcept { return rating_; }

 private:
  // A period's players are met at random: their lines are fetched a few games ahead.
  void fetch(const rk_game* games, size_t i, size_t end, bool ratings) {
    if (i + ahead >= end) return;
    for (const int32_t q : {games[i + ahead].a, games[i + ahead].b}) {
      __builtin_prefetch(&pending_[size_t(q)], 1);
      if (ratings) __builtin_prefetch(&rating_[size_t(q)], 1);
    }
  }

  void commit(int32_t player) {
    rating_[size_t(player)] += pending_[size_t(player)];
    pending_[size_t(player)] = 0.0;
  }

  // A period of one game, g (its index `i` ends at i + 1), whose adjustments start at `adj`: their players'
  // ratings become the ones before plus 0 + the game's delta + their adjustments, as in longer periods.
  rated_adjustment* adjust(rated_adjustment* adj, rated_adjustment* adj_end, const rk_game& g, const rk_game_out& o,
                           double before_a, double before_b) {
    const size_t end = adj->game + 1;
    rated_adjustment* const first = adj;
    rating_[size_t(g.a)] = before_a, rating_[size_t(g.b)] = before_b;
    pending_[size_t(g.a)] += o.delta_a, pending_[size_t(g.b)] += o.delta_b;
    for (; adj != adj_end && adj->game < end; ++adj) {
      adj->before = rating_[size_t(adj->player)];
      pending_[size_t(adj->player)] += adj->delta;
    }
    commit(g.a), commit(g.b);
    for (rated_adjustment* x = first; x != adj; ++x) commit(x->player);
    for (rated_adjustment* x = first; x != adj; ++x) x->after = rating_[size_t(x->player)];
    return adj;
  }

  static constexpr size_t ahead = 16;  // games
  std::vector<double> rating_, pending_;
};

// The shown fields (run_result::shown_state) of n entries' states, which hold
// every field besides the rating: [i * fields + field - 1] into [i * shown + k].
inline void shown_fields(const double* states, size_t n, size_t fields, const std::vector<uint32_t>& shown, double* out) {
  for (size_t i = 0; i < n; ++i)
    for (size_t k = 0; k < shown.size(); ++k) out[i * shown.size() + k] = states[i * fields + shown[k] - 1];
}

// The same for ranked events: each entry's rating before its event, and that
// plus its change after it.
class entry_replay {
 public:
  explicit entry_replay(std::vector<double> start) : rating_(std::move(start)) {}

  void add_players(const double* start, size_t count) { rating_.insert(rating_.end(), start + rating_.size(), start + count); }

  // Each player's rating as the changes the entries reported add up, after the events replayed.
  const std::vector<double>& ratings() const noexcept { return rating_; }

  // Entries [0, n) of one event into before[0, n) and after[0, n).
  void event(const rk_entry* entries, const rk_entry_out* out, size_t n, double* before, double* after) {
    for (size_t i = 0; i < n; ++i) {
      before[i] = rating_[size_t(entries[i].player)];
      after[i] = before[i] + out[i].delta;
    }
    for (size_t i = 0; i < n; ++i) rating_[size_t(entries[i].player)] += out[i].delta;
  }

 private:
  std::vector<double> rating_;
};

}  // namespace ratekit
