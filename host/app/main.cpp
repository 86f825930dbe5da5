// ratekit: rate competitions with rating-system plugins.
#include "commands.hpp"

#include <ratekit/host/run/memory.hpp>

#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/text/escape.hpp>

#include <spdlog/pattern_formatter.h>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <csignal>
#include <initializer_list>
#include <cstdio>
#include <new>

namespace {

// A log message as a terminal may show it: messages repeat paths and names.
class printable_message : public spdlog::custom_flag_formatter {
 public:
  void format(const spdlog::details::log_msg& msg, const std::tm&, spdlog::memory_buf_t& dest) override {
    const std::string text = ratekit::printable({msg.payload.data(), msg.payload.size()});
    dest.append(text.data(), text.data() + text.size());
  }
  std::unique_ptr<custom_flag_formatter> clone() const override { return std::make_unique<printable_message>(); }
};

void print_error(const std::string& message) { std::fprintf(stderr, "error: %s\n", ratekit::printable(message).c_str()); }

}  // namespace

int main(int argc, char** argv) {
  using namespace ratekit;
  // Past a file size limit (ulimit -f) a write then fails with EFBIG, which is
  // reported naming the file, and the run is undone; the signal would kill the
  // run half-written.
  std::signal(SIGXFSZ, SIG_IGN);
  tune_memory(argv);
  CLI::App app{"ratekit " RATEKIT_VERSION ": rate competitions with rating-system plugins", "ratekit"};
  app.require_subcommand(1);
  // Usage errors read like every other error.
  app.failure_message([](const CLI::App*, const CLI::Error& e) {
    return "error: " + printable(e.what()) + "\nRun with --help for more information.\n";
  });
  app.set_version_flag("--version", RATEKIT_VERSION);
  app::context ctx;
  bool verbose = false, quiet = false;
  app.add_flag("-v,--verbose", verbose, "Log more detail");
  app.add_flag("-q,--quiet", quiet, "Log errors only");
  app.add_option("--plugin-dir", ctx.plugin_dirs, "Also load plugins from this directory (repeatable)")
      ->allow_extra_args(false);
  app.add_flag("--allow-insecure-plugins", ctx.allow_insecure, "Load plugins from world-writable places too");
  app.fallthrough();  // the options above may also follow the subcommand
  for (const auto add : {app::add_plugins_command, app::add_describe_command, app::add_run_command,
                         app::add_expect_command, app::add_predict_command, app::add_compare_command,
                         app::add_tune_command, app::add_chart_command, app::add_new_plugin_command,
                         app::add_history_command, app::add_report_command, app::add_db_command,
                         app::add_serve_command})
    add(app, ctx);  // in the order `ratekit --help` lists them

  auto logger = spdlog::stderr_color_st("ratekit");
  auto format = std::make_unique<spdlog::pattern_formatter>();
  format->add_flag<printable_message>('*').set_pattern("%^%l%$: %*");
  logger->set_formatter(std::move(format));
  spdlog::set_default_logger(logger);
  app.parse_complete_callback([&] {
    spdlog::set_level(quiet ? spdlog::level::err : verbose ? spdlog::level::debug : spdlog::level::info);
  });
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // Help and version exit 0; every usage error exits 2, as command-line tools do.
    if (e.get_exit_code() != 0) {
      if (const std::string hint = app::usage_hint(app, {argv + 1, argv + argc}); !hint.empty()) {
        print_error(hint);
        std::fputs("Run with --help for more information.\n", stderr);
        return 2;
      }
    }
    return app.exit(e) == 0 ? 0 : 2;
  } catch (const user_error& e) {
    for (const auto& d : e.diagnostics()) print_error(d.str());
    return 1;
  } catch (const std::bad_alloc&) {
    // Outputs are published only once complete, so the previous ones stand.
    std::fprintf(stderr,
                 "error: out of memory: the process may not take more (see `ulimit -v` and the machine's free "
                 "memory); the previous outputs were left as they were\n");
    return 2;
  } catch (const std::exception& e) {
    print_error(e.what());
    return 2;
  }
  return 0;
}
