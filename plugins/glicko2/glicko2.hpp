// glicko2: Glickman's Glicko-2 system (2012). Each player has a rating, a
// rating deviation (RD) and a volatility, which says how erratic his results
// are; the RD grows by the volatility for every period he is away.
#pragma once

#include "glicko2_math.hpp"

#include <ratekit/elo.hpp>
#include <ratekit/period_roster.hpp>
#include <ratekit/sdk.hpp>

#include <algorithm>
#include <cstdio>
#include <cmath>
#include <string>
#include <vector>

namespace ratekit::plugins {

class glicko2 {
 public:
  static const rk_descriptor descriptor;
  enum field : uint32_t { f_rating, f_rd, f_volatility };
  enum param : uint32_t { p_tau, p_rdmax };

  // rdmax 0 caps nothing: phi is at most infinity.
  glicko2(const sdk::host&, sdk::params p)
      : tau_(p[p_tau]), phi_max_(p[p_rdmax] > 0 ? p[p_rdmax] / glicko2_math::scale : INFINITY) {
    char text[160];
    std::snprintf(text, sizeof text,
                  "a player's volatility must be above 0 and at most rdmax / %.7g (%g): a larger one alone grows the "
                  "RD past rdmax (%g) in one period",
                  glicko2_math::scale, phi_max_, p[p_rdmax]);
    volatility_range_ = p[p_rdmax] > 0 ? text : "a player's volatility must be positive";
  }

  // Without the players' RDs the host asks for the plain logistic expectation (g = 1).
  double expect(double ra, double rb, double advantage) const {
    return 1.0 / (1.0 + std::exp(-(ra + advantage - rb) / glicko2_math::scale));
  }
  // From both players' state: their deviations combined, phi = sqrt(phi_A^2 + phi_B^2).
  double expect(const double* a, const double* b, double advantage) const {
    using namespace glicko2_math;
    return expected((a[f_rating] + advantage - center) / scale, (b[f_rating] - center) / scale,
                    std::hypot(a[f_rd], b[f_rd]) / scale);
  }

  void rate_games(const sdk::state& s, const rk_game_batch& batch, rk_game_out* asked) {
    sdk::rate_by_periods(*this, roster_, s, batch, asked);
  }

  // The steps of sdk::rate_by_periods, in its order.

  // Every player of the period: phi grown by sigma^2 for each of the t - 1
  // periods he sat out since he was last rated (step 6 adds this period's), at most rdmax.
  void start_period(const sdk::state& s, const rk_game_batch& batch, const sdk::period& p) {
    const double* r = s.rating();
    const double* rd = s.column(f_rd);
    const double* sigma = s.column(f_volatility);
    roster_.open(batch, p, s.players(), [&](int32_t who, uint64_t i) {
      const int64_t t = sdk::periods_away(s, p, who, i);
      // From a ratings list, a database or initial.state alike: sigma in (0, phi_max], the cap on the
      // Glicko-2 scale, since a larger one puts the RD past the cap by itself.
      if (!(sigma[who] > 0 && sigma[who] <= phi_max_))
        throw sdk::failure(RK_ERR_DOMAIN, volatility_range_.c_str(), int64_t(i));
      if (!(rd[who] > 0)) throw sdk::failure(RK_ERR_DOMAIN, "a player's rd must be positive", int64_t(i));
      const double phi = rd[who] / glicko2_math::scale;
      const double idle = t > 1 ? double(t - 1) : 0.0;
      return scratch{(r[who] - glicko2_math::center) / glicko2_math::scale,
                     std::min(std::sqrt(phi * phi + idle * sigma[who] * sigma[who]), phi_max_)};
    });
  }

  // One game on the period's starting values (step 3 and 4's sums). Until the
  // period ends, out holds g(phi_opponent) (S - E) where the changes go.
  // A's side is raised by the home advantage in both expectations (PlayerRatings' gamma).
  void play(const sdk::state&, const rk_game& g, rk_game_out* out) {
    scratch& a = roster_[g.a];
    scratch& b = roster_[g.b];
    const double mu_a = a.mu + g.adv_update / glicko2_math::scale;
    const double ea = glicko2_math::expected(mu_a, b.mu, b.phi);
    const double eb = glicko2_math::expected(b.mu, mu_a, a.phi);
    const double ga = glicko2_math::g(b.phi), gb = glicko2_math::g(a.phi);
    a.information += ga * ga * ea * (1 - ea);
    b.information += gb * gb * eb * (1 - eb);
    a.surprise += ga * (g.score_a - ea);
    b.surprise += gb * ((1 - g.score_a) - eb);
    *out = {ea, ga * (g.score_a - ea), gb * ((1 - g.score_a) - eb), eb};
  }

  // Steps 3 to 8 for each player of the period, but the rating's move (step 7's
  // phi'^2 sum g (S - E), scaled), which apply_changes makes; a fixed side keeps his state.
  void end_period(const sdk::state& s, const rk_game_batch& batch, const sdk::period& p, rk_game_out* out) {
    const double* sigma = s.column(f_volatility);
    roster_.for_each_rated([&](int32_t who, scratch& x) {
      const double v = 1.0 / x.information;
      // Games whose outcome was certain carry no information: the volatility stays.
      const double sigma_new = std::isfinite(v) ? glicko2_math::new_volatility(x.phi, sigma[who], v * x.surprise, v, tau_)
                                                : sigma[who];
      if (std::isnan(sigma_new))
        throw sdk::failure(RK_ERR_DOMAIN, "the volatility iteration did not converge for a player of this period",
                           int64_t(p.begin));
      const double phi_star = std::sqrt(x.phi * x.phi + sigma_new * sigma_new);
      x.phi_new = 1.0 / std::sqrt(1.0 / (phi_star * phi_star) + x.information);
      x.factor = glicko2_math::scale * x.phi_new * x.phi_new;
      x.sigma_new = sigma_new;
    });
    roster_.apply_changes(batch, p, out, &scratch::factor, s.rating());
    roster_.commit([&](int32_t who, const scratch& x) {
      s.column(f_rd)[who] = glicko2_math::scale * x.phi_new;
      s.column(f_volatility)[who] = x.sigma_new;
    });
  }

 private:
  // A player's place on the Glicko-2 scale at the period's start and his sums over its games.
  struct scratch {
    double mu = 0, phi = 0, information = 0, surprise = 0;
    double factor = 0;  // scale phi'^2: what one unit of g (S - E) moves the rating
    double phi_new = 0, sigma_new = 0;  // written to the state once the period can no longer stop
  };

  double tau_, phi_max_;
  std::string volatility_range_;  // the message for a volatility outside (0, phi_max]
  sdk::period_roster<scratch> roster_;
};

}  // namespace ratekit::plugins
