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

// A Gaussian skill belief: its mean is the rating (trueskill, weng-lin).
constexpr std::array<rk_state_field, 2> skill_belief_fields(double mu, double sigma) {
  return {{rating_field(mu, "mu: the mean of the skill belief"),
           {"sigma", sigma, "the standard deviation of the skill belief"}}};
}

// A new player's mean skill, for models of a Gaussian skill (trueskill, ttt).
constexpr rk_param_spec mean_skill_param(double default_mu) {
  return param{.key = "mu", .default_value = default_mu, .min = -1e6, .max = 1e6, .help = "a new player's mean skill"};
}

// The spread of one performance around the skill (trueskill, ttt).
constexpr rk_param_spec performance_spread_param(double default_beta) {
  return param{.key = "beta", .default_value = default_beta, .min = 1e-6, .max = 1e6,
               .help = "the performance spread: a skill difference of beta wins about 76% of the time"};
}

}  // namespace ratekit::sdk
