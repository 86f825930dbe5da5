#include "commands.hpp"

#include <ratekit/host/config/config.hpp>
#include <ratekit/host/evaluate/compare_outputs.hpp>
#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/text/format.hpp>

#include <spdlog/spdlog.h>

#include <chrono>
#include <filesystem>
#include <iostream>

namespace ratekit::app {

void add_compare_command(CLI::App& app, context& ctx) {
  auto* cmd = app.add_subcommand(
      "compare", "Rate several configs on the same games and score each on the same held-out games");
  static std::vector<std::string> config_files, inputs;
  static std::string out_dir = "out/compare", test_from;
  static compare_options options;
  cmd->add_option("CONFIG", config_files, "Competition configs (YAML) that rate the same input")->required();
  cmd->add_option("--test-from", test_from,
                  "Score the games from this date (yyyy-mm-dd) on (default: those of the last fifth of the input's "
                  "dates)");
  cmd->add_option("-o,--out", out_dir, "Folder for compare.csv, compare.json and compare.html (default: out/compare)")
      ->check([](const std::string& dir) { return dir.empty() ? std::string("expected a folder, got ''") : std::string(); });
  cmd->add_option("--input", inputs,
                  "Rate every config on this file instead of its input.path (relative to the working folder; "
                  "repeatable)");
  cmd->add_option("--seed", options.seed,
                  "Seed of the bootstrap's resamplings and of the sample of ranked events' pairs (default 1)");
  cmd->add_option("--bootstrap", options.replicates,
                  "Resamplings of the held-out games (of ranked events: of their events) for each interval (default "
                  "1000)")
      ->check(CLI::Range(size_t(100), size_t(1000000)));
  cmd->add_option("--pairs", options.pair_budget,
                  "Ranked events and team matches: score an even sample of about this many of the held-out pairs "
                  "when they are more, the same pairs for every config (default 1000000)")
      ->check(CLI::Range(size_t(1), size_t(1) << 40));
  cmd->callback([&ctx] {
    const auto start = std::chrono::steady_clock::now();
    const plugin_registry registry = ctx.registry();
    for (const auto& r : registry.refused()) spdlog::warn("{}: {}", r.file.string(), r.reason);
    if (!test_from.empty()) options.test_from = parse_window_date(test_from, "--test-from");
    std::vector<competition_config> configs;
    for (const std::string& file : config_files) {
      const connection_scope own(options.connections.emplace_back(new_connection_strings()));
      configs.push_back(load_config(file, registry, !inputs.empty()));
      if (!inputs.empty()) configs.back().input_paths = input_files(inputs);
    }
    const comparison result = compare_configs(configs, registry, options);
    write_comparison(result, out_dir);
    std::cout << comparison_table(result) << std::flush;
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    spdlog::info("compared {} in {:.3f} s; wrote {}", counted(double(configs.size()), "config"), seconds, out_dir);
  });
}

}  // namespace ratekit::app
