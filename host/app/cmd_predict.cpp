#include "commands.hpp"
#include <ratekit/host/output/reports/predict_database.hpp>

#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/config/config.hpp>
#include <ratekit/host/engine/engine.hpp>
#include <ratekit/host/output/files/outputs.hpp>
#include <ratekit/host/output/reports/predictions.hpp>
#include <cstdio>

namespace ratekit::app {

namespace {

void deliver(const std::string& csv, const std::string& out) {
  if (out.empty()) std::fwrite(csv.data(), 1, csv.size(), stdout);
  else write_file_atomically(out, csv);
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
      const auto home = home_option->count() ? std::optional(home_advantage) : std::nullopt;
      return deliver(predictions_from_database(plugins, database, competition, home, games), out);
    }
    const run_result r = rate(load_config(files.front(), plugins), plugins);
    const prediction_basis basis{*r.rater, r.data.players, r.state.columns,
                                 initial_row(*r.rater, r.config.initial_rating, r.config.initial_state), r.config.home_predict};
    deliver(predictions_csv(basis, games), out);
  });
}

}  // namespace ratekit::app
