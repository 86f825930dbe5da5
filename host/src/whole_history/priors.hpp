// Players' own priors for a whole-history model, from a config's `initial` (docs/plugins/ttt.md, whr.md):
// `initial.ratings` gives each listed player his mean (the model's rating column) and deviation; `initial.rating`
// and `initial.state.deviation` give every other player (and a listed one's missing half) theirs.
#pragma once

#include <ratekit/host/config/config.hpp>
#include <ratekit/host/input/dataset.hpp>
#include <ratekit/host/plugin/plugin.hpp>

#include "whole_history/dense_history.hpp"

#include <string>
#include <vector>

namespace ratekit {

// The priors as the config gives them, by name, checked; read before the input.
struct prior_list {
  std::vector<std::string> names;
  std::vector<double> mean, sd;  // per listed player, NaN where the list gives none
  double default_mean = NAN, default_sd = NAN;  // initial.rating, initial.state's deviation
  bool empty() const { return names.empty() && std::isnan(default_mean) && std::isnan(default_sd); }
};

// Reads `config`'s `initial` for `model`, a whole-history plugin: refuses, before any work, what a whole-history
// model cannot take from it (a database, games, adjust), priors for a plugin without set_priors (one built
// before the extension grew), and a deviation that is not a positive finite number or a mean that is not
// finite, naming the list's file, line and column or the config's key.
prior_list read_prior_list(const competition_config& config, const plugin& model);

// Hands `h` its players' priors (names in `players`, dense ids), NaN where the config gives none; none when it
// gives none.
void give_priors(const prior_list& list, const player_table& players, dense_history& h);

}  // namespace ratekit
