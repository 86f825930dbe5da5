#include <ratekit/host/text/escape.hpp>
#include "commands.hpp"
#include <ratekit/host/plugin/plugin_json.hpp>

#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/output/files/outputs.hpp>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <string>

namespace ratekit::app {

namespace {

// A table cell: pipes and line breaks would end the cell or the row, other control characters reach the terminal.
std::string cell(const char* text) {
  std::string out;
  for (const char* c = text ? text : ""; *c; ++c) {
    if (*c == '|') out += '\\';
    out += *c == '\n' ? ' ' : *c;
  }
  return printable(out);
}

// A plugin's own text (version, summary, help) as a terminal may show it.
std::string shown(const char* text) { return printable(text ? text : ""); }

void print_text(const plugin& p) {
  const rk_descriptor& d = p.descriptor();
  std::printf("%s %s\n%s\nfile: %s\nkind: %s\ncapabilities: %s\n\nstate fields:\n", d.id, shown(d.version).c_str(),
              shown(d.summary).c_str(), printable(p.file().string()).c_str(), plugin_kind(d),
              capabilities(d.capabilities).c_str());
  for (uint32_t i = 0; i < d.state_count; ++i)
    std::printf("  %-16s initial %-10s %s\n", d.state[i].name, format_number(d.state[i].initial).c_str(),
                shown(d.state[i].help).c_str());
  // A model without parameters says so, as the config reference does, rather than print an empty list.
  std::printf(d.param_count == 0 ? "\nparameters (params:): none\n" : "\nparameters (params:):\n");
  for (uint32_t i = 0; i < d.param_count; ++i) {
    const rk_param_spec& s = d.params[i];
    std::printf("  %-18s %-8s default %-10s %s\n  %-18s %s\n", s.key, type_name(s.type), default_text(s).c_str(),
                range_text(s).c_str(), "", shown(s.help).c_str());
  }
}

// One section of the config reference: what a config's `params:` may hold for this model.
void print_markdown(const rk_descriptor& d) {
  std::printf("## `%s` %s\n\n%s\n\nCapabilities: %s.\n\n", d.id, cell(d.version).c_str(), cell(d.summary).c_str(),
              capabilities(d.capabilities).c_str());
  if (d.param_count == 0) {
    std::printf("Parameters: none.\n\n");
  } else {
    std::printf("Parameters (`params:`):\n\n| key | type | default | range | meaning |\n|---|---|---|---|---|\n");
    for (uint32_t i = 0; i < d.param_count; ++i) {
      const rk_param_spec& s = d.params[i];
      std::printf("| `%s` | %s | %s | %s | %s |\n", s.key, type_name(s.type), cell(default_text(s).c_str()).c_str(),
                  cell(range_text(s).c_str()).c_str(), cell(s.help).c_str());
    }
    std::printf("\n");
  }
  std::printf("State fields (columns of ratings.csv; `initial:` sets the first):\n\n"
              "| field | initial | meaning |\n|---|---|---|\n");
  for (uint32_t i = 0; i < d.state_count; ++i)
    std::printf("| `%s` | %s | %s |\n", d.state[i].name, format_number(d.state[i].initial).c_str(),
                cell(d.state[i].help).c_str());
  std::printf("\n");
}

}  // namespace

void add_describe_command(CLI::App& app, context& ctx) {
  auto* cmd = app.add_subcommand("describe", "Show a plugin's parameters and state fields");
  static std::string id;
  static bool markdown = false, json = false;
  cmd->add_option("ID", id, "Plugin id, e.g. fide-logistic (with --markdown: all plugins when left out)");
  cmd->add_flag("--markdown", markdown, "Print the config reference as Markdown");
  cmd->add_flag("--json", json, "Print the plugin's description as JSON")->excludes("--markdown");
  cmd->callback([&ctx] {
    const plugin_registry registry = ctx.registry();
    if (json) {
      if (id.empty()) throw user_error("describe --json: expected a plugin id");
      std::printf("%s\n", json_text(describe_json(*registry.get(id)), 2).c_str());
      return;
    }
    if (!markdown) {
      if (id.empty()) throw user_error("describe: expected a plugin id (or --markdown for every plugin)");
      print_text(*registry.get(id));
      return;
    }
    if (!id.empty()) {
      print_markdown(registry.get(id)->descriptor());
      return;
    }
    std::printf("# Plugin parameters\n\nGenerated from the plugins' own descriptors by\n"
                "`ratekit describe --markdown > docs/config-reference.md`; do not edit by hand.\n"
                "Each section lists what a config's `params:` may hold when `model:` names the plugin\n"
                "(the other keys are in `docs/config.md`).\n\n");
    for (const auto& p : registry.plugins()) print_markdown(p->descriptor());
  });
}

}  // namespace ratekit::app
