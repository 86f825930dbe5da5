// A tiny self-contained model for the test plugins: logistic Elo with xi 400.
#pragma once

#include <ratekit/elo.hpp>

#include <cmath>

namespace ratekit::testing {

struct constant_model {
  static const rk_descriptor descriptor;
  constant_model(const sdk::host&, sdk::params) {}
  double expect(double ra, double rb, double adv) const { return 1.0 / (1.0 + std::pow(10.0, -(ra + adv - rb) / 400)); }
  void rate_games(const sdk::state& s, const rk_game_batch& b, rk_game_out* out) {
    updater_.run(s, b, out, [this](double ra, double rb, double adv) { return expect(ra, rb, adv); },
                 [](const rk_game& g) { return g.score_a; });
  }
  sdk::elo_updater updater_;
};

inline const rk_state_field constant_model_fields[] = {{"rating", 1500.0, "rating"}};
inline const rk_descriptor constant_model::descriptor = {
    sizeof(rk_descriptor), 0, "test-logistic", "0.1", "logistic Elo for loader tests",
    RK_CAP_PAIRWISE | RK_CAP_USES_K, 1, 0, constant_model_fields, nullptr};

}  // namespace ratekit::testing
