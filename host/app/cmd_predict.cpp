#include "commands.hpp"

#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/config/config.hpp>
#include <ratekit/host/engine/engine.hpp>
#include <ratekit/host/output/outputs.hpp>
#include <ratekit/host/output/predictions.hpp>
#include <ratekit/host/store/store.hpp>

#include <nlohmann/json.hpp>

#include <yaml-cpp/yaml.h>

#include <cmath>
#include <cstdio>

namespace ratekit::app {

namespace {

using initial_fields = std::vector<std::pair<std::string, double>>;

// A new player's state: the model's, then the config's initial.rating and initial.state.
std::vector<double> initial_row(const model& m, double initial_rating, const initial_fields& state) {
  std::vector<double> row = m.new_player();
  if (std::isfinite(initial_rating)) row[0] = initial_rating;
  for (const auto& [name, value] : state)
    if (const int f = m.source().state_field(name); f > 0) row[size_t(f)] = value;
  return row;
}

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

void deliver(const std::string& csv, const std::string& out) {
  if (out.empty()) std::fwrite(csv.data(), 1, csv.size(), stdout);
  else write_file_atomically(out, csv);
}

// The competition's players as its last run left them, under the model and parameters of that run.
std::string from_database(const plugin_registry& plugins, const std::string& db, const std::string& competition,
                          const double* home_advantage, const std::string& games) {
  const recorded_model recorded = last_run_model(db, competition);
  const recorded_defaults defaults = defaults_of(recorded.config_text);
  const auto p = plugins.get(recorded.model);
  const rk_descriptor& d = p->descriptor();
  const auto stored = nlohmann::json::parse(recorded.params_json, nullptr, false);
  std::vector<double> params;
  for (uint32_t i = 0; i < d.param_count; ++i) {
    const auto v = stored.is_object() ? stored.find(d.params[i].key) : stored.end();
    params.push_back(stored.is_object() && v != stored.end() && v->is_number() ? v->get<double>()
                                                                               : d.params[i].default_value);
  }
  player_table players;
  const ratings_list list = read_database_ratings(db, competition, players);
  const model m(p, params);
  const std::vector<double> initial = initial_row(m, defaults.entry, defaults.state);
  std::vector<std::vector<double>> columns(d.state_count, std::vector<double>(size_t(players.size())));
  for (uint32_t f = 0; f < d.state_count; ++f) {
    const int c = list.column(d.state[f].name);
    for (size_t row = 0; row < list.ids.size(); ++row) {
      const double v = list.value(row, c);
      columns[f][size_t(list.ids[row])] = std::isnan(v) ? initial[f] : v;
    }
  }
  const double home = home_advantage ? *home_advantage : defaults.home;  // null: as the config had it
  return predictions_csv({m, players, columns, initial, home}, games);
}

}  // namespace

void add_predict_command(CLI::App& app, context& ctx) {
  auto* cmd = app.add_subcommand(
      "predict",
      "Expected scores of new games (expected ranks of new events) from the final state of a run or a database, as CSV");
  static std::vector<std::string> files;
  static std::string out, database, competition;
  static double home_advantage = 0;
  static CLI::Option* home_option = nullptr;
  cmd->add_option("[CONFIG] GAMES", files,
                  "The competition's config (rated as `run` rates it, without writing its outputs; not with "
                  "--database), then the new games (player_a, player_b, optional home) or events (event, player) as CSV")
      ->required()
      ->expected(1, 2);
  auto* db = cmd->add_option("--database", database, "Start from the last run of a history database instead");
  cmd->add_option("--competition", competition, "The competition in --database")->needs(db);
  home_option = cmd->add_option("--home-advantage", home_advantage,
                                "With --database: points for the home side (default: the last run's config's)")
                    ->needs(db);
  cmd->add_option("-o,--out", out, "Write the CSV here (atomically) instead of to stdout");
  cmd->callback([&ctx] {
    if ((files.size() == 2) == !database.empty())
      throw CLI::ValidationError("predict", "give either CONFIG GAMES or --database DB --competition NAME GAMES");
    const std::string& games = files.back();
    if (!database.empty() && competition.empty()) throw CLI::ValidationError("--competition", "--database needs it");
    const plugin_registry plugins = ctx.registry();
    if (!database.empty()) {
      // A pointer, not an optional: GCC 12 takes an optional<double> passed here for uninitialized.
      const double* home = home_option->count() ? &home_advantage : nullptr;
      return deliver(from_database(plugins, database, competition, home, games), out);
    }
    const run_result r = rate(load_config(files.front(), plugins), plugins);
    const prediction_basis basis{*r.rater, r.data.players, r.state.columns,
                                 initial_row(*r.rater, r.config.initial_rating, r.config.initial_state), r.config.home_predict};
    deliver(predictions_csv(basis, games), out);
  });
}

}  // namespace ratekit::app
