// Fuzz target: the flags of `ratekit compare` and `ratekit tune` as the
// command line hands them over (--param NAME=LO:HI[:STEP], --validate-from,
// --test-from, --budget, --seed, --bootstrap, --objective, --out), read by
// the commands' own declarations and handlers up to the config, which names
// no file. The input is one argument a line; its first byte picks the
// command. CLI11's ParseError and ratekit's user_error are the expected
// answers to bad flags; anything else is a finding.
#include "commands.hpp"

#include <ratekit/host/text/diagnostics.hpp>

#include <spdlog/spdlog.h>

#include <cstdint>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  spdlog::set_level(spdlog::level::off);  // the handlers' warnings are not findings
  std::vector<std::string> args = {"ratekit", data[0] % 2 ? "tune" : "compare", "/nonexistent/ratekit-fuzz.yaml"};
  std::string arg;
  for (size_t i = 1; i < size; ++i) {
    if (data[i] != '\n') {
      arg += char(data[i]);
      continue;
    }
    args.push_back(arg);
    arg.clear();
  }
  args.push_back(arg);
  std::vector<const char*> argv;
  for (const std::string& a : args) argv.push_back(a.c_str());

  CLI::App app("ratekit");
  ratekit::app::context ctx;
  ctx.plugin_dirs = {"/nonexistent/ratekit-fuzz-plugins"};
  ratekit::app::add_compare_command(app, ctx);
  ratekit::app::add_tune_command(app, ctx);
  try {
    app.parse(int(argv.size()), argv.data());
  } catch (const CLI::ParseError&) {
  } catch (const ratekit::user_error&) {
  }
  return 0;
}
