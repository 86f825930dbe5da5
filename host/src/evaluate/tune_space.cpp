#include <ratekit/host/evaluate/tune_space.hpp>
#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/text/format.hpp>

#include "config/yaml_check.hpp"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <cmath>
#include <set>

namespace ratekit {

namespace {

using config::parse_number;
using config::show_number;

const char* const home_names[] = {"home_advantage", "home_advantage.predict", "home_advantage.update"};

bool is_home(std::string_view name) {
  return name == home_names[0] || name == home_names[1] || name == home_names[2];
}

// The rule a `k_schedule.N` names (0: not such a name, or N out of the schedule).
size_t k_rule_number(std::string_view name, const k_schedule& k) {
  constexpr std::string_view prefix = "k_schedule.";
  if (name.substr(0, prefix.size()) != prefix) return 0;
  const auto n = parse_number(name.substr(prefix.size()));
  return n && *n >= 1 && *n <= double(k.rules().size()) && std::floor(*n) == *n ? size_t(*n) : 0;
}

const rk_param_spec* plugin_param(const rk_descriptor& d, std::string_view name) {
  for (uint32_t i = 0; i < d.param_count; ++i)
    if (name == d.params[i].key) return &d.params[i];
  return nullptr;
}

// Every name `config` lets tune set, for "did you mean".
std::vector<std::string> settable_names(const competition_config& config, const rk_descriptor& d) {
  std::vector<std::string> names;
  for (uint32_t i = 0; i < d.param_count; ++i)
    if (d.params[i].type == RK_PARAM_NUMBER || d.params[i].type == RK_PARAM_INTEGER) names.emplace_back(d.params[i].key);
  if (d.capabilities & RK_CAP_HOME_ADVANTAGE) names.insert(names.end(), std::begin(home_names), std::end(home_names));
  names.emplace_back("initial.rating");
  for (size_t r = 1; r <= config.k.rules().size(); ++r) names.push_back("k_schedule." + std::to_string(r));
  return names;
}

// What is wrong with `p` for `config`; "" when nothing. Sets p.whole for an integer parameter.
std::string fault_of(tuned_param& p, const competition_config& config, const rk_descriptor& d) {
  const std::string range = show_number(p.lo) + ":" + show_number(p.hi);
  if (const rk_param_spec* spec = plugin_param(d, p.name)) {
    if (spec->type != RK_PARAM_NUMBER && spec->type != RK_PARAM_INTEGER)
      return "'" + p.name + "' of model '" + config.model + "' is " +
             (spec->type == RK_PARAM_BOOL ? "true or false" : "a choice") + "; tune searches numbers";
    if (p.lo < spec->min || p.hi > spec->max)
      return fmt::format("'{}' of model '{}' must lie between {} and {}, and {} leaves that", p.name, config.model,
                         show_number(spec->min), show_number(spec->max), range);
    p.whole = spec->type == RK_PARAM_INTEGER;
    if (p.whole && (std::floor(p.lo) != p.lo || std::floor(p.hi) != p.hi || std::floor(p.step) != p.step))
      return "'" + p.name + "' is a whole number: give a whole LO, HI and STEP";
    return "";
  }
  const bool whole_history = d.capabilities & RK_CAP_WHOLE_HISTORY;
  if (whole_history && (p.name == "home_advantage.predict" || p.name == "home_advantage.update"))
    return "a whole-history model (" + config.model + ") fits and forecasts with one home advantage: tune home_advantage";
  if (is_home(p.name))
    return d.capabilities & RK_CAP_HOME_ADVANTAGE ? "" : "model '" + config.model + "' has no home advantage";
  if (whole_history && p.name == "initial.rating")
    return "a whole-history model (" + config.model + ") starts a new player from its own prior: tune its params";
  if (p.name == "initial.rating") return "";
  if (const size_t rule = k_rule_number(p.name, config.k)) {
    if (!config.k.rules()[rule - 1].table.empty())
      return "rule " + std::to_string(rule) + " of k_schedule gives K as a table over rating, not one number";
    return p.lo < 0 ? "a K must be at least 0, and " + range + " goes below it" : "";
  }
  std::string message = "unknown value '" + p.name + "' for model '" + config.model + "'";
  if (const auto guess = did_you_mean(p.name, settable_names(config, d)); !guess.empty())
    message += " (did you mean '" + guess + "'?)";
  return message + "; tune sets a number of the model's params, home_advantage, home_advantage.predict, "
                   "home_advantage.update, initial.rating or k_schedule.N (the K of rule N)";
}

// The message of each diagnostic, without the place in the YAML tune wrote.
std::string messages_of(const user_error& e) {
  std::string out;
  for (const diagnostic& d : e.diagnostics()) out += (out.empty() ? "" : "; ") + d.message;
  return out;
}

void set_value(YAML::Node root, const tuned_param& p, const std::string& text) {
  if (is_home(p.name)) {
    YAML::Node home = root["home_advantage"];
    if (p.name == "home_advantage" && !home.IsMap()) {
      root["home_advantage"] = text;
      return;
    }
    if (home.IsScalar()) {  // one number for both sides: a map with both, one of them changed below
      const std::string both = home.Scalar();
      root["home_advantage"] = YAML::Node(YAML::NodeType::Map);
      root["home_advantage"]["predict"] = both;
      root["home_advantage"]["update"] = both;
    }
    if (p.name != "home_advantage.update") root["home_advantage"]["predict"] = text;
    if (p.name != "home_advantage.predict") root["home_advantage"]["update"] = text;
  } else if (p.name == "initial.rating") {
    if (root["initial"].IsScalar())
      root["initial"] = text;
    else
      root["initial"]["rating"] = text;
  } else if (p.name.rfind("k_schedule.", 0) == 0) {
    YAML::Node rules = root["k_schedule"].IsSequence() ? root["k_schedule"] : root["k_schedule"]["rules"];
    rules[std::stoul(p.name.substr(11)) - 1]["k"] = text;
  } else {
    root["params"][p.name] = text;
  }
}

}  // namespace

tuned_param parse_tuned_param(std::string_view text) {
  tuned_param p;
  p.given = std::string(text);
  const std::string usage = "--param " + p.given + ": expected NAME=LO:HI or NAME=LO:HI:STEP";
  const size_t eq = text.find('=');
  if (eq == std::string_view::npos || eq == 0) throw user_error(usage);
  p.name = std::string(text.substr(0, eq));
  std::vector<double> numbers;
  for (std::string_view rest = text.substr(eq + 1);;) {
    const size_t colon = rest.find(':');
    const auto n = parse_number(rest.substr(0, colon));
    if (!n || !std::isfinite(*n)) throw user_error(usage + ", got '" + std::string(rest.substr(0, colon)) + "' in it");
    numbers.push_back(*n);
    if (colon == std::string_view::npos) break;
    rest = rest.substr(colon + 1);
  }
  if (numbers.size() < 2 || numbers.size() > 3) throw user_error(usage);
  p.lo = numbers[0], p.hi = numbers[1];
  if (numbers.size() == 3) p.step = numbers[2];
  if (!(p.lo < p.hi)) throw user_error("--param " + p.given + ": LO must be below HI");
  if (numbers.size() == 3 && !(p.step > 0)) throw user_error("--param " + p.given + ": STEP must be above 0");
  return p;
}

void check_space(std::vector<tuned_param>& space, const competition_config& config, const model_catalog& models) {
  if (space.empty()) throw user_error("tune: expected at least one --param NAME=LO:HI[:STEP]");
  const rk_descriptor* d = models.find(config.model);
  if (!d) throw user_error(config.file.string(), 0, 0, "unknown model '" + config.model + "'");
  std::vector<diagnostic> problems;
  std::set<std::string> seen;
  for (tuned_param& p : space) {
    std::string fault = seen.insert(p.name).second ? fault_of(p, config, *d) : "'" + p.name + "' is given twice";
    if (!fault.empty()) problems.push_back({{}, 0, 0, "--param " + p.given + ": " + std::move(fault)});
  }
  if (!problems.empty()) throw user_error(std::move(problems));
  // The rest of each value's bounds are the config reader's: both ends of every range loaded as a candidate is.
  for (const bool high : {false, true}) {
    std::vector<double> corner;
    for (const tuned_param& p : space) corner.push_back(high ? p.hi : p.lo);
    try {
      (void)config_with(config, space, corner, models);
    } catch (const user_error& e) {
      std::string given;
      for (const tuned_param& p : space) given += (given.empty() ? "" : ", ") + p.given;
      throw user_error(config.file.string(), 0, 0,
                       "--param " + given + ": the config at the " + (high ? "high" : "low") +
                           " end of every range is refused: " + messages_of(e));
    }
  }
}

std::vector<std::vector<double>> grid_points(const std::vector<tuned_param>& space, size_t limit) {
  // Counted before any is made: a step far too small must be refused, not tried.
  std::vector<double> sizes;
  double count = 1;
  for (const tuned_param& p : space) {
    sizes.push_back(std::floor((p.hi - p.lo) / p.step + 1e-9) + 1);  // a step that lands on HI, but for rounding
    count *= sizes.back();
  }
  if (count > double(limit))
    throw user_error(fmt::format("tune: the grid has {} points, more than {}: give larger steps, or no steps to let "
                                 "the optimiser search within --budget evaluations",
                                 show_number(count), limit));
  std::vector<std::vector<double>> axes;
  for (size_t k = 0; k < space.size(); ++k) {
    axes.emplace_back();
    for (double i = 0; i < sizes[k]; ++i) axes.back().push_back(std::min(space[k].lo + i * space[k].step, space[k].hi));
  }
  std::vector<std::vector<double>> points{{}};
  for (const auto& axis : axes) {
    std::vector<std::vector<double>> longer;
    for (const auto& point : points)
      for (const double v : axis) {
        longer.push_back(point);
        longer.back().push_back(v);
      }
    points.swap(longer);
  }
  return points;
}

std::string yaml_with(const competition_config& config, const std::vector<tuned_param>& space,
                      const std::vector<double>& values) {
  YAML::Node root = YAML::Load(config.text);
  for (size_t i = 0; i < space.size(); ++i)
    set_value(root, space[i], format_number(space[i].whole ? std::round(values[i]) : values[i]));
  YAML::Emitter out;
  out << root;
  return std::string(out.c_str()) + "\n";
}

competition_config config_with(const competition_config& config, const std::vector<tuned_param>& space,
                               const std::vector<double>& values, const model_catalog& models) {
  // The input is `config`'s, read and held already (its files, or a program's rows that no path names).
  competition_config c = load_config(config_text{config.file.string(), yaml_with(config, space, values),
                                                 std::filesystem::absolute(config.file).parent_path(), true},
                                     models);
  c.input_paths = config.input_paths;
  return c;
}

}  // namespace ratekit
