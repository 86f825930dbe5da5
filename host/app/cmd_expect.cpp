#include "commands.hpp"

#include <cmath>

#include <ratekit/host/config/config.hpp>

#include <cstdio>

namespace ratekit::app {

void add_expect_command(CLI::App& app, context& ctx) {
  auto* cmd = app.add_subcommand("expect", "Print A's expected score against B under a model");
  static std::string id;
  static std::vector<std::string> params;
  static double ra = 0, rb = 0, advantage = 0;
  static int digits = 5;
  cmd->add_option("MODEL", id, "Plugin id, e.g. fide-normal")->required();
  // CLI11 reads "nan" and "inf" as numbers: a rating is a finite one.
  const auto finite = CLI::Validator(
      [](std::string& v) {
        double x = 0;
        return CLI::detail::lexical_cast(v, x) && std::isfinite(x) ? std::string() : "expected a finite number, got '" + v + "'";
      },
      "FINITE");
  cmd->add_option("RATING_A", ra, "Rating of A")->required()->check(finite);
  cmd->add_option("RATING_B", rb, "Rating of B")->required()->check(finite);
  cmd->add_option("--param", params, "Parameter override key=value (repeatable)");
  cmd->add_option("--advantage", advantage, "Rating points added to A's side (home advantage)")->check(finite);
  cmd->add_option("--digits", digits, "Decimals to print")->check(CLI::Range(1, 17));
  cmd->callback([&ctx] {
    const auto p = ctx.registry().get(id);
    std::vector<std::pair<std::string, std::string>> overrides;
    for (const auto& kv : params) {
      const size_t eq = kv.find('=');
      if (eq == std::string::npos) throw CLI::ValidationError("--param", "expected key=value, got '" + kv + "'");
      overrides.emplace_back(kv.substr(0, eq), kv.substr(eq + 1));
    }
    const model m(p, resolve_params(p->descriptor(), overrides));
    std::printf("%.*f\n", digits, m.expect(ra, rb, advantage));
  });
}

}  // namespace ratekit::app
