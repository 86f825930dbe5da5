#include "commands.hpp"
#include <ratekit/host/output/reports/predict_database.hpp>

#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/config/config.hpp>
#include <ratekit/host/engine/engine.hpp>
#include <ratekit/host/output/files/outputs.hpp>
#include <ratekit/host/output/reports/predictions.hpp>
#include <ratekit/host/whole_history/whole_history.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace ratekit::app {

namespace {

// name=value options as pairs; a value that is no finite number is refused.
std::vector<std::pair<std::string, double>> named_values(const std::vector<std::string>& texts, const std::string& option) {
  std::vector<std::pair<std::string, double>> out;
  for (const std::string& kv : texts) {
    const size_t eq = kv.find('=');
    double value = NAN;
    const char* end = kv.data() + kv.size();
    if (eq == std::string::npos || std::from_chars(kv.data() + eq + 1, end, value).ptr != end || !std::isfinite(value))
      throw CLI::ValidationError(option, "expected name=value with a finite number, got '" + kv + "'");
    out.emplace_back(kv.substr(0, eq), value);
  }
  return out;
}

void deliver(const std::string& csv, const std::string& out) {
  if (out.empty()) std::fwrite(csv.data(), 1, csv.size(), stdout);
  else write_file_atomically(out, csv);
}

// A whole-history model forecasts from each player's last estimate widened by its drift up to the history's
// last batch: a player away for years is forecast with the uncertainty those years add. A new player from the
// config's `initial` (the prior of a player it does not list), as predict --database reads it.
std::string whole_history_predictions(const competition_config& config, const plugin_registry& plugins,
                                      const std::string& games, const new_player_rule& rule) {
  const whole_history_fit fit = fit_whole_history(config, plugins);
  const run_result& r = fit.run;
  const std::vector<std::vector<double>> columns = forecast_states(fit);
  const std::vector<double> initial = initial_row(*r.rater, config.initial_rating, config.initial_state);
  const prediction_basis basis{*r.rater, r.data.players, columns, new_player_row(*r.rater, initial, rule),
                               config.home_predict, &r.state.games, rule.min_games};
  return predictions_csv(basis, games);
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
  static new_player_rule rule;
  static std::vector<std::string> new_state;
  cmd->add_option("--min-games", rule.min_games,
                  "Predict players with fewer rated games as new players (PlayerRatings' tng; default 0)")
      ->check(CLI::Range(0.0, 1e15));
  cmd->add_option("--new-rating", rule.rating,
                  "The rating new players are predicted at (PlayerRatings' trat; default the config's initial)")
      ->check(CLI::Range(-1e15, 1e15));
  cmd->add_option("--new-state", new_state, "name=value: a state field of new players, e.g. rd=300 (repeatable)");
  cmd->add_option("-o,--out", out, "Write the CSV here (atomically) instead of to stdout");
  cmd->callback([&ctx] {
    if ((files.size() == 2) == !database.empty())
      throw CLI::ValidationError("predict", "give either CONFIG GAMES or --database DB --competition NAME GAMES");
    const std::string& games = files.back();
    if (!database.empty() && competition.empty()) throw CLI::ValidationError("--competition", "--database needs it");
    rule.state = named_values(new_state, "--new-state");
    const plugin_registry plugins = ctx.registry();
    if (!database.empty()) {
      const auto home = home_option->count() ? std::optional(home_advantage) : std::nullopt;
      return deliver(predictions_from_database(plugins, database, competition, home, games, rule), out);
    }
    const competition_config config = load_config(files.front(), plugins);
    check_new_state(*plugins.get(config.model), rule);  // before the run, which may take long
    if (plugins.get(config.model)->has(RK_CAP_WHOLE_HISTORY)) return deliver(whole_history_predictions(config, plugins, games, rule), out);
    const run_result r = rate(config, plugins);
    const std::vector<double> initial = initial_row(*r.rater, config.initial_rating, config.initial_state);
    const prediction_basis basis{*r.rater, r.data.players, r.state.columns, new_player_row(*r.rater, initial, rule),
                                 config.home_predict, &r.state.games, rule.min_games};
    deliver(predictions_csv(basis, games), out);
  });
}

}  // namespace ratekit::app
