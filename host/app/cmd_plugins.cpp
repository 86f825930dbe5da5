#include <ratekit/host/text/escape.hpp>
#include "commands.hpp"
#include <ratekit/host/plugin/plugin_json.hpp>

#include <nlohmann/json.hpp>

#include <cstdio>

namespace ratekit::app {

void add_plugins_command(CLI::App& app, context& ctx) {
  auto* cmd = app.add_subcommand("plugins", "List the loadable plugins and the files they came from");
  static bool json = false;
  cmd->add_flag("--json", json, "Print JSON instead of a table");
  cmd->callback([&ctx] {
    const plugin_registry registry = ctx.registry();
    if (json) {
      std::printf("%s\n", json_text(plugins_json(registry), 2).c_str());
      return;
    }
    for (const auto& p : registry.plugins())
      std::printf("%-26s %-8s %s\n", p->descriptor().id, printable(p->descriptor().version).c_str(),
                  printable(p->file().string()).c_str());
    for (const auto& r : registry.refused()) std::printf("refused: %s: %s\n", r.file.c_str(), r.reason.c_str());
    for (const auto& r : registry.replaced()) std::printf("replaced: %s: %s\n", r.file.c_str(), r.reason.c_str());
    if (registry.plugins().empty()) std::printf("no plugins found\n");
  });
}

}  // namespace ratekit::app
