#include "commands.hpp"

#include <ratekit/host/outputs.hpp>

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
      {RK_CAP_HANDICAP, "handicap"}, {RK_CAP_PERIODS, "rating periods"}};
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

}  // namespace

void add_describe_command(CLI::App& app, context& ctx) {
  auto* cmd = app.add_subcommand("describe", "Show a plugin's parameters and state fields");
  static std::string id;
  cmd->add_option("ID", id, "Plugin id, e.g. fide-logistic")->required();
  cmd->callback([&ctx] {
    const auto p = ctx.registry().get(id);
    const rk_descriptor& d = p->descriptor();
    std::printf("%s %s\n%s\nfile: %s\ncapabilities: %s\n\nstate fields:\n", d.id, d.version, d.summary,
                p->file().c_str(), capabilities(d.capabilities).c_str());
    for (uint32_t i = 0; i < d.state_count; ++i)
      std::printf("  %-16s initial %-10s %s\n", d.state[i].name, format_number(d.state[i].initial).c_str(),
                  d.state[i].help ? d.state[i].help : "");
    std::printf("\nparameters (params:):\n");
    for (uint32_t i = 0; i < d.param_count; ++i) {
      const rk_param_spec& s = d.params[i];
      std::string range;
      if (s.type == RK_PARAM_CHOICE)
        range = std::string("one of ") + s.choices;
      else if (s.type != RK_PARAM_BOOL)
        range = "[" + format_number(s.min) + ", " + format_number(s.max) + "]";
      std::printf("  %-18s %-8s default %-10s %s\n  %-18s %s\n", s.key, type_name(s.type), default_text(s).c_str(),
                  range.c_str(), "", s.help ? s.help : "");
    }
  });
}

}  // namespace ratekit::app
