#include <ratekit/host/text/escape.hpp>
#include "commands.hpp"

#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/output/outputs.hpp>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <string>

namespace ratekit::app {

namespace {

const char* type_name(int32_t type) {
  switch (type) {
    case RK_PARAM_INTEGER: return "integer";
    case RK_PARAM_BOOL: return "bool";
    case RK_PARAM_CHOICE: return "choice";
    default: return "number";
  }
}

std::string capabilities(uint64_t caps) {
  static const std::pair<uint64_t, const char*> names[] = {
      {RK_CAP_PAIRWISE, "pairwise games"}, {RK_CAP_RANKED, "ranked events"},     {RK_CAP_USES_K, "K factor"},
      {RK_CAP_HOME_ADVANTAGE, "home advantage"}, {RK_CAP_DRAWS, "draws"}, {RK_CAP_POINTS, "points"},
      {RK_CAP_HANDICAP, "handicap"}, {RK_CAP_PERIODS, "rating periods"},
      {RK_CAP_STATE_AFTER, "state after each period"}, {RK_CAP_TEAMS, "team matches"},
      {RK_CAP_CALENDAR_PERIODS, "calendar periods only (day, month, year)"}};
  std::string out;
  for (const auto& [bit, name] : names)
    if (caps & bit) (out += out.empty() ? "" : ", ") += name;
  return out;
}

std::string default_text(const rk_param_spec& p) {
  if (p.type == RK_PARAM_BOOL) return p.default_value != 0 ? "true" : "false";
  if (p.type != RK_PARAM_CHOICE) return format_number(p.default_value);
  std::string_view choices = p.choices;
  for (int k = 0; k < int(p.default_value); ++k) choices.remove_prefix(choices.find('|') + 1);
  return std::string(choices.substr(0, choices.find('|')));
}

// A table cell: pipes and line breaks would end the cell or the row.
std::string cell(const char* text) {
  std::string out;
  for (const char* c = text ? text : ""; *c; ++c) {
    if (*c == '|') out += '\\';
    out += *c == '\n' ? ' ' : *c;
  }
  return out;
}

std::string range_text(const rk_param_spec& s) {
  if (s.type == RK_PARAM_CHOICE) return std::string("one of ") + s.choices;
  if (s.type == RK_PARAM_BOOL) return "";
  return "[" + format_number(s.min) + ", " + format_number(s.max) + "]";
}

void print_text(const plugin& p) {
  const rk_descriptor& d = p.descriptor();
  std::printf("%s %s\n%s\nfile: %s\ncapabilities: %s\n\nstate fields:\n", d.id, d.version, d.summary,
              p.file().c_str(), capabilities(d.capabilities).c_str());
  for (uint32_t i = 0; i < d.state_count; ++i)
    std::printf("  %-16s initial %-10s %s\n", d.state[i].name, format_number(d.state[i].initial).c_str(),
                d.state[i].help ? d.state[i].help : "");
  std::printf("\nparameters (params:):\n");
  for (uint32_t i = 0; i < d.param_count; ++i) {
    const rk_param_spec& s = d.params[i];
    std::printf("  %-18s %-8s default %-10s %s\n  %-18s %s\n", s.key, type_name(s.type), default_text(s).c_str(),
                range_text(s).c_str(), "", s.help ? s.help : "");
  }
}

// One section of the config reference: what a config's `params:` may hold for this model.
void print_markdown(const rk_descriptor& d) {
  std::printf("## `%s` %s\n\n%s\n\nCapabilities: %s.\n\n", d.id, d.version, cell(d.summary).c_str(),
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

// The same facts for programs: capability names as listed above, defaults as typed values.
nlohmann::ordered_json describe_json(const plugin& p) {
  using json = nlohmann::ordered_json;
  const rk_descriptor& d = p.descriptor();
  json caps = json::array();
  const std::string names = capabilities(d.capabilities);
  for (size_t at = 0; at < names.size();) {
    const size_t comma = std::min(names.find(", ", at), names.size());
    caps.push_back(names.substr(at, comma - at));
    at = comma + 2;
  }
  json state = json::array(), params = json::array();
  for (uint32_t i = 0; i < d.state_count; ++i)
    state.push_back({{"name", d.state[i].name}, {"initial", d.state[i].initial},
                     {"help", d.state[i].help ? d.state[i].help : ""}});
  for (uint32_t i = 0; i < d.param_count; ++i) {
    const rk_param_spec& s = d.params[i];
    json param = {{"key", s.key}, {"type", type_name(s.type)}};
    if (s.type == RK_PARAM_BOOL) param["default"] = s.default_value != 0;
    else if (s.type == RK_PARAM_CHOICE) param["default"] = default_text(s);
    else param["default"] = s.default_value;
    if (s.type == RK_PARAM_CHOICE) {
      json choices = json::array();
      std::string_view rest = s.choices ? s.choices : "";
      for (size_t bar; (bar = rest.find('|')) != std::string_view::npos; rest.remove_prefix(bar + 1))
        choices.push_back(std::string(rest.substr(0, bar)));
      choices.push_back(std::string(rest));
      param["choices"] = choices;
    } else if (s.type != RK_PARAM_BOOL) {
      param["min"] = s.min;
      param["max"] = s.max;
    }
    param["help"] = s.help ? s.help : "";
    params.push_back(param);
  }
  return {{"id", d.id}, {"version", d.version}, {"summary", d.summary ? d.summary : ""},
          {"file", p.file().string()}, {"capabilities", caps}, {"state", state}, {"params", params}};
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
