#include "config/params.hpp"

#include <ratekit/host/config/config.hpp>
#include <ratekit/host/config/config_keys.hpp>

#include <fmt/format.h>

#include <cmath>
#include <set>

namespace ratekit::config {
namespace {

std::vector<std::string> choices_of(const rk_param_spec& spec) {
  std::vector<std::string> out;
  const std::string_view all = spec.choices ? spec.choices : "";
  size_t begin = 0;
  while (begin <= all.size()) {
    const size_t end = std::min(all.find('|', begin), all.size());
    out.emplace_back(all.substr(begin, end - begin));
    begin = end + 1;
  }
  return out;
}

std::vector<std::string> keys_of(const rk_descriptor& d) {
  std::vector<std::string> keys;
  for (uint32_t i = 0; i < d.param_count; ++i) keys.emplace_back(d.params[i].key);
  return keys;
}

// What a value of `spec` must look like, for messages.
std::string expected(const rk_param_spec& spec) {
  switch (spec.type) {
    case RK_PARAM_BOOL: return "true or false";
    case RK_PARAM_CHOICE: return "one of " + std::string(spec.choices ? spec.choices : "");
    case RK_PARAM_INTEGER: return "a whole number";
    default: return "a number";
  }
}

size_t index_of(const rk_descriptor& d, std::string_view key) {
  for (uint32_t i = 0; i < d.param_count; ++i)
    if (key == d.params[i].key) return i;
  return d.param_count;
}

}  // namespace

std::vector<double> default_params(const rk_descriptor& d) {
  std::vector<double> values;
  for (uint32_t i = 0; i < d.param_count; ++i) values.push_back(d.params[i].default_value);
  return values;
}

std::optional<double> parse_param(const rk_param_spec& spec, std::string_view text, std::string& error) {
  const std::string mismatch = "expected " + expected(spec) + " for '" + spec.key + "', got '" +
                               std::string(text) + "'";
  switch (spec.type) {
    case RK_PARAM_BOOL:
      if (text == "true") return 1.0;
      if (text == "false") return 0.0;
      error = mismatch;
      return std::nullopt;
    case RK_PARAM_CHOICE: {
      const auto names = choices_of(spec);
      for (size_t i = 0; i < names.size(); ++i)
        if (names[i] == text) return double(i);
      error = mismatch;
      if (const auto guess = did_you_mean(std::string(text), names); !guess.empty())
        error += " (did you mean '" + guess + "'?)";
      return std::nullopt;
    }
    case RK_PARAM_NUMBER:
    case RK_PARAM_INTEGER: {
      const bool whole = spec.type == RK_PARAM_INTEGER;
      const auto v = parse_number(text);
      if (!v || (whole && std::floor(*v) != *v)) {
        error = mismatch;
        return std::nullopt;
      }
      if (*v < spec.min || *v > spec.max) {
        error.assign("'").append(spec.key).append("' must be between ").append(show_number(spec.min));
        error.append(" and ").append(show_number(spec.max)).append(", got ").append(text);
        return std::nullopt;
      }
      return v;
    }
  }
  error = "parameter '" + std::string(spec.key) + "' has an unknown type in the plugin";
  return std::nullopt;
}

std::vector<double> read_params(checker& c, const field& params, const rk_descriptor& d) {
  std::vector<double> values = default_params(d);
  if (params.value.IsNull()) return values;  // `params:` left empty
  if (!is_map(c, params)) return values;
  const std::string context = " for model '" + std::string(d.id) + "'";
  for (const auto& f : entries(c, params.value, keys_of(d), "unknown parameter", context)) {
    const size_t i = index_of(d, f.name);
    const rk_param_spec& spec = d.params[i];
    // A quoted "400" is text; only a choice may be written as one.
    const bool scalar = f.value.IsScalar() && (f.value.Tag() != "!" || spec.type == RK_PARAM_CHOICE);
    std::string error;
    if (!scalar)
      error = "expected " + expected(spec) + " for '" + f.name + "', got " + describe(f.value);
    else if (const auto v = parse_param(spec, f.value.Scalar(), error))
      values[i] = *v;
    if (!error.empty()) c.error(f.where(), std::move(error));
  }
  return values;
}

// A parameter `params:` sets that does nothing while another is 0 (FIDE's
// floor without first_rating) is refused, like a home advantage for a model
// without one: the setting would be silently ignored.
void refuse_idle_params(checker& c, const field& params, const rk_descriptor& d, const rk_ext_param_needs* needs,
                        const std::vector<double>& values) {
  if (!needs || !params.value.IsMap()) return;
  for (uint32_t i = 0; i < needs->count; ++i) {
    const rk_param_need& n = needs->needs[i];
    const size_t other = index_of(d, n.needs);
    if (values[other] != 0) continue;
    for (const auto& kv : params.value)
      if (kv.first.Scalar() == n.key)
        c.error(kv.first.Mark(), fmt::format("'{}' does nothing while '{}' is {}: set '{}', or remove '{}'", n.key,
                                             n.needs, d.params[other].type == RK_PARAM_BOOL ? "false" : "0", n.needs,
                                             n.key));
  }
}

}  // namespace ratekit::config

namespace ratekit {

std::vector<double> resolve_params(const rk_descriptor& schema, const std::vector<double>& base,
                                   const std::vector<std::pair<std::string, std::string>>& overrides) {
  std::vector<double> values = base;
  std::vector<diagnostic> problems;
  std::set<std::string> seen;
  const auto keys = config::keys_of(schema);
  for (const auto& [key, text] : overrides) {
    const size_t i = config::index_of(schema, key);
    if (i == schema.param_count) {
      std::string msg = "unknown parameter '" + key + "' for model '" + schema.id + "'";
      if (const auto guess = did_you_mean(key, keys); !guess.empty())
        msg += " (did you mean '" + guess + "'?)";
      problems.push_back({{}, 0, 0, std::move(msg)});
    } else if (!seen.insert(key).second) {
      problems.push_back({{}, 0, 0, "parameter '" + key + "' given twice"});
    } else {
      std::string error;
      if (const auto v = config::parse_param(schema.params[i], text, error))
        values[i] = *v;
      else
        problems.push_back({{}, 0, 0, std::move(error)});
    }
  }
  if (!problems.empty()) throw user_error(std::move(problems));
  return values;
}

std::vector<double> resolve_params(const rk_descriptor& schema,
                                   const std::vector<std::pair<std::string, std::string>>& overrides) {
  return resolve_params(schema, config::default_params(schema), overrides);
}

}  // namespace ratekit
