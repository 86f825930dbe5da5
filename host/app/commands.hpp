// The ratekit subcommands; each lives in its own cmd_<name>.cpp and registers itself on the app.
#pragma once

#include <ratekit/host/plugin/plugin.hpp>

#include <CLI/CLI.hpp>

#include <filesystem>
#include <string>
#include <vector>

namespace ratekit::app {

// Options shared by every subcommand, filled by CLI11 before a subcommand runs.
struct context {
  std::vector<std::string> plugin_dirs;  // --plugin-dir, in order
  bool allow_insecure = false;           // --allow-insecure-plugins

  // The plugins found on the search path; those of --plugin-dir replace installed ones of their id.
  plugin_registry registry() const {
    return plugin_registry(plugin_registry::search_path(plugin_dirs), allow_insecure, plugin_dirs.size());
  }
};

// For a command line CLI11 refused: the misspelt command or option and the
// nearest real one; "" when the fault is something else.
std::string usage_hint(CLI::App& app, const std::vector<std::string>& args);

// --input: the files to rate instead of input.path, relative to the working folder, each a file and once.
std::vector<std::filesystem::path> input_files(const std::vector<std::string>& given);

void add_plugins_command(CLI::App& app, context& ctx);
void add_db_command(CLI::App& app, context& ctx);
void add_describe_command(CLI::App& app, context& ctx);
void add_run_command(CLI::App& app, context& ctx);
void add_expect_command(CLI::App& app, context& ctx);
void add_chart_command(CLI::App& app, context& ctx);
void add_new_plugin_command(CLI::App& app, context& ctx);
void add_history_command(CLI::App& app, context& ctx);
void add_report_command(CLI::App& app, context& ctx);
void add_predict_command(CLI::App& app, context& ctx);
void add_compare_command(CLI::App& app, context& ctx);
void add_tune_command(CLI::App& app, context& ctx);
void add_serve_command(CLI::App& app, context& ctx);

}  // namespace ratekit::app
