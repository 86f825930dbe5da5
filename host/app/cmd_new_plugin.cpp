#include "commands.hpp"

#include <ratekit/host/plugin/scaffold.hpp>
#include <ratekit/host/text/diagnostics.hpp>

#include <cstdio>

namespace ratekit::app {

namespace {

std::string shell_quoted(const std::string& s) {
  if (!s.empty() && s.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./+") ==
                        std::string::npos)
    return s;
  std::string out = "'";
  for (const char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace

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
    // The prefix find_package(ratekit) needs: this ratekit's own, or, run from its build tree, one to install to.
    const auto installed = plugin_registry::install_prefix();
    const std::string prefix = installed ? shell_quoted(installed->string()) : "<ratekit install prefix>";
    for (const auto& file : scaffold_plugin(id, target, prefix)) std::printf("created %s/%s\n", target.c_str(), file.c_str());
    // The next steps as commands to paste: a folder with spaces or quotes is quoted for the shell.
    const std::string t = shell_quoted(target), b = shell_quoted(target + "/build");
    std::printf("\nnext:\n");
    if (!installed)
      std::printf("  cmake --install %s --prefix <ratekit install prefix>   # this ratekit runs from its build tree\n",
                  shell_quoted(plugin_registry::program_root().string()).c_str());
    std::printf("  cmake -S %s -B %s -DCMAKE_PREFIX_PATH=%s\n", t.c_str(), b.c_str(), prefix.c_str());
    std::printf("  cmake --build %s && ctest --test-dir %s\n", b.c_str(), b.c_str());
    std::printf("  cd %s && ratekit --plugin-dir build run example.yaml\n", t.c_str());
  });
}

}  // namespace ratekit::app
