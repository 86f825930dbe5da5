#include "commands.hpp"

#include <ratekit/host/plugin/scaffold.hpp>
#include <ratekit/host/text/diagnostics.hpp>

#include <cstdio>

namespace ratekit::app {

void add_new_plugin_command(CLI::App& app, context& ctx) {
  auto* cmd = app.add_subcommand("new-plugin", "Create the folder of a new plugin built against the installed SDK");
  static std::string id, dir;
  cmd->add_option("NAME", id, "Plugin id, e.g. my-federation-elo")->required();
  cmd->add_option("--dir", dir, "Folder to create (default: ./NAME); must be new or empty");
  cmd->callback([&ctx] {
    // A plugin of a loaded id would be refused next to it: say so now, not after the build.
    const plugin_registry registry = ctx.registry();
    for (const auto& p : registry.plugins())
      if (p->id() == id)
        throw user_error("a plugin with id '" + id + "' is already loaded from " + p->file().string() +
                         "; choose another id (for example '" + id + "-custom')");
    const std::string target = dir.empty() ? id : dir;
    for (const auto& file : scaffold_plugin(id, target)) std::printf("created %s/%s\n", target.c_str(), file.c_str());
    const char* t = target.c_str();
    std::printf("\nnext:\n  cmake -S %s -B %s/build -DCMAKE_PREFIX_PATH=<ratekit install prefix>\n", t, t);
    std::printf("  cmake --build %s/build && ctest --test-dir %s/build\n", t, t);
    std::printf("  cd %s && ratekit --plugin-dir build run example.yaml\n", t);
  });
}

}  // namespace ratekit::app
