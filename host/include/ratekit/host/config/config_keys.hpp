// The keys the config reader accepts in each map, the top level named "":
// docs/config.md lists every one (tests/test_config_keys.cpp checks it).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace ratekit {

struct config_section {
  std::string name;  // "", "initial", "initial.adjust", "home_advantage", "input", "output", "categories"
  std::vector<std::string> keys;
};
const std::vector<config_section>& config_keys();
// The keys of one section of config_keys().
const std::vector<std::string>& keys_of(std::string_view section);

}  // namespace ratekit
