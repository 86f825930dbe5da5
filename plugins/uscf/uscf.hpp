// uscf: the US Chess rating system (Glickman and Doan, "The US Chess Rating
// System", revised 2017), each rating period one event: Step 1 initial ratings
// for unrated players, Step 2 the effective number of games N', Step 3 first
// estimates of unrated players, Step 4 intermediate ratings, Step 5 final
// ratings and floors. `approximate` rates by US Chess's "Approximating
// Formulas" (April 2017) instead. docs/plugins/uscf.md quotes the rules.
#pragma once

#include "event_players.hpp"
#include "special_rating.hpp"
#include "uscf_math.hpp"

#include <ratekit/period_roster.hpp>
#include <ratekit/sdk.hpp>

#include <cmath>
#include <span>
#include <vector>

namespace ratekit::plugins {

class uscf {
 public:
  static const rk_descriptor descriptor;
  enum field : uint32_t { f_rating, f_rated_games, f_wins, f_losses, f_events, f_highest };
  enum param : uint32_t { p_bonus_threshold, p_approximate };

  uscf(const sdk::host&, sdk::params p) : threshold_b_(p[p_bonus_threshold]), approximate_(p[p_approximate] != 0) {}

  // The standard winning expectancy, with `advantage` points on A's side.
  double expect(double ra, double rb, double advantage) const {
    return uscf_math::winning_expectancy(ra + advantage, rb);
  }

  void rate_games(const sdk::state& s, const rk_game_batch& batch, rk_game_out* asked) {
    if (s.fields() != std::size(columns_)) throw sdk::failure(RK_ERR_INVALID_ARGUMENT, "the state must have the plugin's 6 columns");
    for (uint32_t f = 0; f < std::size(columns_); ++f) columns_[f] = s.column(f);
    birth_year_ = s.birth_year();
    for (uint64_t i = 0; i < batch.game_count; ++i) check_score(batch.games[i], i);
    rk_game_out* out = roster_.outputs(asked, batch.game_count);
    const sdk::state_after_writer after(s, batch);
    sdk::for_each_period(batch, [&](uint64_t begin, uint64_t end) {
      const sdk::period p{0, begin, end, 0, 0, 0};
      const int32_t last_day = event_last_day(batch, p);
      event_year_ = last_day / 10000;
      event_b_ = threshold_b_ < 0 ? uscf_math::bonus_threshold_on(last_day) : threshold_b_;
      roster_.open(batch, p, s.players(), [&](int32_t who, uint64_t i) { return first_steps(who, i); });
      players_.gather(batch, p, roster_);
      rate_event(batch, p, out);
      roster_.apply_changes(batch, p, out, &uscf_event::scratch::factor, s.rating());
      roster_.for_each_rated([&](int32_t who, uscf_event::scratch& x) { record(who, x); });
      after.write(begin, end);
    });
  }

 private:
  using scratch = uscf_event::scratch;

  // Each game a win, a draw or a loss: the rules count wins and losses.
  static void check_score(const rk_game& g, uint64_t i) {
    if (!(g.score_a == 0.0 || g.score_a == 0.5 || g.score_a == 1.0))
      throw sdk::failure(RK_ERR_DOMAIN, "a US Chess game is won, drawn or lost: its score must be 1, 0.5 or 0", int64_t(i));
  }

  // The day (yyyymmdd) of the event's last dated game; 0 when none is dated.
  static int32_t event_last_day(const rk_game_batch& batch, const sdk::period& p) {
    int32_t last = 0;
    for (uint64_t i = p.begin; i < p.end; ++i) last = std::max(last, sdk::game_date(batch, i));
    return last;
  }

  // Step 1 for an unrated player: the rating the run gives him, unless it left
  // him at the adult's 1300 and both his year of birth (ABI 1.6) and the
  // event's are known: then the rating of his age, the event's year minus his year of birth.
  double initial_rating(int32_t who, double given) const {
    if (given != uscf_math::adult_initial || !birth_year_ || event_year_ == 0 || std::isnan(birth_year_[who]))
      return given;
    return uscf_math::initial_from_age(event_year_ - birth_year_[who]);
  }

  // Steps 1 and 2 for one player of the event, from his state before it.
  scratch first_steps(int32_t who, uint64_t i) const {
    scratch x;
    x.n = columns_[f_rated_games][who];
    x.prior = x.n == 0 ? initial_rating(who, columns_[f_rating][who]) : columns_[f_rating][who];
    const double wins = columns_[f_wins][who], losses = columns_[f_losses][who];
    if (!(std::isfinite(x.prior) && x.n >= 0 && x.n == std::floor(x.n) && wins >= 0 && losses >= 0 &&
          wins + losses <= x.n && columns_[f_events][who] >= 0 && std::isfinite(columns_[f_highest][who])))
      throw sdk::failure(RK_ERR_DOMAIN, "a player's rated_games must be a whole number of at least his wins plus his "
                         "losses, and his events and highest a number", int64_t(i));
    x.wins_before = wins, x.losses_before = losses;
    x.events_before = columns_[f_events][who], x.highest = columns_[f_highest][who];
    x.n_effective = uscf_math::effective_games(x.prior, x.n);
    x.all_wins = x.n > 0 && wins == x.n;
    x.all_losses = x.n > 0 && losses == x.n;
    x.special = approximate_ ? x.n <= uscf_math::special_games
                             : x.n <= uscf_math::special_games || x.all_wins || x.all_losses;
    return x;
  }

  // Steps 3 to 5 (or the Approximating Formulas) for every rated player of the event.
  void rate_event(const rk_game_batch& batch, const sdk::period& p, rk_game_out* out) {
    const auto prior = [&](int32_t who) { return roster_[who].prior; };
    if (approximate_) {
      roster_.for_each_rated([&](int32_t who, scratch& x) { x.final_rating = approximate(who, x); });
    } else {
      // Step 3: unrated players' first estimates, against their opponents' priors.
      players_.for_each([&](int32_t who, scratch& x) { x.estimate = x.n == 0 ? rating(who, x, prior) : x.prior; });
      // Step 4: intermediate ratings against rated opponents' priors and unrated ones' estimates.
      const auto estimate = [&](int32_t who) { return roster_[who].estimate; };
      players_.for_each([&](int32_t who, scratch& x) { x.intermediate = rating(who, x, estimate); });
      // Step 5: final ratings against unrated opponents' intermediate ratings.
      const auto intermediate = [&](int32_t who) { return roster_[who].n == 0 ? roster_[who].intermediate : roster_[who].prior; };
      roster_.for_each_rated([&](int32_t who, scratch& x) { x.final_rating = rating(who, x, intermediate); });
    }
    roster_.for_each_rated([&](int32_t, scratch& x) { x.final_rating = std::max(x.final_rating, floor(x)); });
    players_.write_outputs(batch, p, out, columns_[f_rating], [&](int32_t who, double opponent) {
      return uscf_math::winning_expectancy(roster_[who].prior, opponent);
    });
  }

  // The special or the standard formula, the opponents rated by `opponent_rating(id)`.
  template <class Rating>
  double rating(int32_t who, scratch& x, Rating&& opponent_rating) {
    const std::span<const double> opponents = players_.opponent_ratings(who, opponent_rating);
    if (x.special) return solver_.solve({x.prior, x.n_effective, x.all_wins, x.all_losses, x.score}, opponents);
    double expected = 0;
    for (const double r : opponents) expected += uscf_math::winning_expectancy(x.prior, r);
    const double m = double(opponents.size());
    const double gain = uscf_math::k_factor(x.n_effective, m) * (x.score - expected);
    return x.prior + gain + uscf_math::bonus(gain, m, event_b_, x.met_more_than_twice);
  }

  // The Approximating Formulas: opponents at their pre-event ratings; the
  // special formula for N <= 8 (an unrated player's N and R_pre 0), else the standard one.
  double approximate(int32_t who, scratch& x) {
    if (!x.special) return rating(who, x, [&](int32_t id) { return roster_[id].prior; });
    double sum = 0;
    for (const double r : players_.opponent_ratings(who, [&](int32_t id) { return roster_[id].prior; })) sum += r;
    return uscf_math::approximate_special(x.prior, x.n, x.m, sum, x.wins, x.losses);
  }

  // The higher of the absolute floor, from his record after the event, and,
  // for a player established before it, the floor of his highest rating.
  static double floor(const scratch& x) {
    const double wins = x.wins_before + x.wins, losses = x.losses_before + x.losses;
    const double events = x.events_before + (x.m >= 3 ? 1 : 0);
    return std::max(uscf_math::absolute_floor_of(wins, x.n + x.m - wins - losses, events),
                    x.n > uscf_math::established_games ? uscf_math::established_floor(x.highest) : 0.0);
  }

  // The player's record after the event: games, wins, losses, events of 3 or more games, highest established rating.
  void record(int32_t who, const scratch& x) {
    const double games = x.n + x.m;
    columns_[f_rated_games][who] = games;
    columns_[f_wins][who] += x.wins;
    columns_[f_losses][who] += x.losses;
    if (x.m >= 3) columns_[f_events][who] += 1;
    if (games > uscf_math::established_games)
      columns_[f_highest][who] = std::max(columns_[f_highest][who], columns_[f_rating][who]);
  }

  double threshold_b_;  // below 0: by the event's last day
  double event_b_ = 14;  // B of the event being rated
  bool approximate_;
  double* columns_[6] = {};
  const double* birth_year_ = nullptr;  // each player's year of birth (NaN: unknown); nullptr from a host before 1.6
  int32_t event_year_ = 0;
  sdk::period_roster<scratch> roster_;
  uscf_event::players players_;
  uscf_special::solver solver_;
};

}  // namespace ratekit::plugins
