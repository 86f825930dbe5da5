// What a usage error most likely meant: a misspelt command or option gets the
// nearest real one, as git and cargo do.
#include "commands.hpp"

#include <ratekit/host/text/diagnostics.hpp>

namespace ratekit::app {
namespace {

std::vector<std::string> long_options(const CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::Option* o : app.get_options()) {
    for (const auto& l : o->get_lnames()) names.push_back("--" + l);
    for (const auto& s : o->get_snames()) names.push_back("-" + s);
  }
  return names;
}

std::string listing(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

}  // namespace

std::string usage_hint(CLI::App& app, const std::vector<std::string>& args) {
  std::vector<std::string> commands;
  for (const CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) commands.push_back(sub->get_name());
  const std::vector<std::string> global = long_options(app);
  CLI::App* command = nullptr;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a.rfind("-", 0) == 0) {
      const std::string name = a.substr(0, a.find('='));
      std::vector<std::string> known = global;
      if (command) for (auto& n : long_options(*command)) known.push_back(std::move(n));
      if (std::find(known.begin(), known.end(), name) != known.end()) {
        if (name == "--plugin-dir" && a.find('=') == std::string::npos) ++i;  // its value
        continue;
      }
      const std::string near = did_you_mean(name, known);
      return "unknown option '" + name + "'" + (command ? " for '" + command->get_name() + "'" : std::string()) +
             (near.empty() ? std::string() : " (did you mean '" + near + "'?)");
    }
    if (command) continue;  // an argument of the command
    for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; }))
      if (sub->get_name() == a) command = sub;
    if (command) continue;
    const std::string near = did_you_mean(a, commands);
    return "unknown command '" + a + "'" + (near.empty() ? std::string() : " (did you mean '" + near + "'?)") +
           "; commands: " + listing(commands);
  }
  return "";
}

}  // namespace ratekit::app
