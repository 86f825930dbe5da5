#include "commands.hpp"

#include <ratekit/host/config/config.hpp>
#include <ratekit/host/plugin/expect_states.hpp>
#include <ratekit/host/text/format.hpp>

#include <charconv>
#include <cmath>
#include <cstdio>

namespace ratekit::app {

namespace {

// The model's state fields as "rating, rd, volatility", for error messages.
std::string field_list(const rk_descriptor& d) {
  std::string names;
  for (uint32_t i = 0; i < d.state_count; ++i) names += (i ? ", " : "") + std::string(d.state[i].name);
  return names;
}

// The whole text as a finite number (from_chars reads "nan" and "inf" as numbers too).
bool parse_finite(const std::string& text, double& x) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), x);
  return ec == std::errc() && end == text.data() + text.size() && std::isfinite(x);
}

std::string not_finite(const std::string& text) { return "expected a finite number, got '" + text + "'"; }

double finite_number(const std::string& text, const std::string& option) {
  double x = NAN;
  if (!parse_finite(text, x)) throw CLI::ValidationError(option, not_finite(text));
  return x;
}

// One player's whole state: the descriptor's initial values, then RATING[:FIELD2...]
// in field order, then the name=value overrides.
std::vector<double> state_row(const rk_descriptor& d, const std::string& text, const std::vector<std::string>& named,
                              const std::string& side) {
  std::vector<double> by_position;
  for (size_t begin = 0;;) {
    const size_t colon = text.find(':', begin);
    if (by_position.size() == d.state_count)
      throw CLI::ValidationError(side, "'" + text + "' has more than the " + std::to_string(d.state_count) +
                                           " state fields of " + d.id + " (" + field_list(d) + ")");
    by_position.push_back(finite_number(text.substr(begin, colon - begin), side));
    if (colon == std::string::npos) break;
    begin = colon + 1;
  }
  const std::string option = "--state-" + std::string(side == "A" ? "a" : "b");
  named_fields fields;
  for (const std::string& kv : named) {
    const size_t eq = kv.find('=');
    if (eq == std::string::npos) throw CLI::ValidationError(option, "expected name=value, got '" + kv + "'");
    fields.emplace_back(kv.substr(0, eq), finite_number(kv.substr(eq + 1), option));
  }
  try {
    return side_state(d, by_position, fields, side);
  } catch (const user_error& e) {
    throw CLI::ValidationError(option, e.what());
  }
}

}  // namespace

void add_expect_command(CLI::App& app, context& ctx) {
  auto* cmd = app.add_subcommand(
      "expect",
      "Print A's expected score against B under a model, from each player's rating or whole state.\n"
      "fide-normal and fide-logistic count a rating difference (advantage included) beyond 400 points\n"
      "as 400 (FIDE 8.3.1; --param cap=N moves the cap, --param cap=0 lifts it).");
  static std::string id, a, b;
  static std::vector<std::string> params, state_a, state_b;
  static double advantage = 0;
  static int digits = 5;
  cmd->add_option("MODEL", id, "Plugin id, e.g. fide-normal")->required();
  cmd->add_option("A", a, "A's rating, or RATING:FIELD2[:FIELD3...] in the order of the model's state fields "
                          "(ratekit describe MODEL), e.g. 1500:200 for glicko's rating and rd")
      ->required();
  cmd->add_option("B", b, "B's rating or state, as A's")->required();
  cmd->add_option("--state-a", state_a, "One of A's state fields by name, e.g. rd=200 (repeatable); "
                                        "fields not given take the model's initial values");
  cmd->add_option("--state-b", state_b, "One of B's state fields by name (repeatable)");
  cmd->add_option("--param", params, "Parameter override key=value (repeatable)");
  cmd->add_option("--advantage", advantage, "Rating points added to A's side (home advantage)")
      ->check(CLI::Validator([](std::string& v) { double x; return parse_finite(v, x) ? std::string() : not_finite(v); },
                             "FINITE"));
  cmd->add_option("--digits", digits, "Decimals to print")->check(CLI::Range(1, 17));
  cmd->callback([&ctx] {
    const auto p = ctx.registry().get(id);
    std::vector<std::pair<std::string, std::string>> overrides;
    for (const auto& kv : params) {
      const size_t eq = kv.find('=');
      if (eq == std::string::npos) throw CLI::ValidationError("--param", "expected key=value, got '" + kv + "'");
      overrides.emplace_back(kv.substr(0, eq), kv.substr(eq + 1));
    }
    const std::vector<double> row_a = state_row(p->descriptor(), a, state_a, "A");
    const std::vector<double> row_b = state_row(p->descriptor(), b, state_b, "B");
    std::string text = fixed(expected_score(p, overrides, row_a, row_b, advantage), digits);
    if (text.starts_with('-') && text.find_first_not_of("-0.") == std::string::npos) text.erase(0, 1);  // -0.00000
    std::printf("%s\n", text.c_str());
  });
}

}  // namespace ratekit::app
