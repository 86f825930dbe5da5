#include <ratekit/host/output/reports/predict_database.hpp>

#include <ratekit/host/output/reports/predictions.hpp>
#include <ratekit/host/plugin/whole_history_model.hpp>
#include <ratekit/host/store/location.hpp>
#include <ratekit/host/store/store.hpp>

#include "whole_history/drift.hpp"

#include <nlohmann/json.hpp>

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>

namespace ratekit {

namespace {

// What the last run's config said that predictions use: the rating a new
// player enters at and the home side's points. Read from its recorded text, not
// loaded as a config: the files it names may be gone.
struct recorded_defaults {
  double entry = NAN, home = 0;
  initial_fields state;
};

recorded_defaults defaults_of(const std::string& config_text) {
  recorded_defaults d;
  const auto number = [](const YAML::Node& n, double& out) {
    if (n && n.IsScalar()) out = n.as<double>();
  };
  try {
    const YAML::Node root = YAML::Load(config_text);
    const YAML::Node initial = root["initial"], home = root["home_advantage"];  // either may be missing
    if (initial) number(initial.IsMap() ? initial["rating"] : initial, d.entry);
    if (initial && initial.IsMap())
      if (const YAML::Node state = initial["state"]; state && state.IsMap())  // a missing key is no node to ask
        for (const auto& kv : state) d.state.emplace_back(kv.first.Scalar(), kv.second.as<double>());
    if (home) number(home.IsMap() ? home["predict"] : home, d.home);
  } catch (const YAML::Exception&) {  // a run read it, so it parses: nothing is lost
  }
  return d;
}

// A whole-history model's states as a fit's forecasts take them (forecast_states): each player's last estimate
// widened by the model's drift from his last batch (last_period: a batch time) to the latest of all players'.
void widen_recorded_states_by_drift(const std::shared_ptr<const plugin>& p, const std::vector<double>& params, const ratings_list& list,
                    std::vector<std::vector<double>>& columns) {
  const int last_at = list.column("last_period");
  if (last_at < 0) return;
  double latest = -INFINITY;
  for (size_t row = 0; row < list.ids.size(); ++row) latest = std::fmax(latest, list.value(row, last_at));
  const whole_history_model drifting(p, params);
  std::vector<double> state(columns.size()), out(columns.size());
  for (size_t row = 0; row < list.ids.size(); ++row) {
    const double last = list.value(row, last_at);
    if (std::isnan(last)) continue;
    const auto id = size_t(list.ids[row]);
    for (size_t f = 0; f < columns.size(); ++f) state[f] = columns[f][id];
    drift_state(drifting, state.data(), std::max(0.0, latest - last), out.data());
    for (size_t f = 0; f < columns.size(); ++f) columns[f][id] = out[f];
  }
}

}  // namespace

std::vector<double> initial_row(const model& m, double initial_rating, const initial_fields& state) {
  std::vector<double> row = m.new_player();
  if (std::isfinite(initial_rating)) row[0] = initial_rating;
  for (const auto& [name, value] : state)
    if (const int f = m.source().state_field(name); f > 0) row[size_t(f)] = value;
  return row;
}

std::vector<double> recorded_params(const rk_descriptor& d, const std::string& params_json) {
  const auto stored = nlohmann::json::parse(params_json, nullptr, false);
  std::vector<double> params;
  for (uint32_t i = 0; i < d.param_count; ++i) {
    const auto v = stored.is_object() ? stored.find(d.params[i].key) : stored.end();
    params.push_back(stored.is_object() && v != stored.end() && v->is_number() ? v->get<double>()
                                                                               : d.params[i].default_value);
  }
  return params;
}

// The competition's players as its last run left them, under the model and parameters of that run.
std::string predictions_from_database(const plugin_registry& plugins, const std::string& db,
                                      const std::string& competition, std::optional<double> home_advantage,
                                      const games_to_predict& games, const new_player_rule& rule, std::string* model_id) {
  // As written by the caller, read anew: a password an earlier string of the same database gave is not used.
  const std::string where = database_location(db);
  const recorded_model recorded = last_run_model(where, competition);
  const recorded_defaults defaults = defaults_of(recorded.config_text);
  const auto p = plugins.get(recorded.model);
  if (model_id) *model_id = recorded.model;
  const rk_descriptor& d = p->descriptor();
  const std::vector<double> params = recorded_params(p->descriptor(), recorded.params_json);
  player_table players;
  const ratings_list list = read_database_ratings(where, competition, players);
  const model m(p, params);
  const std::vector<double> initial = initial_row(m, defaults.entry, defaults.state);
  std::vector<double> played(size_t(players.size()), 0.0);
  for (size_t row = 0, c = size_t(list.column("games")); row < list.ids.size() && c != size_t(-1); ++row)
    played[size_t(list.ids[row])] = list.value(row, int(c));
  std::vector<std::vector<double>> columns(d.state_count, std::vector<double>(size_t(players.size())));
  for (uint32_t f = 0; f < d.state_count; ++f) {
    const int c = list.column(d.state[f].name);
    for (size_t row = 0; row < list.ids.size(); ++row) {
      const double v = list.value(row, c);
      columns[f][size_t(list.ids[row])] = std::isnan(v) ? initial[f] : v;
    }
  }
  if (p->has(RK_CAP_WHOLE_HISTORY)) widen_recorded_states_by_drift(p, params, list, columns);
  return predictions_csv({m, players, columns, new_player_row(m, initial, rule), home_advantage.value_or(defaults.home),
                          &played, rule.min_games},
                         games);
}

}  // namespace ratekit
