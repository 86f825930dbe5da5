// State fields and parameters that several plugins declare alike, each
// defined once here. Not part of sdk.hpp: a plugin that uses one includes this
// header, so adding a definition rebuilds only those plugins.
#pragma once

#include <ratekit/descriptor.hpp>

#include <array>

namespace ratekit::sdk {

// Glicko's rating deviation, kept as of the player's last period (glicko, stephenson).
constexpr rk_state_field rd_field(double initial) {
  return {"rd", initial, "rating deviation: the uncertainty of the rating, as of the player's last period"};
}

// Glicko's growth of the RD over the periods a player sits out, capped by the
// plugin's rdmax (glicko, stephenson).
constexpr rk_param_spec rd_growth_param(double default_c) {
  return param{.key = "c", .default_value = default_c, .min = 0.0, .max = 350.0,
               .help = "RD growth per elapsed period: RD^2 grows by c^2 t, up to rdmax^2 (PlayerRatings' cval)"};
}

// A Gaussian skill belief: its mean is the rating (trueskill, weng-lin).
constexpr std::array<rk_state_field, 2> skill_belief_fields(double mu, double sigma) {
  return {{rating_field(mu, "mu: the mean of the skill belief"),
           {"sigma", sigma, "the standard deviation of the skill belief"}}};
}

// A new player's mean skill, for models of a Gaussian skill (trueskill, ttt, weng-lin).
constexpr rk_param_spec mean_skill_param(double default_mu) {
  return param{.key = "mu", .default_value = default_mu, .min = -1e6, .max = 1e6, .help = "a new player's mean skill"};
}

// How uncertain a new player's skill is, for models of a Gaussian skill (trueskill, ttt).
constexpr rk_param_spec prior_deviation_param(double default_sigma) {
  return param{.key = "sigma", .default_value = default_sigma, .min = 1e-6, .max = 1e6,
               .help = "a new player's standard deviation: how uncertain his first skill is"};
}

// The spread of one performance around the skill (trueskill, ttt).
constexpr rk_param_spec performance_spread_param(double default_beta) {
  return param{.key = "beta", .default_value = default_beta, .min = 1e-6, .max = 1e6,
               .help = "the performance spread: a skill difference of beta wins about 76% of the time"};
}

// The dynamics of the online Gaussian skill models (trueskill, weng-lin).
constexpr rk_param_spec skill_drift_param(double default_tau) {
  return param{.key = "tau", .default_value = default_tau, .min = 0.0, .max = 1e6,
               .help = "skill drift per match: added in quadrature to each player's sigma before each of his "
                       "matches, sigma = sqrt(sigma^2 + tau^2), so sigma never settles at 0"};
}

// The cap on a whole-history model's sweeps, the `iterations` every such
// model declares (docs/writing-a-plugin.md; ttt, whr).
constexpr rk_param_spec sweep_limit_param(double default_sweeps, double most) {
  return param{.key = "iterations", .type = RK_PARAM_INTEGER, .default_value = default_sweeps, .min = 1, .max = most,
               .help = "the most sweeps over the history"};
}

}  // namespace ratekit::sdk
