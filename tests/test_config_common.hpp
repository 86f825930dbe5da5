// Helpers of the config tests: configs written to temporary files and loaded.
#pragma once

#include <ratekit/host/config/config.hpp>
#include <ratekit/host/text/diagnostics.hpp>

#include <catch2/catch.hpp>

#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using ratekit::competition_config;
using ratekit::user_error;

namespace {

const rk_state_field rating_only[] = {{"rating", 1500, "rating"}};
const rk_param_spec elo_params[] = {
    {"xi", RK_PARAM_NUMBER, 0, 400, 1, 1e6, nullptr, "logistic spread"},
    {"cap", RK_PARAM_NUMBER, 0, 400, 0, 1e6, nullptr, "difference cap"},
    {"score", RK_PARAM_CHOICE, 0, 0, 0, 0, "winloss|points", "score rule"},
};
const rk_descriptor fake_elo = {sizeof(rk_descriptor), 0, "fake-elo", "1.0.0", "test model",
                                RK_CAP_PAIRWISE | RK_CAP_USES_K | RK_CAP_HOME_ADVANTAGE,
                                1, 3, rating_only, elo_params};
const rk_param_spec ranked_params[] = {
    {"min_rounds", RK_PARAM_INTEGER, 0, 12, 1, 100, nullptr, "rounds to be rated"},
    {"two_pass", RK_PARAM_BOOL, 0, 1, 0, 1, nullptr, "rate new players apart"},
};
const rk_descriptor fake_ranked = {sizeof(rk_descriptor), 0, "fake-ranked", "1.0.0", "test model",
                                   RK_CAP_RANKED, 1, 2, rating_only, ranked_params};

const rk_descriptor fake_calendar = {sizeof(rk_descriptor), 0, "fake-calendar", "1.0.0", "test model",
                                     RK_CAP_PAIRWISE | RK_CAP_CALENDAR_PERIODS, 1, 0, rating_only, nullptr};

struct fake_catalog : ratekit::model_catalog {
  const rk_descriptor* find(std::string_view id) const override {
    if (id == fake_elo.id) return &fake_elo;
    if (id == fake_ranked.id) return &fake_ranked;
    if (id == fake_calendar.id) return &fake_calendar;
    return nullptr;
  }
  std::vector<std::string> ids() const override { return {"fake-calendar", "fake-elo", "fake-ranked"}; }
};

// A fresh folder with one data file, removed at the end of the test.
struct scratch {
  fs::path dir;
  scratch() {
    static int count = 0;
    dir = fs::temp_directory_path() /
          ("ratekit-test-config-" + std::to_string(::getpid()) + "-" + std::to_string(++count));
    fs::create_directories(dir / "data");
    write("data/games.csv", "date,player_a,player_b,score_a\n");
    write("data/more.csv", "date,player_a,player_b,score_a\n");
    write("data/previous.csv", "player,rating\n");
  }
  ~scratch() { fs::remove_all(dir); }
  fs::path write(const std::string& name, const std::string& text) const {
    std::ofstream(dir / name, std::ios::binary) << text;
    return dir / name;
  }
  competition_config load(const std::string& text) const {
    return ratekit::load_config(write("c.yaml", text), fake_catalog{});
  }
  // Every diagnostic of a config that must fail, as "file:line:column: message".
  std::vector<std::string> problems(const std::string& text) const {
    const auto file = write("c.yaml", text);
    try {
      ratekit::load_config(file, fake_catalog{});
    } catch (const user_error& e) {
      std::vector<std::string> out;
      for (const auto& d : e.diagnostics()) out.push_back(d.str());
      return out;
    }
    FAIL("the config was accepted");
    return {};
  }
  std::string at(int line, int column, const std::string& message) const {
    return (dir / "c.yaml").string() + ":" + std::to_string(line) + ":" + std::to_string(column) +
           ": " + message;
  }
};

[[maybe_unused]] const char* minimal = R"(competition: test
model: fake-ranked
input: { format: games-csv, path: data/games.csv }
)";

}  // namespace

