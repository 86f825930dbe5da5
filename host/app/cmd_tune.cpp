#include "commands.hpp"

#include <ratekit/host/config/config.hpp>
#include <ratekit/host/text/stop.hpp>
#include <ratekit/host/evaluate/tune_outputs.hpp>
#include <ratekit/host/text/format.hpp>

#include <spdlog/spdlog.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <iostream>

namespace ratekit::app {

namespace {

std::atomic<bool> interrupted{false};

// The first Ctrl-C stops the search, which keeps the best so far; a second one ends the process.
extern "C" void stop_tuning(int) {
  interrupted.store(true);
  std::signal(SIGINT, SIG_DFL);
}

// A line at every tenth of the candidates.
void log_progress(size_t rated, size_t total) {
  if (total >= 10 && rated % (total / 10) != 0 && rated != total) return;
  spdlog::info("tune: {} of {} rated", rated, counted(double(total), "candidate"));
}

}  // namespace

void add_tune_command(CLI::App& app, context& ctx) {
  auto* cmd = app.add_subcommand(
      "tune", "Search a config's values for the best forecasts of a validation window, and score them on a test window");
  static std::string config_file, out_dir = "out/tune", validate_from, test_from, objective = "log-loss";
  static std::vector<std::string> params;
  static tune_options options;
  cmd->add_option("CONFIG", config_file, "Competition config (YAML)")->required();
  cmd->add_option("--param", params,
                  "NAME=LO:HI searched by the optimiser, or NAME=LO:HI:STEP on a grid (repeatable): a parameter of "
                  "the model, home_advantage, home_advantage.predict, home_advantage.update, initial.rating or "
                  "k_schedule.N")
      ->required();
  cmd->add_option("--validate-from", validate_from,
                  "Score the candidates on the games from this date (yyyy-mm-dd) to --test-from (default: the "
                  "second-to-last fifth of the input's dates)");
  cmd->add_option("--test-from", test_from,
                  "Score the chosen values on the games from this date on (default: the last fifth of the dates)");
  cmd->add_option("--objective", objective, "What the search lowers: log-loss (default) or brier")
      ->check(CLI::IsMember({"log-loss", "brier"}));
  cmd->add_option("--budget", options.budget, "Candidates the optimiser may rate (default 100)")
      ->check(CLI::Range(size_t(2), size_t(100000)));
  cmd->add_option("--seed", options.seed, "Seed of the optimiser (default 1)");
  cmd->add_option("-o,--out", out_dir, "Folder for tuned.csv, tune.json, tuned.yaml and tune.svg (default: out/tune)")
      ->check([](const std::string& dir) { return dir.empty() ? std::string("expected a folder, got ''") : std::string(); });
  cmd->callback([&ctx] {
    const auto start = std::chrono::steady_clock::now();
    const plugin_registry registry = ctx.registry();
    for (const auto& r : registry.refused()) spdlog::warn("{}: {}", r.file.string(), r.reason);
    if (!validate_from.empty()) options.validate_from = parse_window_date(validate_from, "--validate-from");
    if (!test_from.empty()) options.test_from = parse_window_date(test_from, "--test-from");
    options.brier = objective == "brier";
    options.progress = log_progress;
    std::vector<tuned_param> space;
    for (const std::string& p : params) space.push_back(parse_tuned_param(p));
    const competition_config config = load_config(config_file, registry);
    interrupted = false;
    const stop_scope stop(interrupted);
    const auto before = std::signal(SIGINT, stop_tuning);
    const tuning result = tune_config(config, std::move(space), registry, options);
    std::signal(SIGINT, before);
    write_tuning(result, config.file, out_dir);
    std::cout << tuning_table(result) << std::flush;
    for (const std::string& name : result.on_edge)
      spdlog::warn("the chosen {} lies on an end of its range: the best may lie beyond it", name);
    if (result.stopped) spdlog::warn("stopped: the best of the {} rated so far", counted(double(result.points.size()), "candidate"));
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    spdlog::info("tuned {} in {:.3f} s; wrote {}", counted(double(result.points.size()), "candidate"), seconds, out_dir);
  });
}

}  // namespace ratekit::app
