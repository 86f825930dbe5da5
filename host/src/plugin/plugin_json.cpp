#include <ratekit/host/plugin/plugin_json.hpp>

#include <ratekit/host/text/format.hpp>

#include <algorithm>
#include <string_view>

namespace ratekit {

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
      {RK_CAP_CALENDAR_PERIODS, "calendar periods only (day, month, year)"}, {RK_CAP_ADJUSTMENTS, "rating adjustments"},
      {RK_CAP_WHOLE_HISTORY, "whole history"}};
  std::string out;
  for (const auto& [bit, name] : names) {
    if (!(caps & bit)) continue;
    if (!out.empty()) out += ", ";
    out += name;
  }
  return out;
}

const char* plugin_kind(const rk_descriptor& d) {
  return (d.capabilities & RK_CAP_WHOLE_HISTORY)
             ? "whole history (every player's skill at every time he played, estimated from all results)"
             : "forward (each rating period from the state before it)";
}

std::string default_text(const rk_param_spec& p) {
  if (p.type == RK_PARAM_BOOL) return p.default_value != 0 ? "true" : "false";
  if (p.type != RK_PARAM_CHOICE) return format_number(p.default_value);
  std::string_view choices = p.choices;
  for (int k = 0; k < int(p.default_value); ++k) choices.remove_prefix(choices.find('|') + 1);
  return std::string(choices.substr(0, choices.find('|')));
}

std::string range_text(const rk_param_spec& s) {
  if (s.type == RK_PARAM_CHOICE) return std::string("one of ") + s.choices;
  if (s.type == RK_PARAM_BOOL) return "";
  std::string range = "[";  // appended, not chained: GCC 12 warns falsely (-Wrestrict) on "[" + a + ", " + b
  range += format_number(s.min);
  range += ", ";
  range += format_number(s.max);
  range += ']';
  return range;
}

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
          {"file", p.file().string()}, {"kind", (d.capabilities & RK_CAP_WHOLE_HISTORY) ? "whole-history" : "forward"},
          {"capabilities", caps}, {"state", state}, {"params", params}};
}

nlohmann::ordered_json plugins_json(const plugin_registry& registry) {
  nlohmann::ordered_json plugins = nlohmann::ordered_json::array(), refused = nlohmann::ordered_json::array(),
                         replaced = nlohmann::ordered_json::array();
  for (const auto& p : registry.plugins())
    plugins.push_back({{"id", p->descriptor().id}, {"version", p->descriptor().version},
                       {"summary", p->descriptor().summary ? p->descriptor().summary : ""},
                       {"file", p->file().string()}});
  for (const auto& r : registry.refused()) refused.push_back({{"file", r.file.string()}, {"reason", r.reason}});
  for (const auto& r : registry.replaced()) replaced.push_back({{"file", r.file.string()}, {"reason", r.reason}});
  return {{"plugins", plugins}, {"refused", refused}, {"replaced", replaced}};
}

}  // namespace ratekit
