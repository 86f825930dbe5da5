// The probe whole-history plugin (tests/test_plugins/whole_history_probe.cpp) in a competition of its own:
// shared by the tests of the host's side of whole-history models and of their reports.
#pragma once

#include <ratekit/host/plugin/plugin.hpp>
#include <ratekit/host/text/format.hpp>

#include "test_support.hpp"

#include <filesystem>
#include <string>

namespace ratekit::testing {

inline const plugin_registry& probes() {
  static const plugin_registry registry({std::filesystem::path(RATEKIT_TEST_PLUGIN_DIR), plugin_registry::builtin_dir()});
  return registry;
}

// Days since 1970-01-01 of 2024-01-01, 2024-01-02 and 2024-03-01: the probe's times.
inline constexpr double jan1 = 19723, jan2 = 19724, mar1 = 19783;

// The probe's estimate of `target` after `sweeps` sweeps from 0, each halfway there, as text.
inline std::string swept(double target, int sweeps = 35) {
  double mean = 0;
  for (int i = 0; i < sweeps; ++i) mean += (target - mean) / 2;
  return format_number(mean);
}

// A competition of the probe in `dir`: games.csv as given, `extra` lines of config appended.
inline std::filesystem::path probe_config(const temp_dir& dir, const std::string& games, const std::string& extra = "") {
  write_text(dir / "games.csv", games);
  write_text(dir / "c.yaml", "competition: probe\nmodel: test-whole-history\ninput: { format: games-csv, path: games.csv }\n" + extra);
  return dir / "c.yaml";
}

inline command_result run_probe(const temp_dir& dir, const std::string& flags = "") {
  return run_cli("run '" + (dir / "c.yaml").string() + "' --out '" + (dir / "out").string() + "' --plugin-dir " +
                 RATEKIT_TEST_PLUGIN_DIR + flags);
}

inline const std::string three_games =
    "date,player_a,player_b,score_a,home\n"
    "2024-01-01,Ann,Bob,1,a\n"
    "2024-01-01,Cid,Ann,0.5,\n"
    "2024-03-01,Bob,Cid,0,b\n"
    "2024-01-02,Bob,Ann,1,\n";  // out of date order: placed in its day

}  // namespace ratekit::testing
