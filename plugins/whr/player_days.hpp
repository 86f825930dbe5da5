// whr's whole history laid out for the sweeps, as struct-of-arrays: the
// player-days (each player's days contiguous, in time order) and, for each
// player-day, its games from that player's side (a day's games contiguous).
// A duel is two game terms, one per side. Built once by load(); the sweeps
// then only read and write these arrays.
#pragma once

#include <ratekit/whole_history.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace ratekit::plugins::whr_model {

struct player_days {
  std::vector<uint32_t> first_day;   // player p's days are [first_day[p], first_day[p + 1])
  std::vector<double> time;          // per day: its batch's time (days, or period numbers)
  std::vector<uint32_t> first_term;  // day d's games are [first_term[d], first_term[d + 1])
  std::vector<uint32_t> opponent;    // per game term: the opponent's day
  std::vector<double> score;         // per game term: 1 a win, 0.5 a draw, 0 a loss
  std::vector<double> advantage;     // per game term: on this side, in natural units (ln gamma)
  std::vector<uint32_t> entry_day;   // per entry of the history: its player's day

  uint32_t players() const { return uint32_t(first_day.size() - 1); }
  uint32_t days() const { return uint32_t(time.size()); }
};

namespace detail {

[[noreturn]] inline void refuse_match(uint64_t m, const std::string& why) {
  throw sdk::failure(RK_ERR_DOMAIN, "whr, match " + std::to_string(m) + ": " + why, int64_t(m));
}

// Refuses what Whole-History Rating does not rate: anything but one player
// against one, with full weights, finite ranks and a finite advantage.
inline void check_duel(const sdk::history& h, uint64_t m) {
  const auto seats = h.match(m);
  if (seats.size() != 2 || seats[0].team != 0 || seats[1].team != 1)
    refuse_match(m, "whr rates duels only (one player against one), this match has " +
                        std::to_string(seats.size()) + " players; rate team matches with ttt");
  for (const rk_entry& e : seats)
    if (e.player < 0 || uint64_t(e.player) >= h.players()) refuse_match(m, "a player id is out of range");
  if (seats[0].player == seats[1].player) refuse_match(m, "a player plays himself");
  if (!std::isfinite(seats[0].rank) || !std::isfinite(seats[1].rank)) refuse_match(m, "a rank is not a number");
  const uint64_t first = h.match_begin(m);
  if (h.weight(first) != 1.0 || h.weight(first + 1) != 1.0)
    refuse_match(m, "whr has no partial play: both players' shares must be 1");
  if (!std::isfinite(h.advantage(m))) refuse_match(m, "the advantage is not a finite number");
}

// Calls fn(batch, entry) for both entries of every match, in time order.
template <class Fn>
void for_each_entry(const sdk::history& h, Fn&& fn) {
  for (uint64_t b = 0; b < h.batches(); ++b)
    for (uint64_t m = h.first_match(b); m < h.end_match(b); ++m)
      for (const uint64_t e : {h.match_begin(m), h.match_begin(m) + 1}) fn(b, e);
}

}  // namespace detail

// Lays the history out; `nat_per_elo` converts its advantages (Elo) to natural units.
inline player_days lay_out(const sdk::history& h, double nat_per_elo) {
  if (h.raw().entry_count >= std::numeric_limits<uint32_t>::max() || h.players() >= std::numeric_limits<uint32_t>::max())
    throw sdk::failure(RK_ERR_DOMAIN, "whr takes at most 2^32 - 2 appearances and players");
  if (!h.raw().batch_times)  // `period: game` or `event`: no time for w2 to count
    throw sdk::failure(RK_ERR_INVALID_ARGUMENT, "whr needs the batches' times: period day, week, month or year");
  for (uint64_t b = 0; b < h.batches(); ++b)
    if (!std::isfinite(h.time(b)) || (b > 0 && !(h.time(b) > h.time(b - 1))))
      throw sdk::failure(RK_ERR_INVALID_ARGUMENT, "whr: the batches' times are not finite and strictly ascending");
  for (uint64_t m = 0; m < h.matches(); ++m) detail::check_duel(h, m);

  player_days L;
  const uint64_t players = h.players(), entries = h.raw().entry_count;
  constexpr uint64_t none = std::numeric_limits<uint64_t>::max();
  // Each player's days: one per batch he plays in.
  std::vector<uint64_t> last_batch(players, none);
  L.first_day.assign(players + 1, 0);
  detail::for_each_entry(h, [&](uint64_t b, uint64_t e) {
    const auto p = uint32_t(h.entries()[e].player);
    if (last_batch[p] != b) last_batch[p] = b, ++L.first_day[p + 1];
  });
  for (uint64_t p = 0; p < players; ++p) L.first_day[p + 1] += L.first_day[p];
  // Each entry's day, each day's time and game count.
  L.time.resize(L.first_day[players]);
  L.first_term.assign(L.time.size() + 1, 0);
  L.entry_day.resize(entries);
  std::vector<uint32_t> next_day(L.first_day.begin(), L.first_day.end() - 1);
  last_batch.assign(players, none);
  detail::for_each_entry(h, [&](uint64_t b, uint64_t e) {
    const auto p = uint32_t(h.entries()[e].player);
    if (last_batch[p] != b) last_batch[p] = b, L.time[next_day[p]++] = h.time(b);
    L.entry_day[e] = next_day[p] - 1;
    ++L.first_term[L.entry_day[e] + 1];
  });
  for (size_t d = 0; d + 1 < L.first_term.size(); ++d) L.first_term[d + 1] += L.first_term[d];
  // The game terms, both sides of each duel.
  const uint64_t terms = 2 * h.matches();
  L.opponent.resize(terms), L.score.resize(terms), L.advantage.resize(terms);
  std::vector<uint32_t> next_term(L.first_term.begin(), L.first_term.end() - 1);
  for (uint64_t m = 0; m < h.matches(); ++m) {
    const uint64_t e = h.match_begin(m);
    const auto seats = h.match(m);
    const double first_score = seats[0].rank < seats[1].rank ? 1.0 : seats[0].rank > seats[1].rank ? 0.0 : 0.5;
    const double advantage = h.advantage(m) * nat_per_elo;
    for (const int side : {0, 1}) {
      const uint32_t day = L.entry_day[e + side], t = next_term[day]++;
      L.opponent[t] = L.entry_day[e + 1 - side];
      L.score[t] = side == 0 ? first_score : 1.0 - first_score;
      L.advantage[t] = side == 0 ? advantage : -advantage;
    }
  }
  return L;
}

}  // namespace ratekit::plugins::whr_model
