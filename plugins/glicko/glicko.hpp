// glicko: Glickman's Glicko system (1999). Each player has a rating and a
// rating deviation (RD); the RD grows with the periods he is away and shrinks
// with the games he plays.
#pragma once

#include "glicko_expectations.hpp"
#include "glicko_math.hpp"

#include <ratekit/elo.hpp>
#include <ratekit/period_roster.hpp>
#include <ratekit/sdk.hpp>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace ratekit::plugins {

class glicko : public glicko_expectations {
 public:
  static const rk_descriptor descriptor;
  static constexpr double new_rd = 350.0;  // a new player's RD, and rdmax's default
  enum field : uint32_t { f_rating, f_rd };
  enum param : uint32_t { p_c, p_rdmax };

  glicko(const sdk::host&, sdk::params p) : c_(p[p_c]), rdmax_(p[p_rdmax]) {
    char text[96];
    std::snprintf(text, sizeof text, "a player's rd must be above 0 and at most rdmax (%g)", rdmax_);
    rd_range_ = text;
  }

  void rate_games(const sdk::state& s, const rk_game_batch& batch, rk_game_out* asked) {
    sdk::rate_by_periods(*this, roster_, s, batch, asked);
  }

  // The steps of sdk::rate_by_periods, in its order.

  // Every player of the period gets his RD grown for the periods since he was last rated.
  void start_period(const sdk::state& s, const rk_game_batch& batch, const sdk::period& p) {
    const double* rd = s.column(f_rd);
    roster_.open(batch, p, s.players(), [&](int32_t who, uint64_t i) {
      const int64_t t = sdk::periods_away(s, p, who, i);
      // From a ratings list, a database or initial.state alike: above 0 and at most rdmax.
      if (!(rd[who] > 0 && rd[who] <= rdmax_))
        throw sdk::failure(RK_ERR_DOMAIN, rd_range_, int64_t(i));
      return scratch{glicko_math::grown_rd(rd[who], c_, t, rdmax_)};
    });
  }

  // One game on the ratings and grown RDs of the period's start, A's side
  // raised by the home advantage in both expectations (PlayerRatings' gamma).
  // Until the period ends, out holds g(RD_opponent) (S - E) where the changes go.
  void play(const sdk::state& s, const rk_game& g, rk_game_out* out) {
    const double* r = s.rating();
    scratch& a = roster_[g.a];
    scratch& b = roster_[g.b];
    const double ra = r[g.a] + g.adv_update;
    const double ea = glicko_math::expected(ra, r[g.b], b.rd);
    const double eb = glicko_math::expected(r[g.b], ra, a.rd);
    const double ga = glicko_math::g(b.rd), gb = glicko_math::g(a.rd);
    a.information += ga * ga * ea * (1 - ea);
    b.information += gb * gb * eb * (1 - eb);
    *out = {ea, ga * (g.score_a - ea), gb * ((1 - g.score_a) - eb), eb};
  }

  // RD' = (1/RD^2 + 1/d^2)^-1/2, and the factor q RD'^2 of r' = r + q RD'^2 sum g (S - E),
  // which the roster's apply_changes applies; a fixed side keeps his state.
  void end_period(const sdk::state& s, const rk_game_batch& batch, const sdk::period& p, rk_game_out* out) {
    roster_.for_each_rated([&](int32_t, scratch& x) {
      x.rd_new = glicko_math::new_rd(x.rd, x.information);
      x.factor = glicko_math::q * x.rd_new * x.rd_new;
    });
    roster_.apply_changes(batch, p, out, &scratch::factor, s.rating());
    roster_.commit([&](int32_t who, const scratch& x) { s.column(f_rd)[who] = x.rd_new; });
  }

 private:
  // A player's sums over the period's games, and his RD at its start.
  struct scratch {
    double rd = 0, information = 0;
    double factor = 0;  // q RD'^2: what one unit of g (S - E) moves the rating
    double rd_new = 0;  // RD', written to the state once the period can no longer stop
  };

  double c_, rdmax_;
  std::string rd_range_;  // the message for an rd outside (0, rdmax]
  sdk::period_roster<scratch> roster_;
};

}  // namespace ratekit::plugins
