#include <ratekit/host/plugin/expect_states.hpp>
#include <ratekit/host/config/config.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace ratekit {

namespace {

std::vector<std::string> field_names(const rk_descriptor& d) {
  std::vector<std::string> names;
  for (uint32_t i = 0; i < d.state_count; ++i) names.emplace_back(d.state[i].name);
  return names;
}

// "rating, rd, volatility", for messages.
std::string field_list(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

std::string number_text(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", x);
  return text;
}

}  // namespace

std::vector<double> side_state(const rk_descriptor& d, const std::vector<double>& by_position,
                               const named_fields& named, const std::string& side) {
  const std::vector<std::string> names = field_names(d);
  std::vector<double> row;
  for (uint32_t i = 0; i < d.state_count; ++i) row.push_back(i < by_position.size() ? by_position[i] : d.state[i].initial);
  std::vector<bool> named_before(names.size(), false);  // a name overrides a position, but once
  for (const auto& [name, value] : named) {
    const auto at = size_t(std::find(names.begin(), names.end(), name) - names.begin());
    if (at == names.size()) {
      std::string msg = "'" + name + "' of " + side + " is no state field of " + d.id + " (" + field_list(names) + ")";
      if (const auto guess = did_you_mean(name, names); !guess.empty()) msg += " (did you mean '" + guess + "'?)";
      throw user_error(msg);
    }
    if (named_before[at]) throw user_error("'" + name + "' of " + side + " is named twice; give it once");
    named_before[at] = true;
    row[at] = value;
  }
  for (size_t i = 0; i < row.size(); ++i)
    if (!std::isfinite(row[i]))
      throw user_error("expected a finite number for " + side + "'s " + names[i] + ", got " + number_text(row[i]));
  return row;
}

double expected_score(const std::shared_ptr<const plugin>& p, const std::vector<std::pair<std::string, std::string>>& overrides,
                      const std::vector<double>& a, const std::vector<double>& b, double advantage) {
  if (!std::isfinite(advantage)) throw user_error("expected a finite number for the advantage, got " + number_text(advantage));
  const model m(p, resolve_params(p->descriptor(), overrides));
  try {
    return m.expect(a.data(), b.data(), advantage);
  } catch (const plugin_error& e) {
    throw p->failure("A's expected score", e.what());
  }
}

}  // namespace ratekit
