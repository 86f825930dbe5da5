// The rating update shared by fide-normal and fide-logistic: r' = r + K (S - E)
// per rating period (sdk::elo_updater), with FIDE's 400-point rule and, when
// enabled, FIDE's treatment of unrated players and their first rating.
#pragma once

#include <fide-common/first_rating.hpp>
#include <fide-common/performance.hpp>
#include <ratekit/elo.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <iterator>
#include <vector>

namespace ratekit::plugins::fide {

// State columns of both plugins, in this order.
enum field : uint32_t { f_rating, f_rated, f_pool_games, f_pool_opponents, f_pool_score, f_pool_since };
inline constexpr rk_state_field state_fields[] = {
    sdk::rating_field(1500.0, "Elo rating"),
    {"rated", 0.0, "1 when the rating is published (the host sets it for ratings from a list or the input)"},
    {"pool_games", 0.0, "an unrated player's games against rated opponents, towards a first rating"},
    {"pool_opponents", 0.0, "the sum of those opponents' ratings"},
    {"pool_score", 0.0, "the points scored in those games"},
    {"pool_since", 0.0, "the month (yyyymm) of the first game in the pool, 0 when the pool is empty or undated"},
};
inline constexpr uint32_t state_count = uint32_t(std::size(state_fields));
// The pool towards a first rating is bookkeeping: reports leave it out.
inline constexpr uint32_t bookkeeping_state =
    1u << f_pool_games | 1u << f_pool_opponents | 1u << f_pool_score | 1u << f_pool_since;

// Parameters both plugins share (each plugin lists them after its own).
inline constexpr rk_param_spec cap_param = sdk::param{.key = "cap", .default_value = 400.0, .min = 0.0, .max = 1e6,
                                                      .help = "rating differences above this count as this much (FIDE 8.3.1: 400; 0 = no cap)"};
inline constexpr rk_param_spec uncapped_from_param = sdk::param{.key = "uncapped_from", .default_value = 0.0, .min = 0.0, .max = 1e6,
                                                                .help = "players rated at least this use the actual difference for their own change "
    "(FIDE 8.3.1 from 1 October 2025: 2650; 0 = everybody capped)"};
inline constexpr rk_param_spec first_rating_param = sdk::param{.key = "first_rating", .type = RK_PARAM_BOOL, .default_value = 0, .max = 1,
                                                               .help = "FIDE practice for unrated players: their games change nobody's rating; at least 5 games "
    "against rated opponents, pooled over periods, give a first rating (8.2)"};
inline constexpr rk_param_spec pool_months_param = sdk::param{.key = "pool_months", .type = RK_PARAM_INTEGER, .default_value = 26.0, .min = 0.0, .max = 1200.0,
                                                              .help = "with first_rating: the pool holds the games of at most this many consecutive months, older ones "
    "drop out (FIDE 7.1.4: 26; 0 = no limit; undated games never drop out)"};
inline constexpr rk_param_spec round_change_param = sdk::param{.key = "round_change", .type = RK_PARAM_BOOL, .default_value = 0, .max = 1,
                                                               .help = "round each player's change of a period to a whole number, 0.5 away from zero (FIDE 8.3.4)"};
inline constexpr rk_param_spec floor_param = sdk::param{.key = "floor", .default_value = 1400.0, .min = 0.0, .max = 1e6,
                                                        .help = "with first_rating: a first rating below this is not published, and a rated player who falls "
    "below it is unrated from the next period (FIDE 7.1.4, 7.2.1: 1400; 0 = no floor)"};

// The FIDE rules' parameters, after each plugin's own.
inline constexpr rk_param_spec rule_params[] = {uncapped_from_param, first_rating_param, round_change_param,
                                                floor_param, pool_months_param};
template <size_t N>
constexpr std::array<rk_param_spec, N + std::size(rule_params)> with_rule_params(const rk_param_spec (&own)[N]) {
  std::array<rk_param_spec, N + std::size(rule_params)> all{};
  std::copy(std::begin(own), std::end(own), all.begin());
  std::copy(std::begin(rule_params), std::end(rule_params), all.begin() + N);
  return all;
}

// A FIDE plugin's descriptor: both share the state, capabilities and the pool as bookkeeping.
template <size_t P>
constexpr rk_descriptor describe(const char* id, const char* version, const char* summary,
                                 const std::array<rk_param_spec, P>& params) {
  return sdk::descriptor{
      .id = id,
      .version = version,
      .summary = summary,
      .capabilities =
          RK_CAP_PAIRWISE | RK_CAP_USES_K | RK_CAP_HOME_ADVANTAGE | RK_CAP_DRAWS | RK_CAP_PERIODS | RK_CAP_STATE_AFTER,
      .bookkeeping_state = bookkeeping_state,
      .state = state_fields,
      .params = params};
}

// A's and B's expected scores in one game.
struct expectations {
  double a, b;
};

struct rules {
  double cap = 400;          // 0: none
  double uncapped_from = 0;  // 0: nobody is exempt from the cap
  bool first_rating = false;
  bool round_change = false;
  double floor = rating_floor;  // with first_rating; 0: none
  int pool_months = 26;         // with first_rating; 0: no limit
};

// Months since year 0 of a yyyymm or yyyymmdd date, so that months subtract.
inline int month_number(int32_t date) {
  const int32_t yyyymm = date > 999999 ? date / 100 : date;
  return int(yyyymm / 100) * 12 + int(yyyymm % 100) - 1;
}

// Curve: double operator()(double d) const, the expected score at difference d,
// and expectations both(double d) const: the bits of {curve(d), curve(-d)}.
template <class Curve>
class elo_model {
 public:
  elo_model(Curve curve, rules r) : curve_(curve), rules_(r) { updater_.round_changes(r.round_change); }

  static const void* extension(const char* id) { return fide::extension(id); }

  // A's expected score with `advantage` points on A's side, both sides capped.
  double expect(double ra, double rb, double advantage) const { return curve_(capped(ra + advantage - rb)); }

  void rate_games(const sdk::state& s, const rk_game_batch& batch, rk_game_out* out) {
    if (s.fields() != state_count)
      throw sdk::failure(RK_ERR_INVALID_ARGUMENT, "the state must have the plugin's 6 columns");
    double* rated = s.column(f_rated);
    if (rules_.first_rating && period_games_.size() < s.players()) {
      period_games_.resize(s.players(), 0.0);
      period_opponents_.resize(s.players(), 0.0);
      period_score_.resize(s.players(), 0.0);
      share_.resize(s.players(), 0.0);
      newly_.resize(s.players(), 0);
      pools_.resize(s.players());
    }
    forget_period();  // leftovers of a call that failed half way
    updater_.run_with(
        s, batch, out, [&](const rk_game& g, const double* rating) { return change(g, rating, rated); },
        [&](uint64_t begin, uint64_t end) {
          if (!rules_.first_rating) return;
          close_period(s, batch, out, begin, end);
          if (rules_.floor > 0) unrate_below_floor(s, batch, begin, end);
        },
        [rated](const rk_game& g) {  // change() reads or writes `rated` of both players
          __builtin_prefetch(rated + g.a, 1);
          __builtin_prefetch(rated + g.b, 1);
        });
  }

 private:
  double capped(double d) const { return rules_.cap > 0 ? std::clamp(d, -rules_.cap, rules_.cap) : d; }

  // The expected score of a player rated `own` at difference d: since October
  // 2025 FIDE lets players from 2650 up use the actual difference, while their
  // opponent in the same game keeps the cap.
  bool exempt(double own) const { return rules_.uncapped_from > 0 && own >= rules_.uncapped_from; }
  double expect_for(double d, double own) const { return curve_(exempt(own) ? d : capped(d)); }

  // expect_for(d, ra) and expect_for(-d, rb): when both are capped alike,
  // capped(-d) is exactly -capped(d) and the curve can share work between the sides.
  expectations expect_both(double d, double ra, double rb) const {
    if (exempt(ra) || exempt(rb)) return {expect_for(d, ra), expect_for(-d, rb)};
    return curve_.both(capped(d));
  }

  // Called on checked games only. Inlined into the game loop (measured 10% faster
  // than the call GCC chooses on its own).
  [[gnu::always_inline]] sdk::elo_change change(const rk_game& g, const double* rating, double* rated) {
    const double ra = rating[g.a], rb = rating[g.b];
    if (!rules_.first_rating) {
      rated[g.a] = rated[g.b] = 1.0;  // then whoever plays holds a published rating
    } else if (!(rated[g.a] != 0 && rated[g.b] != 0)) {
      note_unrated(g, rating, rated);
      return {expect_for(ra + g.adv_predict - rb, ra), 0.0, 0.0};
    }
    const double d = ra + g.adv_update - rb;
    const auto [ea, eb] = expect_both(d, ra, rb);
    const double predicted = g.adv_update == g.adv_predict ? ea : expect_for(ra + g.adv_predict - rb, ra);
    // B's prediction: with no advantage (or one that rounds the same way) its
    // difference has the bits of -d, so eb is already its value.
    const double d_b = rb - g.adv_predict - ra;
    return {predicted, g.k_a * (g.score_a - ea), g.k_b * ((1.0 - g.score_a) - eb),
            same_bits(d_b, -d) ? eb : expect_for(d_b, rb)};
  }

  static bool same_bits(double x, double y) { return std::bit_cast<uint64_t>(x) == std::bit_cast<uint64_t>(y); }

  // A game with an unrated side counts only towards the unrated player's first
  // rating, and only against a rated opponent (rated at the period's start).
  void note_unrated(const rk_game& g, const double* rating, const double* rated) {
    if (rated[g.a] != 0 && rated[g.b] == 0) note(g.b, rating[g.a], 1.0 - g.score_a);
    if (rated[g.a] == 0 && rated[g.b] != 0) note(g.a, rating[g.b], g.score_a);
  }

  void note(int32_t p, double opponent, double score) {
    if (period_games_[size_t(p)] == 0) touched_.push_back(p);
    period_games_[size_t(p)] += 1;
    period_opponents_[size_t(p)] += opponent;
    period_score_[size_t(p)] += score;
  }

  // Pools the period's games of unrated players and publishes first ratings.
  // A newly rated player's change is spread evenly over the games that earned
  // it, so his per-game deltas add up to his change.
  void close_period(const sdk::state& s, const rk_game_batch& batch, rk_game_out* out, uint64_t begin,
                    uint64_t end) {
    if (touched_.empty()) return;
    double* rating = s.rating();
    double* rated = s.column(f_rated);
    double* pool_games = s.column(f_pool_games);
    double* pool_opponents = s.column(f_pool_opponents);
    double* pool_score = s.column(f_pool_score);
    int32_t date = 0;  // the period's earliest: its games may come in any order
    for (uint64_t k = begin; k < end; ++k)
      if (const int32_t d = sdk::game_date(batch, k); d > 0 && (date == 0 || d < date)) date = d;
    const int month = date > 0 ? month_number(date) : -1;
    bool published = false;
    for (int32_t p : touched_) {
      const size_t i = size_t(p);
      // 8.2.1: a zero score in the player's first event is ignored.
      if (pool_games[i] == 0 && period_score_[i] == 0) continue;
      pool_period(s, i, month);
      if (pool_games[i] < first_rating_min_games) continue;
      const double ru = first_rating(pool_games[i], pool_opponents[i], pool_score[i]);
      if (ru < rules_.floor) continue;
      newly_[i] = 1;
      share_[i] = (ru - rating[i]) / period_games_[i];
      rating[i] = ru;
      published = true;
    }
    if (published && out) {  // `rated` still holds the period's start here
      for (uint64_t k = begin; k < end; ++k) {
        const rk_game& g = batch.games[k];
        if (newly_[size_t(g.a)] && rated[g.b] != 0) out[k].delta_a = share_[size_t(g.a)];
        if (newly_[size_t(g.b)] && rated[g.a] != 0) out[k].delta_b = share_[size_t(g.b)];
      }
    }
    for (int32_t p : touched_)
      if (newly_[size_t(p)]) {
        rated[p] = 1;
        pools_[size_t(p)].clear();
      }
    forget_period();
  }

  // Adds player i's games of this period to his pool. With a month known, the
  // pool keeps the games of at most pool_months consecutive months (7.1.4):
  // older periods drop out. A pool carried in by a ratings list is one period
  // dated pool_since.
  void pool_period(const sdk::state& s, size_t i, int month) {
    double* games = s.column(f_pool_games);
    double* opponents = s.column(f_pool_opponents);
    double* score = s.column(f_pool_score);
    double* since = s.column(f_pool_since);
    auto& pool = pools_[i];
    if (pool.empty() && games[i] > 0) pool.push_back({since[i] > 0 ? month_number(int32_t(since[i])) : -1, games[i], opponents[i], score[i]});
    pool.push_back({month, period_games_[i], period_opponents_[i], period_score_[i]});
    if (rules_.pool_months > 0 && month >= 0)
      std::erase_if(pool, [&](const pool_part& p) { return p.month >= 0 && p.month <= month - rules_.pool_months; });
    games[i] = opponents[i] = score[i] = 0;
    for (const pool_part& p : pool) games[i] += p.games, opponents[i] += p.opponents, score[i] += p.score;
    const int first = pool.front().month;
    since[i] = first >= 0 ? double((first / 12) * 100 + first % 12 + 1) : 0;
  }

  // 7.2.1: a rated player whose rating fell below the floor is unrated from
  // now on; he earns a rating again as a new player does.
  void unrate_below_floor(const sdk::state& s, const rk_game_batch& batch, uint64_t begin, uint64_t end) {
    const double* rating = s.rating();
    double* rated = s.column(f_rated);
    double* pool[] = {s.column(f_pool_games), s.column(f_pool_opponents), s.column(f_pool_score)};
    for (uint64_t k = begin; k < end; ++k)
      for (const int32_t p : {batch.games[k].a, batch.games[k].b}) {
        if (rated[p] == 0 || rating[p] >= rules_.floor) continue;
        rated[p] = 0;
        for (double* column : pool) column[p] = 0;  // the games before his rating count no more
        s.column(f_pool_since)[p] = 0;
        pools_[size_t(p)].clear();
      }
  }

  void forget_period() {
    for (int32_t p : touched_) {
      const size_t i = size_t(p);
      newly_[i] = 0;
      period_games_[i] = period_opponents_[i] = period_score_[i] = share_[i] = 0;
    }
    touched_.clear();
  }

  Curve curve_;
  rules rules_;
  sdk::elo_updater updater_;
  // Per player, reused across periods: this period's games of unrated players
  // against rated opponents, and a newly rated player's change per game.
  std::vector<double> period_games_, period_opponents_, period_score_, share_;
  std::vector<char> newly_;
  // Per unrated player, his pool period by period, while this run lasts.
  struct pool_part {
    int month;  // -1 when undated
    double games, opponents, score;
  };
  std::vector<std::vector<pool_part>> pools_;
  std::vector<int32_t> touched_;
};

}  // namespace ratekit::plugins::fide
