// Predictions from a history database (`ratekit predict --database`, the
// Python module's predict): the competition's players as its last run left them.
#pragma once

#include <ratekit/host/output/reports/predictions.hpp>
#include <ratekit/host/plugin/plugin.hpp>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ratekit {

using initial_fields = std::vector<std::pair<std::string, double>>;

// The state of a player not rated yet: the model's, with `initial_rating` when
// finite and the config's initial.state fields.
std::vector<double> initial_row(const model& m, double initial_rating, const initial_fields& state);

// A run's recorded parameters (runs.params, a JSON object) in the order of
// `d`'s schema, its default where the object lacks one.
std::vector<double> recorded_params(const rk_descriptor& d, const std::string& params_json);

// The CSV of predictions of `games` from the last run of `competition` in `db`,
// under that run's model and parameters; `home_advantage` overrides its config's;
// `rule` predicts players with few games as new ones (their `games` column).
// `model_id`, when given, is set to that run's model.
std::string predictions_from_database(const plugin_registry& plugins, const std::string& db,
                                      const std::string& competition, std::optional<double> home_advantage,
                                      const games_to_predict& games, const new_player_rule& rule = {},
                                      std::string* model_id = nullptr);

}  // namespace ratekit
