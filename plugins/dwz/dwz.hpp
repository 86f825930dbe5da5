// dwz: the German chess federation's DWZ (Wertungsordnung des DSB, in force
// since 2013). Each rating period is one tournament: its new players get a
// first DWZ by one iteration over all of them (first_ratings.hpp), then each
// established player's DWZ follows from his points against selection II
// (selection.hpp) and his development coefficient E (dwz_math.hpp). The age
// class J comes as each game's K (the config's K schedule, from birth years).
#pragma once

#include "first_ratings.hpp"
#include "selection.hpp"

#include <ratekit/elo.hpp>

#include <iterator>
#include <vector>

namespace ratekit::plugins {

class dwz {
 public:
  static const rk_descriptor descriptor;
  enum field : uint32_t { f_rating, f_rated, f_index };
  static constexpr uint32_t state_count = 3;

  dwz(const sdk::host&, sdk::params) {}

  double expect(double ra, double rb, double advantage) const { return dwz_rules::win_expectancy(ra + advantage - rb); }

  void rate_games(const sdk::state& s, const rk_game_batch& batch, rk_game_out* out) {
    if (s.fields() != state_count) throw sdk::failure(RK_ERR_INVALID_ARGUMENT, "the state must have the plugin's 3 columns");
    if (next_.size() < s.players()) {
      next_.resize(s.players(), 0.0);
      coefficient_.resize(s.players(), 0.0);
      counted_.resize(s.players(), 0.0);
      new_slot_.resize(s.players(), -1);
      fixed_.resize(s.players(), 0);
    }
    own_out_.assign(out ? 0 : batch.game_count, rk_game_out{});
    rk_game_out* results = out ? out : own_out_.data();
    const sdk::state_after_writer after(s, batch);
    sdk::for_each_period(batch, [&](uint64_t begin, uint64_t end) {
      for (uint64_t k = begin; k < end; ++k) {
        sdk::check_game(batch.games[k], k, s.players());
        check_age_class(batch.games[k], k);
      }
      rate_tournament(s, batch.games, results, begin, end);
      after.write(begin, end);
    });
  }

 private:
  static void check_age_class(const rk_game& g, uint64_t k) {
    for (const double j : {g.k_a, g.k_b})
      if (j != dwz_rules::j_youth && j != dwz_rules::j_junior && j != dwz_rules::j_senior)
        throw sdk::failure(RK_ERR_DOMAIN,
                           "K must be the player's age class J: 5 (up to 20 years), 10 (21 to 25) or 15 (over 25 or "
                           "unknown), as the K schedule of configs/dwz-example.yaml gives it",
                           int64_t(k));
  }

  static double score_of(const rk_game& g, int32_t p) { return g.a == p ? g.score_a : 1 - g.score_a; }
  static int32_t opponent_of(const rk_game& g, int32_t p) { return g.a == p ? g.b : g.a; }
  static double& delta_of(rk_game_out& o, const rk_game& g, int32_t p) { return g.a == p ? o.delta_a : o.delta_b; }

  void rate_tournament(const sdk::state& s, const rk_game* games, rk_game_out* out, uint64_t begin, uint64_t end) {
    const double* rating = s.rating();
    choice_.choose(games, begin, end, s.column(f_rated), s.players());
    for (uint64_t k = begin; k < end; ++k) {
      const rk_game& g = games[k];
      out[k] = {expect(rating[g.a], rating[g.b], 0), 0.0, 0.0, expect(rating[g.b], rating[g.a], 0)};
      if (g.flags & RK_GAME_FIXED_A) fixed_[size_t(g.a)] = 1;
      if (g.flags & RK_GAME_FIXED_B) fixed_[size_t(g.b)] = 1;
    }
    rate_new_players(rating, games);
    for (const int32_t p : choice_.players())
      if (choice_.of(p) == dwz_rules::standing::established) rate_established(p, rating, s.column(f_index)[p], games);
    for (const int32_t p : choice_.players())  // every share from the ratings before the tournament
      if (choice_.selected(p) && !fixed_[size_t(p)]) write_deltas(p, rating, games, out);
    for (const int32_t p : choice_.players()) {
      if (choice_.selected(p) && !fixed_[size_t(p)]) publish(s, p);
      fixed_[size_t(p)] = 0;
      new_slot_[size_t(p)] = -1;
    }
  }

  // 3.4.4: the first DWZ of every new player of selection II, into next_.
  void rate_new_players(const double* rating, const rk_game* games) {
    std::vector<dwz_rules::new_player> news;
    double established_sum = 0, established = 0;
    for (const int32_t p : choice_.players()) {
      if (choice_.of(p) == dwz_rules::standing::established) established_sum += rating[p], established += 1;
      if (choice_.is_new(p)) new_slot_[size_t(p)] = int32_t(news.size()), news.emplace_back();
    }
    if (news.empty()) return;
    for (const int32_t p : choice_.players()) {
      if (!choice_.is_new(p)) continue;
      dwz_rules::new_player& np = news[size_t(new_slot_[size_t(p)])];
      for (const uint64_t k : choice_.games_of(p)) {
        if (!choice_.counts(games[k])) continue;
        const int32_t q = opponent_of(games[k], p);
        np.games.push_back({new_slot_[size_t(q)], rating[q]});
        np.points += score_of(games[k], p);
      }
    }
    const std::vector<double> ri = dwz_rules::iterate_first_ratings(news, established_sum / established);
    for (const int32_t p : choice_.players())
      if (choice_.is_new(p)) next_[size_t(p)] = dwz_rules::first_dwz(ri[size_t(new_slot_[size_t(p)])]);
  }

  // 3.5: an established player's DWZ from his games against selection II,
  // new opponents counting with their first DWZ.
  void rate_established(int32_t p, const double* rating, double index, const rk_game* games) {
    double n = 0, w = 0, we = 0, j = dwz_rules::j_senior;
    for (const uint64_t k : choice_.games_of(p)) {
      const rk_game& g = games[k];
      if (!choice_.counts(g)) continue;
      const int32_t q = opponent_of(g, p);
      n += 1;
      w += score_of(g, p);
      we += dwz_rules::win_expectancy(rating[p] - opponent_rating(q, rating));
      j = g.a == p ? g.k_a : g.k_b;  // the class at the tournament's last game
    }
    counted_[size_t(p)] = n;
    next_[size_t(p)] = rating[p];
    if (n == 0) return;
    coefficient_[size_t(p)] = dwz_rules::development_coefficient({rating[p], j, w, we, index});
    next_[size_t(p)] = dwz_rules::follow_up(rating[p], w, we, coefficient_[size_t(p)], n);
  }

  double opponent_rating(int32_t q, const double* rating) const {
    return choice_.is_new(q) ? next_[size_t(q)] : rating[q];
  }

  // Writes player p's change into his counted games' deltas: an established
  // player's game its 800 (S - P) / (E + n), a new player's an even share; the
  // rounding goes into his last game, so the deltas add up to the change.
  void write_deltas(int32_t p, const double* rating, const rk_game* games, rk_game_out* out) {
    const bool established = choice_.of(p) == dwz_rules::standing::established;
    const double change = next_[size_t(p)] - rating[p];
    double n = 0, spread = 0;
    uint64_t last = 0;
    for (const uint64_t k : choice_.games_of(p)) n += choice_.counts(games[k]) ? 1 : 0;
    for (const uint64_t k : choice_.games_of(p)) {
      const rk_game& g = games[k];
      if (!choice_.counts(g)) continue;
      const double expected = dwz_rules::win_expectancy(rating[p] - opponent_rating(opponent_of(g, p), rating));
      const double share = established ? 800 * (score_of(g, p) - expected) / (coefficient_[size_t(p)] + n) : change / n;
      delta_of(out[k], g, p) = share;
      spread += share;
      last = k;
    }
    if (n > 0) delta_of(out[last], games[last], p) += change - spread;
  }

  // The tournament's result for player p: his DWZ, a DWZ held, one evaluation more.
  void publish(const sdk::state& s, int32_t p) {
    const bool established = choice_.of(p) == dwz_rules::standing::established;
    if (established && counted_[size_t(p)] == 0) return;
    s.rating()[p] = next_[size_t(p)];
    s.column(f_rated)[p] = 1;
    s.column(f_index)[p] = established ? s.column(f_index)[p] + 1 : 1;
  }

  dwz_rules::selection choice_;
  std::vector<double> next_;         // per player: his DWZ after the tournament
  std::vector<double> coefficient_;  // per established player: his E in the tournament
  std::vector<double> counted_;      // per established player: his games against selection II
  std::vector<int32_t> new_slot_;   // per player: his place among the new players, -1 when established
  std::vector<char> fixed_;         // per player: a game of the tournament holds his rating fixed
  std::vector<rk_game_out> own_out_;  // the per-game results when the host passes none
};

}  // namespace ratekit::plugins
