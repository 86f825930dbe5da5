#include "commands.hpp"

#include <ratekit/host/plugin/scaffold.hpp>

#include <cstdio>

namespace ratekit::app {

void add_new_plugin_command(CLI::App& app, context&) {
  auto* cmd = app.add_subcommand("new-plugin", "Create the folder of a new plugin built against the installed SDK");
  static std::string id, dir;
  cmd->add_option("NAME", id, "Plugin id, e.g. my-federation-elo")->required();
  cmd->add_option("--dir", dir, "Folder to create (default: ./NAME); must be new or empty");
  cmd->callback([] {
    const std::string target = dir.empty() ? id : dir;
    for (const auto& file : scaffold_plugin(id, target)) std::printf("created %s/%s\n", target.c_str(), file.c_str());
    const char* t = target.c_str();
    std::printf("\nnext:\n  cmake -S %s -B %s/build -DCMAKE_PREFIX_PATH=<ratekit install prefix>\n", t, t);
    std::printf("  cmake --build %s/build && ctest --test-dir %s/build\n", t, t);
    std::printf("  cd %s && ratekit --plugin-dir build run example.yaml\n", t);
  });
}

}  // namespace ratekit::app
