#include <ratekit/host/text/diagnostics.hpp>
#include <ratekit/host/plugin/scaffold.hpp>

#include <fstream>

namespace ratekit {

namespace fs = std::filesystem;

namespace {

// Templates: @ID@ is the plugin id, @IDENT@ the id as a C++ identifier,
// @PREFIX@ where ratekit is installed.
const char* const cmake_lists = R"tmpl(# @ID@: a ratekit plugin built against the installed SDK:
#   cmake -S . -B build -DCMAKE_PREFIX_PATH=@PREFIX@ && cmake --build build
cmake_minimum_required(VERSION 3.22)
project(@IDENT@ LANGUAGES CXX)

# Optimised unless asked otherwise: ratings of a long input are computed here.
if(NOT CMAKE_BUILD_TYPE AND NOT CMAKE_CONFIGURATION_TYPES)
  set(CMAKE_BUILD_TYPE Release CACHE STRING "Debug, Release, RelWithDebInfo or MinSizeRel" FORCE)
endif()

find_package(ratekit 1 REQUIRED)
ratekit_add_plugin(@ID@ plugin.cpp)

# Golden test (the model's published numbers) and a run of the example config.
enable_testing()
add_executable(@ID@-golden test.cpp plugin.cpp)
target_link_libraries(@ID@-golden PRIVATE ratekit::sdk)
add_test(NAME @ID@-golden COMMAND @ID@-golden)
add_test(NAME @ID@-run
  COMMAND ${RATEKIT_EXECUTABLE} --plugin-dir ${CMAKE_BINARY_DIR} run ${CMAKE_CURRENT_SOURCE_DIR}/example.yaml
  WORKING_DIRECTORY ${CMAKE_BINARY_DIR})
)tmpl";

const char* const model_hpp = R"tmpl(// @ID@: the rating math. It starts as the logistic Elo, r' = r + K (S - E)
// with E = 1 / (1 + 10^(-d / xi)); replace expect() and the update with your
// federation's rules. The host does the rest: files, K factors, home
// advantage, rating periods, history and reports.
#pragma once

#include <ratekit/elo.hpp>

#include <cmath>

namespace @IDENT@ {

class model {
 public:
  static const rk_descriptor descriptor;
  enum param : uint32_t { p_xi };  // indices into the descriptor's parameters

  model(const ratekit::sdk::host&, ratekit::sdk::params p) : xi_(p[p_xi]) {}

  // A's expected score against B, with `advantage` rating points on A's side.
  double expect(double ra, double rb, double advantage) const {
    return 1.0 / (1.0 + std::pow(10.0, -(ra + advantage - rb) / xi_));
  }

  // The update, game by game or per rating period as the host's batch says.
  // For rules where the two sides do not mirror, use updater_.run_with().
  void rate_games(const ratekit::sdk::state& s, const rk_game_batch& batch, rk_game_out* out) {
    updater_.run(
        s, batch, out, [this](double ra, double rb, double advantage) { return expect(ra, rb, advantage); },
        [](const rk_game& g) { return g.score_a; });
  }

 private:
  double xi_;
  ratekit::sdk::elo_updater updater_;
};

}  // namespace @IDENT@
)tmpl";

const char* const plugin_cpp = R"tmpl(// @ID@: the descriptor the host checks configs against, and the exported entry.
#include "model.hpp"

namespace @IDENT@ {

namespace {
const rk_state_field state_fields[] = {
    ratekit::sdk::rating_field(1500.0, "rating points"),
};
const rk_param_spec param_specs[] = {
    ratekit::sdk::xi_param(400.0),
};
}  // namespace

const rk_descriptor model::descriptor = ratekit::sdk::descriptor{.id = "@ID@", .version = "0.1.0",
    .summary = "Logistic Elo: E = 1 / (1 + 10^(-d/xi)), r' = r + K (S - E)",
    .capabilities = RK_CAP_PAIRWISE | RK_CAP_USES_K | RK_CAP_HOME_ADVANTAGE | RK_CAP_DRAWS | RK_CAP_PERIODS,
    .state = state_fields, .params = param_specs};

}  // namespace @IDENT@

RATEKIT_PLUGIN(@IDENT@::model)
)tmpl";

const char* const test_cpp = R"tmpl(// Golden test: the logistic Elo's worked example (Langville and Meyer, "Who's
// #1?", chapter 5): 1500 against 1900 expects 1/11, the stronger side 10/11, so
// the weaker side's win is worth 10/11 K. Replace these with the published
// examples of your federation's rules.
#include "model.hpp"

#include <cmath>
#include <cstdio>
#include <vector>

namespace {

int failures = 0;

void check(const char* what, double got, double want) {
  if (std::fabs(got - want) <= 1e-9) return;
  std::printf("FAIL %s: got %.12f, expected %.12f\n", what, got, want);
  ++failures;
}

}  // namespace

int main() {
  // Every parameter at the descriptor's default, as a config that leaves it out
  // gives it, so a parameter added to plugin.cpp needs no change here.
  const rk_descriptor& d = @IDENT@::model::descriptor;
  std::vector<double> values;
  for (uint32_t i = 0; i < d.param_count; ++i) values.push_back(d.params[i].default_value);
  values[@IDENT@::model::p_xi] = 400;
  @IDENT@::model m(ratekit::sdk::host(nullptr), ratekit::sdk::params(values.data(), uint32_t(values.size())));
  check("E(1500 vs 1900)", m.expect(1500, 1900, 0), 1.0 / 11);
  check("E(1900 vs 1500)", m.expect(1900, 1500, 0), 10.0 / 11);
  check("E(1500 + 400 advantage vs 1900)", m.expect(1500, 1900, 400), 0.5);

  // 1500 beats 1900 with K = 32 on both sides.
  double rating[] = {1500, 1900};
  double* columns[] = {rating};
  const rk_state state{sizeof(rk_state), 1, 2, columns, nullptr, nullptr, nullptr};
  rk_game game{};
  game.a = 0;
  game.b = 1;
  game.score_a = 1;
  game.k_a = game.k_b = 32;
  const rk_game_batch batch{sizeof(rk_game_batch), 0, &game, 1, nullptr, 0, nullptr, nullptr, nullptr, nullptr, nullptr, 0};
  m.rate_games(ratekit::sdk::state(&state), batch, nullptr);
  check("1500 after the win", rating[0], 1500 + 320.0 / 11);
  check("1900 after the loss", rating[1], 1900 - 320.0 / 11);

  if (failures == 0) std::printf("@ID@: golden test passed\n");
  return failures == 0 ? 0 : 1;
}
)tmpl";

const char* const example_yaml = R"tmpl(# A small competition to try @ID@ on: ratekit --plugin-dir build run example.yaml
competition: @ID@-example
model: @ID@
params: { xi: 400 }
k_schedule:
  - { k: 32 }
home_advantage: 0
initial: 1500
input: { format: games-csv, path: games.csv }
period: game
output: { dir: out/@ID@-example, history: true }
)tmpl";

const char* const games_csv = R"tmpl(date,player_a,player_b,score_a,home
2024-01-06,Ana,Ben,1,a
2024-01-13,Ben,Carla,0.5,
2024-01-20,Carla,Ana,0,a
2024-01-27,Ana,Ben,0.5,b
)tmpl";

const char* const readme_md = R"tmpl(# @ID@

A ratekit rating system, built outside ratekit against its installed SDK.

## Files

| file | what it holds |
|---|---|
| `model.hpp` | the math: expected score and update (a logistic Elo to start from) |
| `plugin.cpp` | the descriptor: id, version, capabilities, state fields, parameters |
| `test.cpp` | the golden test: published numbers the model must reproduce |
| `example.yaml`, `games.csv` | a small competition to run |
| `CMakeLists.txt` | `find_package(ratekit)` and `ratekit_add_plugin(@ID@ plugin.cpp)` |

## Build, test, run

```sh
cmake -S . -B build -DCMAKE_PREFIX_PATH=@PREFIX@    # builds Release unless -DCMAKE_BUILD_TYPE says otherwise
cmake --build build
ctest --test-dir build --output-on-failure
ratekit --plugin-dir build describe @ID@
ratekit --plugin-dir build run example.yaml     # writes out/@ID@-example/
```

With `--plugin-dir build`, this build replaces an installed plugin of the same
id for that command (ratekit says so), so a changed copy of an installed model
can be tried without uninstalling it.

## Next steps

1. Put your rules into `model.hpp` and your parameters into `plugin.cpp`.
2. Replace the numbers in `test.cpp` with the examples your rules publish.
3. Point a config at your own data (`ratekit describe @ID@` lists its keys).
)tmpl";

struct file_template {
  const char* name;
  const char* text;
};

const file_template files[] = {
    {"CMakeLists.txt", cmake_lists}, {"model.hpp", model_hpp}, {"plugin.cpp", plugin_cpp},
    {"test.cpp", test_cpp},          {"example.yaml", example_yaml}, {"games.csv", games_csv},
    {"README.md", readme_md},
};

std::string expand(std::string_view text, std::string_view id, std::string_view ident, std::string_view prefix) {
  std::string out;
  out.reserve(text.size());
  while (!text.empty()) {
    const size_t at = text.find('@');
    out += text.substr(0, at);
    if (at == std::string_view::npos) break;
    text.remove_prefix(at);
    if (text.starts_with("@ID@")) {
      out += id;
      text.remove_prefix(4);
    } else if (text.starts_with("@IDENT@")) {
      out += ident;
      text.remove_prefix(7);
    } else if (text.starts_with("@PREFIX@")) {
      out += prefix;
      text.remove_prefix(8);
    } else {
      out += '@';
      text.remove_prefix(1);
    }
  }
  return out;
}

}  // namespace

bool valid_plugin_id(std::string_view id) {
  if (id.empty() || id.size() > 64 || id.front() < 'a' || id.front() > 'z' || id.back() == '-') return false;
  for (size_t i = 0; i < id.size(); ++i) {
    const char c = id[i];
    const bool ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || (c == '-' && id[i - 1] != '-');
    if (!ok) return false;
  }
  return true;
}

std::vector<std::string> scaffold_plugin(std::string_view id, const fs::path& dir, const std::string& prefix) {
  if (!valid_plugin_id(id))
    throw user_error("expected a plugin id of lowercase letters, digits and single hyphens, starting with a letter "
                     "(e.g. 'my-federation-elo'), got '" + std::string(id) + "'");
  std::error_code ec;
  if (fs::exists(dir, ec) && !fs::is_directory(dir, ec))
    throw user_error(dir.string() + ": expected a new or empty folder; it is a file");
  if (fs::exists(dir, ec) && !fs::is_empty(dir, ec))
    throw user_error(dir.string() + ": expected a new or empty folder; it exists and is not empty");
  fs::create_directories(dir, ec);
  if (ec) throw user_error(dir.string() + ": cannot create the folder: " + ec.message());

  std::string ident(id);
  for (char& c : ident)
    if (c == '-') c = '_';
  std::vector<std::string> written;
  for (const auto& [name, text] : files) {
    const fs::path path = dir / name;
    std::ofstream out(path, std::ios::binary);
    out << expand(text, id, ident, prefix);
    out.close();
    if (!out) throw user_error(path.string() + ": cannot write the file");
    written.emplace_back(name);
  }
  return written;
}

}  // namespace ratekit
