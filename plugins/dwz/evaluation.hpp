// One tournament's evaluation (one rating period): selection II (3.4.1), the
// first DWZ of its new players (3.4.4), the exceptional players (3.6), then every
// established player's follow-up DWZ (3.5), written into the state with each
// game's share of the changes.
#pragma once

#include "first_ratings.hpp"
#include "selection.hpp"

#include <ratekit/sdk.hpp>

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

namespace ratekit::plugins::dwz_rules {

// The state's columns this evaluation reads and writes.
enum field : uint32_t { f_rating, f_rated, f_index };

// 3.6: a player whose performance lies more than 300 points above his DWZ counts
// with his performance for his opponents.
inline constexpr double exceptional_margin = 300;

class evaluation {
 public:
  // Rates games [begin, end) of one tournament ending on `last_day` (yyyymmdd,
  // 0 when undated); `out` gets each game's expected scores and deltas.
  void rate(const sdk::state& s, const rk_game* games, rk_game_out* out, uint64_t begin, uint64_t end, int32_t last_day) {
    if (next_.size() < s.players()) {
      for (auto* column : {&next_, &coefficient_, &counted_, &seen_as_}) column->resize(s.players(), 0.0);
      new_slot_.resize(s.players(), -1);
      fixed_.resize(s.players(), 0);
      rest_.resize(s.players());
    }
    const double* rating = s.rating();
    forget_expired(games, begin, end, last_day);
    choice_.choose(games, begin, end, s.column(f_rated), s.players(), rest_);
    for (uint64_t k = begin; k < end; ++k) {
      const rk_game& g = games[k];
      out[k] = {win_expectancy(rating[g.a] - rating[g.b]), 0.0, 0.0, win_expectancy(rating[g.b] - rating[g.a])};
      if (g.flags & RK_GAME_FIXED_A) fixed_[size_t(g.a)] = 1;
      if (g.flags & RK_GAME_FIXED_B) fixed_[size_t(g.b)] = 1;
    }
    for (const int32_t p : choice_.players()) seen_as_[size_t(p)] = rating[p];
    rate_new_players(games);
    if (find_exceptional(rating, games)) rate_new_players(games);  // again, with their performances
    for (const int32_t p : choice_.players())
      if (choice_.of(p) == standing::established) rate_established(p, rating, s.column(f_index)[p], games);
    for (const int32_t p : choice_.players())  // every share from the ratings before the tournament
      if (choice_.selected(p) && !fixed_[size_t(p)]) write_deltas(p, rating, games, out);
    keep_rest_games(rating, games, last_day);
    for (const int32_t p : choice_.players()) {
      if (choice_.selected(p) && !fixed_[size_t(p)]) publish(s, p);
      fixed_[size_t(p)] = 0;
      new_slot_[size_t(p)] = -1;
    }
  }

  // Each player's kept games (3.4.2), per player of the state: what a later run
  // is handed back (kept_games.hpp), so they count across runs too.
  rest_games& kept_games() { return rest_; }

 private:
  static double score_of(const rk_game& g, int32_t p) { return g.a == p ? g.score_a : 1 - g.score_a; }
  static int32_t opponent_of(const rk_game& g, int32_t p) { return g.a == p ? g.b : g.a; }
  static double& delta_of(rk_game_out& o, const rk_game& g, int32_t p) { return g.a == p ? o.delta_a : o.delta_b; }

  // The rating player q counts with for his opponents: a new player his first
  // DWZ, an established one his DWZ (or his performance, 3.6).
  double opponent_rating(int32_t q) const { return choice_.is_new(q) ? next_[size_t(q)] : seen_as_[size_t(q)]; }

  // Player p's games of selection II, as for a new player: new opponents by
  // their slot in the iteration, the others at the rating they count with.
  new_player games_against_selection(int32_t p, const rk_game* games) const {
    new_player np;
    for (const uint64_t k : choice_.games_of(p)) {
      if (!choice_.counts(games[k])) continue;
      const int32_t q = opponent_of(games[k], p);
      np.games.push_back({new_slot_[size_t(q)], seen_as_[size_t(q)]});
      np.points += score_of(games[k], p);
    }
    for (const rest_game& g : rest_[size_t(p)]) {
      np.games.push_back({-1, g.opponent_rating});
      np.points += g.score;
    }
    return np;
  }

  // 4.1.1: kept games are dropped two years after their tournament's end.
  void forget_expired(const rk_game* games, uint64_t begin, uint64_t end, int32_t last_day) {
    if (last_day <= 0) return;
    for (uint64_t k = begin; k < end; ++k)
      for (const int32_t p : {games[k].a, games[k].b})
        std::erase_if(rest_[size_t(p)], [&](const rest_game& g) { return g.date > 0 && g.date + 20000 < last_day; });
  }

  // 3.4.2: a player left out of selection II keeps his games against selection I
  // (with the opponents' DWZ or first DWZ); a player with a DWZ keeps none.
  void keep_rest_games(const double* rating, const rk_game* games, int32_t last_day) {
    for (const int32_t p : choice_.players()) {
      if (choice_.selected(p)) {
        if (!fixed_[size_t(p)]) rest_[size_t(p)].clear();
        continue;
      }
      for (const uint64_t k : choice_.games_of(p)) {
        const int32_t q = opponent_of(games[k], p);
        if (choice_.of(q) == standing::established || choice_.of(q) == standing::first_stage)
          rest_[size_t(p)].push_back({q, choice_.is_new(q) ? next_[size_t(q)] : rating[q], score_of(games[k], p), last_day});
      }
    }
  }

  // 3.4.4: the first DWZ of every new player of selection II, into next_. The
  // iteration starts from the mean rating of their opponents with a fixed one.
  void rate_new_players(const rk_game* games) {
    std::vector<new_player> news;
    for (const int32_t p : choice_.players())
      if (choice_.is_new(p)) new_slot_[size_t(p)] = int32_t(news.size()), news.emplace_back();
    first_by_slot_.clear();
    if (news.empty()) return;
    double fixed_sum = 0, fixed = 0;
    for (const int32_t p : choice_.players()) {
      if (!choice_.is_new(p)) continue;
      new_player& np = news[size_t(new_slot_[size_t(p)])] = games_against_selection(p, games);
      for (const new_player_game& g : np.games)
        if (g.opponent_slot < 0) fixed_sum += g.opponent_rating, fixed += 1;
    }
    const std::vector<double> ri = iterate_first_ratings(news, fixed_sum / fixed);
    first_by_slot_.resize(ri.size());
    for (const int32_t p : choice_.players())
      if (choice_.is_new(p)) {
        const size_t slot = size_t(new_slot_[size_t(p)]);
        next_[size_t(p)] = first_by_slot_[slot] = first_dwz(ri[slot]);
      }
  }

  // 3.6: an established player with at least 5 games against selection II and
  // neither 0% nor 100% has a performance Rh (We = W, the new players at their
  // first DWZ); more than 300 above his DWZ, his opponents see Rh, a whole number.
  bool find_exceptional(const double* rating, const rk_game* games) {
    std::vector<std::pair<int32_t, double>> found;
    for (const int32_t p : choice_.players()) {
      if (choice_.of(p) != standing::established) continue;
      const new_player np = games_against_selection(p, games);
      if (double(np.games.size()) < least_opponents || np.points <= 0 || np.points >= double(np.games.size())) continue;
      const double rh = std::round(performance(np, first_by_slot_));
      if (rh > rating[p] + exceptional_margin) found.emplace_back(p, rh);
    }
    for (const auto& [p, rh] : found) seen_as_[size_t(p)] = rh;
    return !found.empty();
  }

  // 3.5: an established player's DWZ from his games against selection II.
  void rate_established(int32_t p, const double* rating, double index, const rk_game* games) {
    double n = 0, w = 0, we = 0, j = j_senior;
    for (const uint64_t k : choice_.games_of(p)) {
      const rk_game& g = games[k];
      if (!choice_.counts(g)) continue;
      n += 1;
      w += score_of(g, p);
      we += win_expectancy(rating[p] - opponent_rating(opponent_of(g, p)));
      j = g.a == p ? g.k_a : g.k_b;  // the class at the tournament's last game
    }
    counted_[size_t(p)] = n;
    next_[size_t(p)] = rating[p];
    if (n == 0) return;
    coefficient_[size_t(p)] = development_coefficient({rating[p], j, w, we, index});
    next_[size_t(p)] = follow_up(rating[p], w, we, coefficient_[size_t(p)], n);
  }

  // Writes player p's change into his counted games' deltas: an established
  // player's game its 800 (S - P) / (E + n), a new player's an even share; the
  // rounding goes into his last game, so the deltas add up to the change.
  void write_deltas(int32_t p, const double* rating, const rk_game* games, rk_game_out* out) {
    const bool established = choice_.of(p) == standing::established;
    const double change = next_[size_t(p)] - rating[p];
    double n = 0, spread = 0;
    uint64_t last = 0;
    for (const uint64_t k : choice_.games_of(p)) n += choice_.counts(games[k]) ? 1 : 0;
    for (const uint64_t k : choice_.games_of(p)) {
      const rk_game& g = games[k];
      if (!choice_.counts(g)) continue;
      const double expected = win_expectancy(rating[p] - opponent_rating(opponent_of(g, p)));
      const double share = established ? 800 * (score_of(g, p) - expected) / (coefficient_[size_t(p)] + n) : change / n;
      delta_of(out[k], g, p) = share;
      spread += share;
      last = k;
    }
    if (n > 0) delta_of(out[last], games[last], p) += change - spread;
  }

  // The tournament's result for player p: his DWZ, a DWZ held, one evaluation more.
  void publish(const sdk::state& s, int32_t p) {
    const bool established = choice_.of(p) == standing::established;
    if (established && counted_[size_t(p)] == 0) return;
    s.rating()[p] = next_[size_t(p)];
    s.column(f_rated)[p] = 1;
    s.column(f_index)[p] = established ? s.column(f_index)[p] + 1 : 1;
  }

  selection choice_;
  std::vector<double> next_;         // per player: his DWZ after the tournament
  std::vector<double> seen_as_;      // per established player: the rating his opponents count him with
  std::vector<double> coefficient_;  // per established player: his E in the tournament
  std::vector<double> counted_;      // per established player: his games against selection II
  std::vector<int32_t> new_slot_;    // per new player: his place in the iteration, else -1
  std::vector<double> first_by_slot_;  // the new players' first DWZ by their place
  std::vector<char> fixed_;          // per player: a game of the tournament holds his rating fixed
  rest_games rest_;                  // per player without a DWZ: his kept games
};

}  // namespace ratekit::plugins::dwz_rules
