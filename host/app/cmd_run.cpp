#include "commands.hpp"

#include <atomic>
#include <cstdlib>
#include "progress.hpp"

#include <ratekit/host/config/config.hpp>
#include <ratekit/host/engine/engine.hpp>
#include <ratekit/host/output/outputs.hpp>
#include <ratekit/host/output/report.hpp>
#include <ratekit/host/output/database.hpp>
#include <ratekit/host/store/store.hpp>

#include <spdlog/spdlog.h>

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <optional>

namespace ratekit::app {

namespace {

// A plugin is native code: should it end the process (exit()) during a run, the
// run did not finish, and the exit status must not say it did.
std::atomic<bool> running{false};

void refuse_unfinished_exit() {
  if (!running) return;
  std::fputs("error: the process was ended during the run (a plugin called exit?); nothing was written\n", stderr);
  std::_Exit(1);
}

}  // namespace

void add_run_command(CLI::App& app, context& ctx) {
  auto* cmd = app.add_subcommand("run", "Rate a competition from its YAML config");
  static std::string config_file, out_dir;
  static bool print_report = false;
  cmd->add_option("CONFIG", config_file, "Competition config (YAML)")->required();
  cmd->add_option("-o,--out", out_dir, "Output directory (default: the config's output.dir)");
  cmd->add_flag("-r,--report", print_report, "Also print the per-player report (Markdown) on stdout");
  cmd->callback([&ctx] {
    const auto start = std::chrono::steady_clock::now();
    const plugin_registry registry = ctx.registry();
    // A refused plugin may be the model the config asks for: say why it is missing.
    for (const auto& r : registry.refused()) spdlog::warn("{}: {}", r.file.string(), r.reason);
    competition_config config = load_config(config_file, registry);
    if (print_report) config.write_report = true;  // the report reads every game's outputs
    const std::filesystem::path dir = out_dir.empty() ? config.output_dir : std::filesystem::path(out_dir);
    refuse_inputs_inside(config, dir);
    std::optional<run_result> result;
    std::optional<recorded_run> recorded;
    static const bool guarded = std::atexit(refuse_unfinished_exit) == 0;
    (void)guarded;
    // Cleared on the way out, by an error too: only an exit() inside the run skips it.
    struct run_flag {
      run_flag() { running = true; }
      ~run_flag() { running = false; }
    } flag;
    {
      progress bar(isatty(fileno(stderr)) && spdlog::should_log(spdlog::level::info));
      bar.phase("reading and rating " + config.competition);
      result.emplace(rate(config, registry));
      const auto& d = result->data;
      // Recorded before the outputs are written: a refused import writes nothing.
      if (!config.output_database.empty()) {
        bar.phase("recording " + config.output_database.filename().string(),
                  d.ranked() ? d.entries.size() : d.games.size(), d.ranked() ? "entries" : "games");
        recorded = record_run(*result, config.output_database, &bar.counter());
      }
      bar.phase("writing " + dir.string());
      write_outputs(*result, dir);
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const auto& d = result->data;
    if (d.ranked())
      spdlog::info("rated {} placings in {} events among {} players with {} in {:.3f} s", d.entries.size(),
                   d.events.size(), d.players.size(), config.model, seconds);
    else
      spdlog::info("rated {} games among {} players with {} in {:.3f} s", result->game_count, d.players.size(),
                   config.model, seconds);
    if (recorded)
      spdlog::info("recorded run {} ({} periods, {} players) in {}", recorded->run_id, recorded->periods,
                   recorded->players, config.output_database.string());
    spdlog::info("wrote {}", dir.string());
    if (print_report) std::fputs(build_report(*result).markdown.c_str(), stdout);
  });
}

}  // namespace ratekit::app
