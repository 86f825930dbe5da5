// fide-logistic: the logistic Elo of FIDE and USCF, E = 1 / (1 + 10^(-d / xi)).
#pragma once

#include <ratekit/elo.hpp>

#include <algorithm>
#include <cmath>

namespace ratekit::plugins {

class fide_logistic {
 public:
  static const rk_descriptor descriptor;
  enum param : uint32_t { p_xi, p_cap };

  fide_logistic(const sdk::host&, sdk::params p) : xi_(p[p_xi]), cap_(p[p_cap]) {}

  // A's expected score with `advantage` points on A's side; |d| above the cap counts as the cap.
  double expect(double ra, double rb, double advantage) const {
    double d = ra + advantage - rb;
    if (cap_ > 0) d = std::clamp(d, -cap_, cap_);
    return 1.0 / (1.0 + std::pow(10.0, -d / xi_));
  }

  void rate_games(const sdk::state& s, const rk_game_batch& batch, rk_game_out* out) {
    updater_.run(
        s, batch, out, [this](double ra, double rb, double adv) { return expect(ra, rb, adv); },
        [](const rk_game& g) { return g.score_a; });
  }

 private:
  double xi_, cap_;
  sdk::elo_updater updater_;
};

}  // namespace ratekit::plugins
