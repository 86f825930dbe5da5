#include "commands.hpp"

#include <atomic>
#include <cstdlib>
#include <ratekit/host/run/interrupt_guard.hpp>
#include <ratekit/host/run/progress.hpp>
#include <ratekit/host/run/run_unit.hpp>

#include <ratekit/host/config/config.hpp>
#include <ratekit/host/text/escape.hpp>
#include <ratekit/host/text/format.hpp>
#include <ratekit/host/engine/engine.hpp>
#include <ratekit/host/recording/run_recording.hpp>
#include <ratekit/host/output/files/output_folder.hpp>
#include <ratekit/host/output/files/outputs.hpp>
#include <ratekit/host/output/run_outputs.hpp>
#include <ratekit/host/run_end/run_end.hpp>
#include <fstream>
#include <iostream>

#include <spdlog/spdlog.h>

#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <cstdio>
#include <optional>
#include <vector>

namespace ratekit::app {

namespace {

// What --replace removed: the runs that recorded one of this run's periods, and
// those recorded after them, whose ratings started from ratings that no longer
// hold: rated again from their recorded configs and inputs.
void report_replaced(const std::vector<earlier_run>& runs, const std::vector<rerated_run>& rerated) {
  for (const earlier_run& r : runs)
    if (!r.period.empty())
      spdlog::info("replaced run {} of {} ({}), which recorded period '{}'", r.id, r.recorded_at, r.config_file,
                   r.period);
  for (const rerated_run& r : rerated)
    spdlog::info("rated run {} of {} ({}) again from its recorded input, as run {} ({}): it started from ratings "
                 "this run replaced",
                 r.was.id, r.was.recorded_at, r.was.config_file, r.now.run_id, counted(double(r.now.periods), "period"));
}

// A plugin is native code: should it end the process (exit()) during a run, the
// run did not finish, and the exit status must not say it did.
std::atomic<bool> running{false};

void refuse_unfinished_exit() {
  if (!running) return;
  const std::lock_guard ending(run_end_lock());
  output_folder::abandon_living();
  run_recording::abandon_living();  // a database this run created goes too
  std::fputs("error: the process was ended during the run (a plugin called exit?); nothing was written\n", stderr);
  std::_Exit(1);
}

// Why `label` cannot be a --period-label; "" when it can.
std::string period_label_problem(const std::string& label) {
  if (label.empty()) return "expected a period label, got ''";
  if (label.size() > 200) return "expected a period label of at most 200 bytes (it is on every row)";
  if (has_control(label) || valid_utf8(label) != label)
    return "expected a period label of UTF-8 text without control characters";
  return "";
}

// What the run did: what it rated, in how long, what it recorded and replaced, where it wrote.
void log_run(const unit_result& unit, const competition_config& config, const std::filesystem::path& dir,
             double seconds, const std::string& timings) {
  const auto& d = unit.run.data;
  // Among the players who played; those a list or database carried, or met only in skipped rows, apart.
  const size_t played = unit.run.players_rated, idle = size_t(d.players.size()) - played;
  const std::string among = counted(double(played), "player") +
                            (idle ? " (" + counted(double(idle), "other") + " known to the run played none)" : "");
  // The rating time is reading and rating only; the total adds recording and writing.
  if (d.ranked())
    spdlog::info("rated {} in {} among {} with {} in {:.3f} s", counted(double(unit.run.entry_count), "placing"),
                 counted(double(d.events.size()), "event"), among, config.model, unit.rating_seconds);
  else
    spdlog::info("rated {} among {} with {} in {:.3f} s", counted(double(unit.run.game_count), "game"), among,
                 config.model, unit.rating_seconds);
  for (const auto& [result, rows] : d.skipped_results)
    spdlog::info("skipped {} with result '{}' (input.skip_results)", counted(double(rows), "row"), result);
  spdlog::info("done in {:.3f} s; phases: {}", seconds, timings);
  if (const auto& rec = unit.recorded; rec && rec->unchanged)
    spdlog::info("{} already holds this run from the same input (run {}); left as it was",
                 config.output_database.string(), rec->run_id);
  else if (rec)
    spdlog::info("recorded run {} ({}, {}) in {}", rec->run_id, counted(double(rec->periods), "period"),
                 counted(double(rec->players), "player"),
                 config.output_database.string());
  if (const auto& rec = unit.recorded) report_replaced(rec->replaced, unit.rerated);
  spdlog::info("wrote {}", dir.string());
}

}  // namespace

void add_run_command(CLI::App& app, context& ctx) {
  auto* cmd = app.add_subcommand("run", "Rate a competition from its YAML config");
  static std::string config_file, out_dir, period_label;
  static std::vector<std::string> inputs;
  static bool print_report = false;
  static unit_options options;
  cmd->add_option("CONFIG", config_file, "Competition config (YAML)")->required();
  cmd->add_option("-o,--out", out_dir,
                  "Output folder, relative to the working folder (default: the config's output.dir, relative to "
                  "the config's folder; without it out/<competition> in the working folder)")
      ->check([](const std::string& dir) { return dir.empty() ? std::string("expected a folder, got ''") : std::string(); });
  cmd->add_option("--input", inputs,
                  "Rate this file instead of the config's input.path (relative to the working folder; repeatable)");
  cmd->add_option("--period-label", period_label,
                  "The whole input is the one rating period of this name (period: event), or lies in it (period: "
                  "day, month or year: checked); recorded with the run")
      ->check(period_label_problem);
  cmd->add_flag("-r,--report", print_report, "Also write the player report (output.report) and print its report.md on stdout");
  cmd->add_flag("--replace", options.replace,
                "Replace the runs in the database that recorded any of this run's periods from other input, and "
                "rate the runs recorded after them again from their recorded inputs");
  cmd->add_flag("--new-model", options.new_model,
                "Record the run although its model or parameters differ from the competition's latest run");
  cmd->add_flag("--no-wait", options.no_wait,
                "With a PostgreSQL history database: refuse at once, not wait, while another run records the "
                "same competition");
  cmd->callback([&ctx] {
    const auto start = std::chrono::steady_clock::now();
    const plugin_registry registry = ctx.registry();
    // A refused plugin may be the model the config asks for: say why it is missing.
    for (const auto& r : registry.refused()) spdlog::warn("{}: {}", r.file.string(), r.reason);
    // The officer's month: one config, each month's files given with --input instead of input.path.
    competition_config config = load_config(config_file, registry, !inputs.empty());
    if (!inputs.empty()) config.input_paths = input_files(inputs);
    config.period_label = period_label;
    if (config.creates_initial_database)
      spdlog::info("{} does not exist yet: this first run starts every player new and creates it",
                   config.output_database.string());
    if (print_report) config.write_report = true;  // the report reads every game's outputs
    const std::filesystem::path dir = out_dir.empty() ? config.output_dir : std::filesystem::path(out_dir);
    refuse_inputs_inside(config, dir);
    static const bool guarded = std::atexit(refuse_unfinished_exit) == 0;
    (void)guarded;
    // Cleared on the way out, by an error too: only an exit() inside the run skips it.
    struct run_flag {
      run_flag() { running = true; }
      ~run_flag() { running = false; }
    } flag;
    std::optional<unit_result> unit;
    std::string timings;
    {
      const interrupt_guard interrupts;  // first: every thread of the run leaves the signals to it
      progress bar(isatty(fileno(stderr)) && spdlog::should_log(spdlog::level::info));
      bar.phase("preparing");  // locks, and the input fingerprint for the database
      unit.emplace(run_unit(config, registry, dir, options, bar));
      timings = bar.finish();
    }
    log_run(*unit, config, dir, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(),
            timings);
    if (print_report) {  // as written: a streamed report is in no run_result
      std::ifstream markdown(dir / "report.md", std::ios::binary);
      std::cout << markdown.rdbuf() << std::flush;
    }
  });
}

}  // namespace ratekit::app
