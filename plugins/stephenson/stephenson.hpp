// stephenson: Alec Stephenson's system as the R package PlayerRatings'
// steph() defines it: Glicko, with the RD also growing by h^2 per game of the
// period, a per game bonus added to the scores, and each rating pulled towards
// the mean of the period's opponents. With h, bonus and lambda 0 it is Glicko
// (where a new player's RD grows in his first period too).
#pragma once

#include <glicko/glicko_expectations.hpp>

#include <ratekit/period_roster.hpp>
#include <ratekit/sdk.hpp>

#include <algorithm>
#include <cmath>

namespace ratekit::plugins {

class stephenson : public glicko_expectations {
 public:
  static const rk_descriptor descriptor;
  enum field : uint32_t { f_rating, f_rd };
  enum param : uint32_t { p_c, p_h, p_bonus, p_lambda, p_rdmax };

  stephenson(const sdk::host&, sdk::params p)
      : c_(p[p_c]), h_(p[p_h]), bonus_(p[p_bonus] / 100), lambda_(p[p_lambda] / 100), rdmax_(p[p_rdmax]) {}

  void rate_games(const sdk::state& s, const rk_game_batch& batch, rk_game_out* asked) {
    sdk::rate_by_periods(*this, roster_, s, batch, asked);
  }

  // The steps of sdk::rate_by_periods, in its order.

  // RD^2 grows by c^2 for each period since the player was last rated, and by
  // one period for a player never rated (PlayerRatings' Lag + 1), up to rdmax^2.
  // An RD above rdmax is capped so, not refused: with h, a period can end
  // above the cap (n h^2 is added after it), as in steph().
  void start_period(const sdk::state& s, const rk_game_batch& batch, const sdk::period& p) {
    const double* rd = s.column(f_rd);
    const int64_t* last = s.last_period();
    roster_.open(batch, p, s.players(), [&](int32_t who, uint64_t i) {
      const int64_t t = last[who] == RK_NEVER_RATED ? 1 : sdk::periods_away(s, p, who, i);
      if (!(rd[who] > 0 && std::isfinite(rd[who])))
        throw sdk::failure(RK_ERR_DOMAIN, "a player's rd must be a number above 0", int64_t(i));
      return scratch{.variance = std::min(rd[who] * rd[who] + double(t) * c_ * c_, rdmax_ * rdmax_)};
    });
  }

  // One game on the period's starting ratings and grown RDs, the home side's
  // rating raised by the advantage in both expectations (steph's gamma). Until
  // the period ends, out holds g(RD_j) (S + bonus - E) for each side.
  void play(const sdk::state& s, const rk_game& g, rk_game_out* out) {
    const double* r = s.rating();
    scratch& a = roster_[g.a];
    scratch& b = roster_[g.b];
    const double ga = glicko_math::g(std::sqrt(a.variance)), gb = glicko_math::g(std::sqrt(b.variance));
    const double ra = r[g.a] + g.adv_update;
    const double ea = glicko_math::expected(ra, r[g.b], std::sqrt(b.variance));
    const double eb = glicko_math::expected(r[g.b], ra, std::sqrt(a.variance));
    a.information += gb * gb * ea * (1 - ea);
    b.information += ga * ga * eb * (1 - eb);
    a.games += 1;
    b.games += 1;
    *out = {ea, gb * (g.score_a + bonus_ - ea), ga * ((1 - g.score_a) + bonus_ - eb), eb};
  }

  // RD'^2 = 1 / (1 / (RD^2 + n h^2) + q^2 information); then the ratings move (apply_changes).
  void end_period(const sdk::state& s, const rk_game_batch& batch, const sdk::period& p, rk_game_out* out) {
    roster_.for_each_rated([&](int32_t, scratch& x) {
      const double variance = 1.0 / (1.0 / (x.variance + x.games * h_ * h_) +
                                     glicko_math::q * glicko_math::q * x.information);
      x.rd_new = std::sqrt(variance);
      x.factor = glicko_math::q * variance;
      x.pull = lambda_ / x.games;
    });
    apply_changes(s, batch, p, out);
  }

 private:
  // A player's sums over the period's games; a fixed side keeps factor and pull 0.
  struct scratch {
    double variance = 0;     // RD^2 at the period's start, grown
    double information = 0;  // sum g(RD_j)^2 E_j (1 - E_j)
    double games = 0;
    double factor = 0;  // q RD'^2: what one unit of g (S + bonus - E) moves the rating
    double pull = 0;    // lambda / (100 n): what one point of (r_j - r) moves it
    double change = 0;
    double rd_new = 0;  // written to the state once the period can no longer stop
  };


  // Each game's share of the change: q RD'^2 g (S + bonus - E) + lambda/100 (r_j - r) / n,
  // on the period's starting ratings; each rating moves by its shares added up in game order.
  void apply_changes(const sdk::state& s, const rk_game_batch& batch, const sdk::period& p, rk_game_out* out) {
    double* r = s.rating();
    for (uint64_t i = p.begin; i < p.end; ++i) {
      sdk::stop_point(i);  // before any rating moves
      const rk_game& g = batch.games[i];
      scratch& a = roster_[g.a];
      scratch& b = roster_[g.b];
      a.change += out[i].delta_a = a.factor * out[i].delta_a + a.pull * (r[g.b] - r[g.a]);
      b.change += out[i].delta_b = b.factor * out[i].delta_b + b.pull * (r[g.a] - r[g.b]);
    }
    roster_.commit([&](int32_t who, const scratch& x) {
      r[who] += x.change;
      s.column(f_rd)[who] = x.rd_new;
    });
  }

  double c_, h_, bonus_, lambda_, rdmax_;
  sdk::period_roster<scratch> roster_;
};

}  // namespace ratekit::plugins
